import i18n from 'i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '../../shared/domain/constants';
import enCommon from '../../locales/en/common.json';
import enErrors from '../../locales/en/errors.json';
import enSuccess from '../../locales/en/success.json';
import arCommon from '../../locales/ar/common.json';
import arErrors from '../../locales/ar/errors.json';
import arSuccess from '../../locales/ar/success.json';

export const resources = {
  en: { common: enCommon, errors: enErrors, success: enSuccess },
  ar: { common: arCommon, errors: arErrors, success: arSuccess },
} as const;

function storedLanguage(storage: Pick<Storage, 'getItem'> = localStorage): Language {
  const value = storage.getItem(LANGUAGE_STORAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

export const directionOf = (lang: Language): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');

function applyToDocument(lang: Language) {
  dayjs.locale(lang);
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
}

export async function initI18n(): Promise<typeof i18n> {
  const lng = storedLanguage();
  await i18n.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    ns: ['common', 'errors', 'success'],
    interpolation: { escapeValue: false },
  });
  applyToDocument(lng);
  return i18n;
}

export async function setLanguage(lang: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  await i18n.changeLanguage(lang);
  applyToDocument(lang);
}

export { i18n };
