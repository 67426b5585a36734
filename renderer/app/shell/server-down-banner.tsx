import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bridge } from '../../bridge';
import './server-down-banner.css';

/**
 * Over every screen (sign-in, the app, an open dialog) while the station's own server is down and its
 * supervisor starts it again: told by the station (`server-down`, `server-up`), gone once it is back.
 */
export function ServerDownBanner() {
  const { t } = useTranslation();
  const [down, setDown] = useState(false);
  useEffect(
    () =>
      bridge.onEvent((event) => {
        if (event.type === 'server-down') setDown(true);
        else if (event.type === 'server-up') setDown(false);
      }),
    [],
  );
  if (!down) return null;
  return (
    <div className="pd-server-down" role="alert" data-testid="server-down">
      <strong>{t('serverDown.title')}</strong> <span>{t('serverDown.help')}</span>
    </div>
  );
}
