import type { TFunction } from 'i18next';
import { isMessageKey, successKeys, systemSuccessKeys } from '../../shared/api/keys';

const successes: ReadonlySet<string> = new Set([...successKeys, ...systemSuccessKeys]);

/**
 * The text for a key the server or the main process answered with. An unknown or missing key falls
 * back to the generic 'something went wrong' (spec 4 and 8); raw server text is never shown.
 */
export function messageText(t: TFunction, key: string | undefined | null): string {
  if (!key || !(isMessageKey(key) || isFieldKey(key))) return t('errors:SOMETHING_WENT_WRONG');
  return successes.has(key) ? t(`success:${key}`) : t(`errors:${key}`);
}

function isFieldKey(key: string): boolean {
  return key.startsWith('FIELD_');
}
