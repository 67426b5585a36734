import { useEffect } from 'react';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import { useTranslation } from 'react-i18next';

/**
 * The date pickers' language follows the app's. Set here, past the login, since the login screen
 * shows no date and need not load dayjs for one.
 */
export function useDayjsLocale(): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    const follow = (lang: string) => void dayjs.locale(lang);
    follow(i18n.language);
    i18n.on('languageChanged', follow);
    return () => i18n.off('languageChanged', follow);
  }, [i18n]);
}
