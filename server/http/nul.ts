import type { FieldError } from '../../shared/api/envelope';

/**
 * The fields of a request whose text holds U+0000. PostgreSQL cannot store it in text, so such a value
 * would fail inside a statement (a 500) instead of being refused where it came in.
 */
export function nulFields(input: unknown, path: string[] = []): FieldError[] {
  if (typeof input === 'string')
    return input.includes('\u0000') ? [{ path: path.join('.'), message: 'FIELD_INVALID' }] : [];
  if (typeof input !== 'object' || input === null) return [];
  return Object.entries(input).flatMap(([key, value]) => nulFields(value, [...path, key]));
}
