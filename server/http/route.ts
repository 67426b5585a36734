import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { abilityFor } from '../../shared/permissions';
import type { Endpoint, Permission } from '../../shared/api/endpoint';
import type {
  Catalogue,
  EndpointName,
  EndpointNamesOf,
  ParsedRequestOf,
  ResponseInputOf,
} from '../../shared/api/catalogue';
import { fail, ok } from '../../shared/api/envelope';
import { httpStatusOf } from '../../shared/api/keys';
import { parseAtEdge } from '../../shared/api/validation';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../shared/domain/constants';
import { SUPERVISOR_HEADER } from '../../shared/api/supervisor';
import { AppError } from './errors';
import { fromThisComputer } from './local';
import type { AuthenticatedContext, RequestContext, SupervisorContext } from './context';

/** A public endpoint may be called by anyone; every other one only by a signed-in employee; room work also by a supervisor. */
type ContextOf<N extends EndpointName> = Catalogue[N]['permission'] extends 'public'
  ? RequestContext
  : Catalogue[N]['permission'] extends { supervisor: true }
    ? SupervisorContext
    : AuthenticatedContext;
export type Handler<N extends EndpointName> = (
  request: ParsedRequestOf<N>,
  ctx: ContextOf<N>,
) => Promise<ResponseInputOf<N>>;
export type Handlers = { [N in EndpointName]: Handler<N> };
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

/** One route from one catalogue entry: authenticate, authorise, validate, run, wrap in the envelope. */
export function registerEndpoint(
  app: FastifyInstance,
  endpoint: Endpoint,
  handler: (request: unknown, ctx: AuthenticatedContext | RequestContext) => Promise<unknown>,
  auth: Authenticator,
): void {
  app.route({
    method: endpoint.alsoPost ? [endpoint.method, 'POST'] : endpoint.method,
    url: endpoint.path,
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    handler: async (req: FastifyRequest, reply: FastifyReply) => {
      const call = {
        ip: req.ip,
        local: fromThisComputer(req),
        idempotencyKey: headerOf(req, 'idempotency-key'),
        supervisorToken: headerOf(req, SUPERVISOR_HEADER.toLowerCase()),
        requestId: req.id,
      };
      const caller = endpoint.permission === 'public' ? null : await signedIn(req, endpoint.permission, auth);
      const ctx = caller ? { ...call, ...caller } : { ...call, user: null, sessionId: null };
      if (
        caller &&
        endpoint.permission !== 'public' &&
        endpoint.permission !== 'authenticated' &&
        endpoint.permission.supervisor
      ) {
        // Room work: the staff token let the station in; the supervisor header says who works the room.
        if (!auth.supervisor) throw new AppError('NOT_AUTHORISED', { supervisor: true });
        Object.assign(ctx, { supervisor: await auth.supervisor(call.supervisorToken, caller.sessionId) });
      }
      const idempotencyKey = req.headers['idempotency-key'];
      if (typeof idempotencyKey === 'string' && idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
        // Ignoring it would turn a retry into a second sale.
        const errors = [{ path: 'Idempotency-Key', message: 'FIELD_TOO_LONG' as const }];
        return reply.code(httpStatusOf('VALIDATION_FAILED')).send(fail('VALIDATION_FAILED', { errors }));
      }
      const parsed = parseAtEdge(endpoint.request, inputOf(req));
      if (!parsed.ok) {
        return reply.code(httpStatusOf('VALIDATION_FAILED')).send(fail(parsed.message, { errors: parsed.errors }));
      }
      const data = await handler(parsed.data, ctx);
      // Parsing the answer strips anything the contract does not name (a hash, an internal column).
      return reply.send(ok(endpoint.response.parse(data), endpoint.success ?? 'OK'));
    },
  });
}

/** The caller of a non-public endpoint, allowed to call it; SESSION_EXPIRED or NOT_AUTHORISED otherwise. */
async function signedIn(req: FastifyRequest, permission: Exclude<Permission, 'public'>, auth: Authenticator) {
  const token = bearerOf(req);
  if (!token) throw new AppError('SESSION_EXPIRED');
  const caller = await auth.authenticate(token);
  if (permission !== 'authenticated') {
    const ability = abilityFor(caller.user);
    const { action, subject, or } = permission;
    if (!ability.can(action, subject) && !(or && ability.can(or.action, or.subject)))
      throw new AppError('NOT_AUTHORISED');
  }
  return caller;
}

/** The request where the method it came with carries it: a GET (or HEAD) in its query, any other in its body. */
function inputOf(req: FastifyRequest): unknown {
  const params = (req.params ?? {}) as Record<string, unknown>;
  if (req.method === 'GET' || req.method === 'HEAD') return { ...(req.query as Record<string, unknown>), ...params };
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return { ...body, ...params };
}

function headerOf(req: FastifyRequest, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : null;
}

function bearerOf(req: FastifyRequest): string | null {
  const header = headerOf(req, 'authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}
