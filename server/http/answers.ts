import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../shared/api/envelope';
import { httpStatusOf } from '../../shared/api/keys';
import { AppError, ValidationFailure } from './errors';
import { loggableError } from './log';

/**
 * Every answer is one caller's data as JSON: a browser must not guess another type from it, nor a proxy
 * or the station's cache keep a copy another user could read.
 */
const ANSWER_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' } as const;

/**
 * A URL the router cannot decode (a bad %-encoding) is refused before any route or error handler runs;
 * without this Fastify answers in its own shape, not the envelope every client reads (Fastify's
 * `frameworkErrors` option).
 */
export function refuseBadUrl(_error: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  // Answered before any hook runs, so it carries the answer headers itself.
  void reply.code(httpStatusOf('VALIDATION_FAILED')).headers(ANSWER_HEADERS).send(fail('VALIDATION_FAILED'));
}

/**
 * The one error formatter: whatever refuses a call — a service's AppError, a schema, Fastify itself (bad
 * JSON, wrong content type, a body over the limit), an unknown path, or a failure nobody meant — is
 * answered in the envelope, with the headers every answer carries. Registered first, on the root, so
 * every module's routes inherit it.
 */
const envelopePlugin: FastifyPluginCallback = (fastify, _opts, done) => {
  fastify.addHook('onSend', async (_req, reply) => void reply.headers(ANSWER_HEADERS));
  fastify.setNotFoundHandler((_req, reply) => reply.code(404).send(fail('NOT_FOUND')));
  fastify.setErrorHandler((error: FastifyError | AppError | ValidationFailure, req, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retry_after !== undefined) void reply.header('retry-after', String(error.extra.retry_after));
      return reply.code(httpStatusOf(error.key)).send(fail(error.key, error.extra));
    }
    if (error instanceof ValidationFailure) {
      return reply.code(httpStatusOf('VALIDATION_FAILED')).send(fail(error.key, { errors: error.errors }));
    }
    const status = error.statusCode ?? 500;
    // Fastify's own 4xx: malformed JSON, wrong content type, a body over the limit.
    if (status >= 400 && status < 500) {
      return reply
        .code(status === 429 ? 429 : 400)
        .send(fail(status === 429 ? 'TOO_MANY_REQUESTS' : 'VALIDATION_FAILED'));
    }
    req.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.code(500).send(fail('SOMETHING_WENT_WRONG'));
  });
  done();
};

/** Not encapsulated (what `fastify-plugin` marks): its handlers and hook belong to the root instance. */
export const envelope = Object.assign(envelopePlugin, { [Symbol.for('skip-override')]: true });
