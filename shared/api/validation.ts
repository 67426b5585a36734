import type { z } from 'zod';
import type { FieldError } from './envelope';
import { isMessageKey, type FieldErrorKey, type MessageKey } from './keys';

/** Turns zod issues into the envelope's field errors, with keys the client can translate. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: reasonOf(issue) }));
}

function reasonOf(issue: z.core.$ZodIssue): string {
  // A schema may name a spec key itself, e.g. .min(6, 'PASSWORD_MIN_6_CHARS').
  if (isMessageKey(issue.message)) return issue.message;
  const byCode: Partial<Record<string, FieldErrorKey>> = {
    too_small: issue.code === 'too_small' && issue.origin === 'string' ? 'FIELD_TOO_SHORT' : 'FIELD_TOO_SMALL',
    too_big: issue.code === 'too_big' && issue.origin === 'string' ? 'FIELD_TOO_LONG' : 'FIELD_TOO_LARGE',
  };
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'FIELD_REQUIRED';
  return byCode[issue.code] ?? 'FIELD_INVALID';
}

/**
 * The envelope message for a schema failure: a spec key a field carries (a missing password is
 * PASSWORD_MISSING, spec 5) wins, otherwise VALIDATION_FAILED.
 */
export function failureKeyOf(errors: readonly FieldError[]): MessageKey {
  const specific = errors.find((e) => isMessageKey(e.message));
  return specific && isMessageKey(specific.message) ? specific.message : 'VALIDATION_FAILED';
}
