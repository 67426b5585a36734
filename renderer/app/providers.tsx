import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import arEG from 'antd/es/locale/ar_EG';
import { NotificationsProvider } from '../components/ui/notifications';
import { directionOf } from '../i18n';
import { theme } from './theme';
import type { Language } from '../../shared/domain/constants';

/** antd in the page's language and direction, with the app's theme and toasts: the app's and the component tests' frame. */
export function AppProviders({ language, children }: { language: Language; children: ReactNode }) {
  return (
    <ConfigProvider direction={directionOf(language)} locale={language === 'ar' ? arEG : enUS} theme={theme}>
      <NotificationsProvider>{children}</NotificationsProvider>
    </ConfigProvider>
  );
}
