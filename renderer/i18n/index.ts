import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '../../shared/domain/constants';
type Messages = Record<string, unknown>;
const NAMESPACES = ['common', 'errors', 'success'] as const;

/**
 * One language's messages, fetched when the language is first shown: a station loads the one it
 * speaks (the other comes with a switch), not both before its login screen.
 */
export async function messagesOf(lang: Language): Promise<Record<(typeof NAMESPACES)[number], Messages>> {
  const files = await Promise.all(
    NAMESPACES.map((ns) => import(`../../locales/${lang}/${ns}.json`) as Promise<{ default: Messages }>),
  );
  return { common: files[0]!.default, errors: files[1]!.default, success: files[2]!.default };
}

async function ensureLoaded(lang: Language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'common')) return;
  for (const [ns, messages] of Object.entries(await messagesOf(lang))) i18n.addResourceBundle(lang, ns, messages);
}

const asLanguage = (value: string | null): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;

function storedLanguage(storage: Pick<Storage, 'getItem'> = localStorage): Language {
  return asLanguage(storage.getItem(LANGUAGE_STORAGE_KEY));
}

/** The language the page is in now: what a text the server writes for the person at the counter is written in. */
export const pageLanguage = (): Language => asLanguage(i18n.language);

export const directionOf = (lang: Language): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');

function applyToDocument(lang: Language) {
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
}

export async function initI18n(): Promise<typeof i18n> {
  const lng = storedLanguage();
  await i18n.use(initReactI18next).init({
    resources: { [lng]: await messagesOf(lng) },
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
  await ensureLoaded(lang);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  await i18n.changeLanguage(lang);
  applyToDocument(lang);
}

export { i18n };
