import type { z } from 'zod';
import type { FieldError } from './envelope';
import { nulFields } from './nul';
import { fieldErrorKeys, isMessageKey, type FieldErrorKey, type MessageKey } from './keys';

/** Turns zod issues into the envelope's field errors, with keys the client can translate. */
export function toFieldErrors(issues: readonly z.core.$ZodIssue[], input: unknown): FieldError[] {
  return issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: reasonOf(issue, valueAt(input, issue.path)),
  }));
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function reasonOf(issue: z.core.$ZodIssue, value: unknown): string {
  // A schema may name a key itself, e.g. .min(6, 'PASSWORD_MIN_6_CHARS') or a refine's FIELD_REQUIRED.
  if (isMessageKey(issue.message) || (fieldErrorKeys as readonly string[]).includes(issue.message))
    return issue.message;
  const byOrigin = (text: FieldErrorKey, other: FieldErrorKey) =>
    'origin' in issue && issue.origin === 'string' ? text : other;
  switch (issue.code) {
    case 'invalid_type':
      return value === undefined || value === null ? 'FIELD_REQUIRED' : 'FIELD_INVALID';
    case 'too_small':
      return byOrigin('FIELD_TOO_SHORT', 'FIELD_TOO_SMALL');
    case 'too_big':
      return byOrigin('FIELD_TOO_LONG', 'FIELD_TOO_LARGE');
    default:
      return 'FIELD_INVALID';
  }
}

/**
 * The envelope message for a schema failure: a spec key a field carries (a missing password is
 * PASSWORD_MISSING, spec 5) wins, otherwise VALIDATION_FAILED.
 */
export function failureKeyOf(errors: readonly FieldError[]): MessageKey {
  const specific = errors.find((e) => isMessageKey(e.message));
  return specific && isMessageKey(specific.message) ? specific.message : 'VALIDATION_FAILED';
}

export type Parsed<T> = { ok: true; data: T } | { ok: false; message: MessageKey; errors: FieldError[] };

/** Validates input at an edge (HTTP, IPC, file); the server and the main process answer the same way. */
export function parseAtEdge<S extends z.ZodType>(schema: S, input: unknown): Parsed<z.output<S>> {
  // Refused at either edge, the station's and the server's, before any schema lets the text through.
  const nul = nulFields(input);
  if (nul.length > 0) return { ok: false, message: 'VALIDATION_FAILED', errors: nul };
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors = toFieldErrors(result.error.issues, input);
  return { ok: false, message: failureKeyOf(errors), errors };
}
