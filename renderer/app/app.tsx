import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../store/store';
import { restoreSession } from '../store/auth-slice';
import { Splash } from '../components/ui/splash';
import { LoginPage } from '../features/auth/login-page';
import { LazySignedIn, LazyStyleWarmup, prefetchApp } from './signed-in';
import { AppProviders } from './providers';
import { ServerDownBanner } from './shell/server-down-banner';
import type { Language } from '../../shared/domain/constants';

/** Long enough for the login form to be drawn and usable first. */
const PREFETCH_AFTER_MS = 300;

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
  useEffect(() => {
    if (status === 'starting') void dispatch(restoreSession());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at start
  }, [dispatch]);
  // While the login form waits for a password, the app's code arrives, so signing in does not wait for it.
  const signedOut = status !== 'starting' && status !== 'signedIn';
  const [prefetched, setPrefetched] = useState(false);
  useEffect(() => {
    if (!signedOut) return;
    const timer = setTimeout(
      () => void prefetchApp(() => import('./first-screen')).then(() => setPrefetched(true)),
      PREFETCH_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [signedOut]);

  return (
    <AppProviders language={language}>
      <ServerDownBanner />
      {status === 'starting' ? (
        <Splash />
      ) : user && status === 'signedIn' ? (
        <Suspense fallback={<Splash />}>
          <LazySignedIn user={user} />
        </Suspense>
      ) : (
        <>
          <LoginPage />
          {prefetched && <LazyStyleWarmup />}
        </>
      )}
    </AppProviders>
  );
}
