import { useEffect, useState } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import arEG from 'antd/locale/ar_EG';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from './store';
import { restoreSession } from './auth-slice';
import { Splash } from '../components/Splash';
import { LoginPage } from '../features/auth/LoginPage';
import { AppShell } from './shell/AppShell';
import { IdleLock } from './shell/IdleLock';
import { directionOf } from '../i18n';
import { theme } from './theme';
import type { Language } from '../../shared/domain/constants';

export function App() {
  const { i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { status, user } = useAppSelector((s) => s.auth);
  const [language, setLanguage] = useState(i18n.language as Language);

  useEffect(() => {
    const onChange = (lng: string) => setLanguage(lng as Language);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  useEffect(() => void dispatch(restoreSession()), [dispatch]);

  return (
    <ConfigProvider
      direction={directionOf(language)}
      locale={language === 'ar' ? arEG : enUS}
      theme={theme}
    >
      <AntApp notification={{ placement: 'topRight', showProgress: false }}>
        {status === 'starting' ? (
          <Splash />
        ) : user && status === 'signedIn' ? (
          <IdleLock key={user.id} user={user}>
            <AppShell user={user} />
          </IdleLock>
        ) : (
          <LoginPage />
        )}
      </AntApp>
    </ConfigProvider>
  );
}
