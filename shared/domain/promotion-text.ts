/**
 * A promotion's text as each number receives it. A minimal version (the placeholders and the opt-out
 * words) that the Promotion SMS screen's fuller rules (segments, counting) build on.
 */

/** Arabic letters: a message with any is Arabic, and carries the Arabic opt-out words. */
export const isArabic = (text: string): boolean => /[\u0600-\u06FF]/.test(text);

export interface OptOutWords {
  en: string;
  ar: string;
}

/** `{name}` and `{kid}` filled for one row; a placeholder with nothing to fill leaves nothing. */
export function fillPlaceholders(message: string, row: { name: string; kid: string }): string {
  return message.replace(/\{(name|kid)\}/g, (_, key: 'name' | 'kid') => row[key]);
}

/** The message with the opt-out words in its language on a line of their own (the law asks for them). */
export function withOptOut(message: string, words: OptOutWords): string {
  const text = message.trimEnd();
  const optOut = isArabic(text) ? words.ar : words.en;
  return text.endsWith(optOut) ? text : `${text}\n${optOut}`;
}
