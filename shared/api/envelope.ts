import { z } from 'zod';
import { errorKeys, successKeys, systemKeys, type FieldErrorKey, type MessageKey } from './keys';

/** One field's failure: `path` is dotted (`cart.0.qty`), `message` a key the client translates. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldError = { path: string; message: FieldErrorKey | MessageKey | string };

/** Every key an answer's `message` may be (spec 8). */
export const messageKeySchema = z.enum([...errorKeys, ...successKeys, ...systemKeys]);

/**
 * The envelope, declared once: what a failure carries besides its key. Every schema of the envelope
 * (the station's decoding, the bridge's answers, the server's serialising and OpenAPI) is made of these.
 */
const failureFields = {
  errors: z.array(fieldErrorSchema).optional(),
  /** The session is revoked: clear login data and go to the login screen. */
  logout: z.literal(true).optional(),
  /** The supervisor token is invalid: drop only that token. */
  supervisor: z.literal(true).optional(),
  /** TOO_MANY_REQUESTS: the seconds to wait before asking again (also the Retry-After header). */
  retry_after: z.number().int().nonnegative().optional(),
};

export const failureSchema = z.object({ status: z.literal(false), message: messageKeySchema, ...failureFields });
export type ApiFailure = z.infer<typeof failureSchema>;

/** A success answering `data` under `message` (an endpoint's own success key, or any key). */
export function successSchemaOf<D extends z.ZodType, M extends z.ZodType<MessageKey>>(data: D, message: M) {
  return z.object({ status: z.literal(true), message, data });
}
export type ApiSuccess<T> = { status: true; message: MessageKey; data: T };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** An ApiResult answering `data`: what a bridge channel with `api` answers the page. */
export function apiResultOf<D extends z.ZodType>(data: D) {
  return z.union([successSchemaOf(data, messageKeySchema), failureSchema]);
}

/**
 * Decodes any envelope without trusting its data (validated separately per endpoint) or its key (one
 * this client does not know, from a newer server, becomes SOMETHING_WENT_WRONG where it is read).
 */
export const looseEnvelopeSchema = z.object({
  status: z.boolean(),
  message: z.string(),
  data: z.unknown().optional(),
  ...failureFields,
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
