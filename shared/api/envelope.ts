import { z } from 'zod';
import type { FieldErrorKey, MessageKey } from './keys';

/** One field's failure: `path` is dotted (`cart.0.qty`), `message` a key the client translates. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = { path: string; message: FieldErrorKey | MessageKey | string };

export type ApiSuccess<T> = { status: true; message: MessageKey; data: T };
export type ApiFailure = {
  status: false;
  message: MessageKey;
  errors?: FieldError[];
  /** The session is revoked: clear login data and go to the login screen. */
  logout?: true;
  /** The supervisor token is invalid: drop only that token. */
  supervisor?: true;
  /** TOO_MANY_REQUESTS: the seconds to wait before asking again (also the Retry-After header). */
  retry_after?: number;
};
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** Decodes any envelope without trusting its data; data is validated separately per endpoint. */
export const looseEnvelopeSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.unknown().optional(),
  errors: z.array(fieldErrorSchema).optional(),
  logout: z.literal(true).optional(),
  supervisor: z.literal(true).optional(),
  retry_after: z.number().int().nonnegative().optional(),
});

export function ok<T>(data: T, message: MessageKey = 'OK'): ApiSuccess<T> {
  return { status: true, message, data };
}

export function fail(message: MessageKey, extra: Omit<ApiFailure, 'status' | 'message'> = {}): ApiFailure {
  return { status: false, message, ...extra };
}

/** Paged list data, the architecture's one list shape. */
export function pageSchema<T extends z.ZodType>(row: T) {
  return z.object({
    rows: z.array(row),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    perPage: z.number().int().positive(),
  });
}
