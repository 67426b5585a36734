import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, type Language } from '../../shared/domain/constants';
import { NAMESPACES, applyToDocument, asLanguage, messagesOf, storedLanguage } from './language';

async function ensureLoaded(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'common')) return;
  for (const [ns, messages] of Object.entries(await messagesOf(lang))) i18n.addResourceBundle(lang, ns, messages);
}

/** The language the page is in now: what a text the server writes for the person at the counter is written in. */
export const pageLanguage = (): Language => asLanguage(i18n.language);

export async function initI18n(): Promise<typeof i18n> {
  const lng = storedLanguage();
  await i18n.use(initReactI18next).init({
    resources: { [lng]: await messagesOf(lng) },
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    defaultNS: 'common',
    ns: [...NAMESPACES],
    interpolation: { escapeValue: false },
  });
  applyToDocument(lng);
  return i18n;
}

export async function setLanguage(lang: Language): Promise<void> {
  await ensureLoaded(lang);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  await i18n.changeLanguage(lang);
  applyToDocument(lang);
}

export { i18n };
export { directionOf, messagesOf } from './language';
