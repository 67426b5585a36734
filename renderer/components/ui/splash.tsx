import { useTranslation } from 'react-i18next';
import './splash.css';

/** The loading splash of the spec: the logo and three animated bars. */
export function Splash() {
  const { t } = useTranslation();
  return (
    <div className="pd-splash" data-testid="splash" role="status" aria-label={t('app.loading')}>
      <img src="./logo.svg" alt="" width={96} height={96} />
      <div className="pd-splash-bars" aria-hidden>
        <span />
        <span />
        <span />
      </div>
    </div>
  );
}
