import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '../../shared/domain/constants';

// Apart from i18next: the page's first script (boot.ts) reads the language, and starts fetching its
// messages, before i18next loads.

type Messages = Record<string, unknown>;
export const NAMESPACES = ['common', 'errors', 'success'] as const;

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

export const asLanguage = (value: string | null): Language =>
  (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;

export function storedLanguage(storage: Pick<Storage, 'getItem'> = localStorage): Language {
  return asLanguage(storage.getItem(LANGUAGE_STORAGE_KEY));
}

export const directionOf = (lang: Language): 'rtl' | 'ltr' => (lang === 'ar' ? 'rtl' : 'ltr');

export function applyToDocument(lang: Language) {
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
}
