import { DrizzleQueryError } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';

/**
 * A request as the log shows it. A query string carries what a GET was asked with: a parent's one-time
 * code, a searched mobile or name. Its names are kept and its values are not.
 */
export function requestForLog(req: FastifyRequest) {
  const at = req.url.indexOf('?');
  const names = at < 0 ? [] : [...new URLSearchParams(req.url.slice(at + 1)).keys()];
  const url = at < 0 ? req.url : `${req.url.slice(0, at)}?${names.map((name) => `${name}=…`).join('&')}`;
  return { method: req.method, url, remoteAddress: req.ip };
}

/**
 * What the log keeps of an unexpected error. A failed statement's message (and so its stack) lists every
 * parameter it was given, a password hash or a parent's mobile among them: only the statement, with its
 * placeholders, and the database's own reason are kept.
 */
export function loggableError(error: unknown): {
  type: string;
  message: string;
  code?: string;
  query?: string;
  stack?: string;
} {
  if (error instanceof DrizzleQueryError) {
    const cause = error.cause instanceof Error ? error.cause : undefined;
    return {
      type: cause?.name ?? error.name,
      message: cause?.message ?? 'query failed',
      code: (cause as { code?: string } | undefined)?.code,
      query: error.query,
      stack: cause?.stack,
    };
  }
  if (error instanceof Error) return { type: error.name, message: error.message, stack: error.stack };
  return { type: typeof error, message: String(error) };
}
