import type {
  FastifyInstance,
  FastifyPluginCallback,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  onRequestHookHandler,
  preValidationHookHandler,
} from 'fastify';
import { z } from 'zod';
import { abilityFor } from '../../shared/permissions';
import { nameOf, type Endpoint, type HttpMethod, type Permission } from '../../shared/api/endpoint';
import {
  isEndpoint,
  isOnceCommand,
  type Catalogue,
  type EndpointName,
  type EndpointNamesOf,
  type OnceCommandName,
  type ParsedRequestOf,
  type ResponseInputOf,
} from '../../shared/api/catalogue';
import type { SuccessKey, SystemSuccessKey } from '../../shared/api/keys';
import { parseAtEdge } from '../../shared/api/validation';
import { successSchemaOf } from '../../shared/api/envelope';
import { commandId, IDEMPOTENCY_KEY_MAX_LENGTH } from '../../shared/api/once';
import { SUPERVISOR_HEADER } from '../../shared/api/supervisor';
import { AppError, ValidationFailure } from './errors';
import { fromThisComputer } from './local';
import type { AuthenticatedContext, OnceContext, RequestContext, SupervisorContext } from './context';

/**
 * A public endpoint may be called by anyone; every other one only by a signed-in employee; room work also
 * by a supervisor. A command marked `once` also learns its name and key (runOnce).
 */
type ContextOf<N extends EndpointName> = (Catalogue[N]['permission'] extends 'public'
  ? RequestContext
  : Catalogue[N]['permission'] extends { supervisor: true }
    ? SupervisorContext
    : AuthenticatedContext) &
  (N extends OnceCommandName ? OnceContext<N> : unknown);
export type Handler<N extends EndpointName> = (
  request: ParsedRequestOf<N>,
  ctx: ContextOf<N>,
) => Promise<ResponseInputOf<N>>;
/** A server module's routes: exactly the endpoints its `shared/api` module declares (`HandlersOf<typeof couponsApi>`). */
export type HandlersOf<M> = { [N in EndpointNamesOf<M>]: Handler<N> };

export interface Authenticator {
  /** Resolves a bearer token to the caller, or throws AppError('SESSION_EXPIRED'). */
  authenticate(token: string): Promise<Pick<AuthenticatedContext, 'user' | 'sessionId'>>;
  /**
   * Resolves the supervisor header to the supervisor signed in beside this staff session (the one that
   * obtained the token), or throws AppError('NOT_AUTHORISED', { supervisor: true }) so the station drops
   * only that token.
   */
  supervisor?(token: string | null, staffSessionId: string): Promise<SupervisorContext['supervisor']>;
}

/** Who the route's guard let in: the signed-in employee, and for room work the supervisor beside them. */
type Caller = Pick<AuthenticatedContext, 'user' | 'sessionId'> & Partial<Pick<SupervisorContext, 'supervisor'>>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route's onRequest guard; null on a public endpoint. */
    caller: Caller | null;
  }
}

/**
 * Fastify's request and reply types from the catalogue's zod schemas: a route's request is what its
 * schema gives out once parsed, its answer what its answer schema takes in.
 */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/*
 * Fastify types a route's compilers by the route's whole schema object, but calls them with one part of it
 * at a time (the body, the querystring, the 200 answer): each part here is a zod schema.
 */

/**
 * Fastify's validator for a catalogue request: parseAtEdge, the check the station's own edge runs, so a
 * refusal names the same fields with the same keys. A missing or `null` body is an empty request.
 */
const validatorCompiler: FastifySchemaCompiler<unknown> =
  ({ schema }) =>
  (input: unknown) => {
    const parsed = parseAtEdge(schema as z.ZodType, input ?? {});
    return parsed.ok ? { value: parsed.data } : { error: new ValidationFailure(parsed.message, parsed.errors) };
  };

/** Parsing the answer strips anything the contract does not name (a hash, an internal column) and writes dates as text. */
const serializerCompiler: FastifySerializerCompiler<unknown> =
  ({ schema }) =>
  (data: unknown) =>
    JSON.stringify((schema as z.ZodType).parse(data));

/** The success envelope around an endpoint's answer: what a route's 200 is serialised and documented by. */
export function answerSchemaOf(endpoint: Endpoint) {
  return successSchemaOf(endpoint.response, z.literal(endpoint.success ?? 'OK'));
}

/**
 * One route per method from one catalogue entry, on Fastify's own pipeline: the guard derived from the
 * endpoint's permission runs on request (before a body is read), the request is validated by the compiled
 * schema, the handler runs with the caller's context and its answer is serialised through the envelope.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: z.output<E['request']>, ctx: RequestContext) => Promise<z.input<E['response']>>,
  auth: Authenticator,
): void {
  const guard = guardOf(app, endpoint.permission, auth);
  const onRequest: onRequestHookHandler = guard
    ? async (req) => {
        await guard(req);
        idempotencyKeyFits(req);
      }
    : async (req) => idempotencyKeyFits(req);
  const answer = answerSchemaOf(endpoint);
  const success: SuccessKey | SystemSuccessKey = endpoint.success ?? 'OK';
  const methods: HttpMethod[] = endpoint.alsoPost ? [endpoint.method, 'POST'] : [endpoint.method];
  const name = nameOf(endpoint);
  const once = isOnceCommand(name) ? name : null;
  for (const method of methods) {
    // A GET carries its request in the query, any other method in its body; path segments join either.
    const part = method === 'GET' ? 'query' : 'body';
    // Only where the path has segments: an empty hook list would still be run through.
    const withPath = endpoint.path.includes(':') ? { preValidation: pathJoins(part) } : {};
    app.withTypeProvider<ZodTypeProvider>().route({
      method,
      url: endpoint.path,
      ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
      schema: {
        ...(part === 'query' ? { querystring: endpoint.request } : { body: endpoint.request }),
        response: { 200: answer },
      },
      validatorCompiler,
      serializerCompiler,
      onRequest,
      ...withPath,
      handler: async (req) => {
        const request = req[part] as z.output<E['request']>;
        return {
          status: true as const,
          message: success,
          data: await handler(request, contextOf(req, once && onceOf(req, once, request))),
        };
      },
    });
  }
}

/**
 * A server module as a Fastify plugin: every endpoint its `shared/api` module declares, bound to its
 * handler. Registered with the authenticator the guards ask.
 */
export function endpointsPlugin<M extends object>(
  api: M,
  handlers: NoInfer<HandlersOf<M>>,
): FastifyPluginCallback<{ auth: Authenticator }> {
  const byName = handlers as unknown as Record<string, (request: unknown, ctx: RequestContext) => Promise<unknown>>;
  return (instance, { auth }, done) => {
    for (const endpoint of Object.values(api).filter(isEndpoint))
      registerEndpoint(instance, endpoint, byName[nameOf(endpoint)]!, auth);
    done();
  };
}

/**
 * The onRequest hook a permission asks for, made once per route: none for a public endpoint, else the
 * sign-in, then the right (CASL, with its `or`), then for room work the supervisor. It runs before the
 * body is read: a stranger's upload is not parsed.
 */
export function guardOf(
  app: FastifyInstance,
  permission: Permission,
  auth: Authenticator,
): ((req: FastifyRequest) => Promise<void>) | null {
  if (!app.hasRequestDecorator('caller')) app.decorateRequest('caller', null);
  if (permission === 'public') return null;
  const right = permission === 'authenticated' ? null : permission;
  return async (req) => {
    const token = bearerOf(req);
    if (!token) throw new AppError('SESSION_EXPIRED');
    const caller = await auth.authenticate(token);
    req.caller = caller;
    if (!right) return;
    const ability = abilityFor(caller.user);
    if (!ability.can(right.action, right.subject) && !(right.or && ability.can(right.or.action, right.or.subject)))
      throw new AppError('NOT_AUTHORISED');
    if (!right.supervisor) return;
    // Room work: the staff token let the station in; the supervisor header says who works the room.
    if (!auth.supervisor) throw new AppError('NOT_AUTHORISED', { supervisor: true });
    const supervisor = await auth.supervisor(headerOf(req, SUPERVISOR_HEADER.toLowerCase()), caller.sessionId);
    // A new caller, not the one given: the authenticator may hand the same object to every call of a session.
    req.caller = { ...caller, supervisor };
  };
}

/** A key too long to keep is refused: ignoring it would turn a retry into a second sale. */
function idempotencyKeyFits(req: FastifyRequest): void {
  const key = req.headers['idempotency-key'];
  if (typeof key === 'string' && key.length > IDEMPOTENCY_KEY_MAX_LENGTH)
    throw new ValidationFailure('VALIDATION_FAILED', [{ path: 'Idempotency-Key', message: 'FIELD_TOO_LONG' }]);
}

/**
 * The catalogue's request is one object: the path's `:name` segments with the query or the body. They
 * join before the compiled validator sees it; a body that is not an object is left for it to refuse.
 */
function pathJoins(part: 'query' | 'body'): preValidationHookHandler {
  return async (req) => {
    const params = req.params as Record<string, unknown>;
    const input: unknown = req[part] ?? {};
    if (typeof input === 'object' && input !== null && !Array.isArray(input)) req[part] = { ...input, ...params };
    else req[part] = input;
  };
}

/** The handler's context; `once`: what the route adds for an endpoint marked `once` (null: none). */
function contextOf(req: FastifyRequest, once: OnceContext | null): RequestContext {
  return {
    ...once,
    ip: req.ip,
    // Asked by the first-run screens alone; parsing the Host header on every call is not free.
    get local() {
      return fromThisComputer(req);
    },
    supervisorToken: headerOf(req, SUPERVISOR_HEADER.toLowerCase()),
    requestId: req.id,
    ...(req.caller ?? { user: null, sessionId: null }),
  };
}

function onceOf(req: FastifyRequest, endpoint: OnceCommandName, request: unknown): OnceContext {
  return { once: { endpoint, key: headerOf(req, 'idempotency-key'), command: commandId(endpoint, request) } };
}

/** A header's value; one longer than any the server takes (a key, a token) is none. */
function headerOf(req: FastifyRequest, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= IDEMPOTENCY_KEY_MAX_LENGTH ? value : null;
}

function bearerOf(req: FastifyRequest): string | null {
  const header = headerOf(req, 'authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}
