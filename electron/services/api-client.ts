import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  catalogue,
  isEndpointName,
  type EndpointName,
  type OnceCommandName,
  type RequestOf,
  type ResponseOf,
} from '../../shared/api/catalogue';
import { isRead, nameOf, splitRequest, type Endpoint } from '../../shared/api/endpoint';
import { fail, looseEnvelopeSchema, type ApiResult, type ApiSuccess } from '../../shared/api/envelope';
import { isMessageKey, type MessageKey } from '../../shared/api/keys';
import { parseAtEdge } from '../../shared/api/validation';
import { SUPERVISOR_HEADER } from '../../shared/api/supervisor';
import { SESSION_ENDPOINTS, type LoginRequest, type Tokens } from '../../shared/api/auth';
import { DUPLICATE_POST_WINDOW_MS } from '../../shared/domain/constants';
import { commandId } from '../../shared/api/once';
import type { BridgeEvent } from '../../shared/ipc';
import type { SessionUser } from '../../shared/permissions';
import { ServerUnreachableError, type HttpTransport } from '../platform/ports';
import type { Session } from './session';
import type { FailedRequest } from './station-logs';

const GATEWAY_FAILURES = new Set([502, 503, 504]);

export interface ApiClientDeps {
  transport: HttpTransport;
  session: Session;
  /** The server's base URL, e.g. http://127.0.0.1:4100 (read per call: the embedded server may restart). */
  serverUrl: () => string;
  emit: (event: BridgeEvent) => void;
  now?: () => number;
  log?: (message: string, detail?: unknown) => void;
  /** Where each failed call is noted (the station's last failed requests, for *Export diagnostics*). */
  failures?: { recordFailure(failure: FailedRequest): void };
  /** Told of each call whether the server was reached (the offline till's link). */
  link?: { reached(): void; unreachable(): void };
}

type Answer<T = unknown> = { status: number; envelope: ApiResult<T>; gatewayGaveUp?: boolean; neverSent?: boolean };
type DataOf<E extends Endpoint> = z.output<E['response']>;

/**
 * How a call its sender keeps until it is settled ended: `done`; `refused` for good (a 4xx: nothing
 * was stored, sending it again changes nothing); or `unknown` (no answer, a gateway or the server
 * failing, the session gone or another user's): it stays with its sender, to be sent again.
 */
export type Attempt<T> =
  { outcome: 'done'; data: T } | { outcome: 'refused'; key: MessageKey } | { outcome: 'unknown' };
/** Answers that refuse nothing for good: an expired session (signed out meanwhile), a timeout, too many calls. */
const NOT_REFUSALS = new Set([401, 408, 429]);

/**
 * Every call of the renderer to the server passes here: tokens are added, duplicates refused,
 * expired access tokens refreshed once, and the answer decoded against the catalogue.
 */
export class ApiClient {
  private readonly recentPosts = new Map<string, number>();
  private refreshing: Promise<boolean> | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: ApiClientDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** A call of the main process, typed by the catalogue: the answer is the endpoint's, already checked. */
  call<N extends EndpointName>(name: N, body: RequestOf<N>): Promise<ApiResult<ResponseOf<N>>> {
    return this.callEndpoint(name, body);
  }

  /**
   * A call of the page (`pos:api-call`), by a name and body it sent: both are checked here, against the
   * catalogue. The session's own calls are not among them.
   */
  callFromPage(name: string, body: unknown): Promise<ApiResult<unknown>> {
    return isEndpointName(name) ? this.callEndpoint(name, body) : Promise.resolve(fail('NOT_FOUND'));
  }

  private async callEndpoint<N extends EndpointName>(name: N, body: unknown): Promise<ApiResult<ResponseOf<N>>> {
    if (SESSION_ENDPOINTS.has(name)) return fail('NOT_FOUND');
    const endpoint = catalogue[name];
    const { envelope } = await this.send(endpoint, body);
    return envelope.status ? this.keepSupervisorToken(endpoint, envelope) : envelope;
  }

  /**
   * Supervisor mode's token stays here as the staff tokens do: taken out of the answer of the endpoint
   * that issues it, forgotten after the one that ends it.
   */
  private keepSupervisorToken<T>(endpoint: Endpoint, envelope: ApiSuccess<T>): ApiSuccess<T> {
    if (endpoint.supervisorToken === 'ends') this.deps.session.setSupervisorToken(null);
    if (endpoint.supervisorToken !== 'issues') return envelope;
    if (!carriesToken(envelope.data)) {
      this.deps.session.setSupervisorToken(null);
      return envelope;
    }
    const data = { ...envelope.data };
    this.deps.session.setSupervisorToken(data.supervisor_token ?? null);
    delete data.supervisor_token;
    return { ...envelope, data };
  }

  /**
   * A command under the caller's own Idempotency-Key (OnceCommands). A `resend` of the same key skips
   * the duplicate guard: the server answers it with the first result, which is the point of sending it.
   */
  async command(
    name: OnceCommandName,
    body: unknown,
    idempotencyKey: string,
    resend: boolean,
  ): Promise<{ answer: ApiResult<ResponseOf<OnceCommandName>>; neverSent: boolean }> {
    const answer = await this.send(catalogue[name], body, idempotencyKey, resend);
    // Whether the server did it is then unknown, as when it cannot be reached: the command stays pending.
    return {
      answer: answer.gatewayGaveUp ? fail('SERVER_UNREACHABLE') : answer.envelope,
      neverSent: answer.neverSent === true,
    };
  }

  /**
   * A call of the main process itself, on an endpoint not necessarily the page's (the chat outbox and
   * the socket's catch-up), under `key` every time (no duplicate guard: it is the same call) and only
   * as the user `asUser`: if someone else is signed in by the time it leaves, it does not leave.
   */
  async attempt<E extends Endpoint>(
    endpoint: E,
    body: z.input<E['request']>,
    key: string,
    asUser: number,
  ): Promise<Attempt<DataOf<E>>> {
    const answer = await this.send(endpoint, body, key, true, asUser);
    if (answer.envelope.status) return { outcome: 'done', data: answer.envelope.data };
    const refused = answer.status >= 400 && answer.status < 500 && !NOT_REFUSALS.has(answer.status);
    return refused ? { outcome: 'refused', key: answer.envelope.message } : { outcome: 'unknown' };
  }

  /** Signs in and keeps the tokens here; the renderer receives the user only. */
  async login(body: LoginRequest): Promise<ApiResult<{ user: SessionUser }>> {
    const { envelope } = await this.send(catalogue['user/login'], body);
    if (!envelope.status) return envelope;
    const tokens: Tokens = envelope.data;
    await this.deps.session.save(tokens);
    return { status: true, message: envelope.message, data: { user: tokens.user } };
  }

  /** Ends the session on the server when it can be reached, and on this station in any case. */
  async logout(): Promise<ApiResult<null>> {
    const tokens = await this.deps.session.tokens();
    if (tokens) await this.send(catalogue['user/logout'], { refreshToken: tokens.refreshToken });
    await this.deps.session.clear();
    return { status: true, message: 'OK', data: null };
  }

  /** Every call's answer; a failure noted by endpoint, status and key only: nothing of either body. */
  private async send<E extends Endpoint>(
    endpoint: E,
    body: unknown,
    idempotencyKey: string = randomUUID(),
    resend = false,
    asUser?: number,
  ): Promise<Answer<DataOf<E>>> {
    const answer = await this.sendChecked(endpoint, body, idempotencyKey, resend, asUser);
    if (!answer.envelope.status) {
      this.deps.failures?.recordFailure({
        at: new Date(this.now()).toISOString(),
        endpoint: nameOf(endpoint),
        status: answer.status,
        key: answer.envelope.message,
      });
    }
    return answer;
  }

  /** `body` is checked here against the endpoint's request, whoever sent it. */
  private async sendChecked<E extends Endpoint>(
    endpoint: E,
    body: unknown,
    idempotencyKey: string,
    resend: boolean,
    asUser?: number,
  ): Promise<Answer<DataOf<E>>> {
    const name = nameOf(endpoint);
    const parsed = parseAtEdge(endpoint.request, body);
    if (!parsed.ok) return { status: 400, envelope: fail(parsed.message, { errors: parsed.errors }) };
    const guarded = !isRead(endpoint) && !resend ? commandId(name, parsed.data) : null;
    if (guarded !== null && this.isDuplicate(guarded)) return { status: 400, envelope: fail('DUPES') };
    let answer = await this.exchange(endpoint, parsed.data, idempotencyKey, asUser);
    // A session call's 401 means wrong credentials, not an expired access token.
    if (answer.status === 401 && !answer.envelope.status && !answer.envelope.logout && !SESSION_ENDPOINTS.has(name)) {
      // The same Idempotency-Key on the retry: to the server it is the same command.
      if (await this.refreshOnce()) answer = await this.exchange(endpoint, parsed.data, idempotencyKey, asUser);
    }
    await this.react(answer.envelope);
    // Refused (4xx): nothing was done, so sending it again at once is no double click but a retry, e.g.
    // the sale SHIFT_NOT_OPEN refused, sent again as soon as the cashier has opened the shift.
    if (guarded !== null && answer.status >= 400 && answer.status < 500) this.recentPosts.delete(guarded);
    return answer;
  }

  private async exchange<E extends Endpoint>(
    endpoint: E,
    request: unknown,
    idempotencyKey: string,
    asUser?: number,
  ): Promise<Answer<DataOf<E>>> {
    const tokens = await this.deps.session.tokens();
    // Checked with the very tokens it would carry: nothing is sent as someone else.
    if (asUser !== undefined && tokens?.user.id !== asUser) return { status: 0, envelope: fail('NOT_AUTHORISED') };
    const supervisor = this.deps.session.supervisorToken();
    const { url, rest } = splitRequest(endpoint.path, (request ?? {}) as Record<string, unknown>);
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (tokens) headers.Authorization = `Bearer ${tokens.accessToken}`;
    if (supervisor) headers[SUPERVISOR_HEADER] = supervisor;
    let target = this.deps.serverUrl().replace(/\/$/, '') + url;
    if (endpoint.method === 'GET') {
      // A field left empty (null once parsed) is no parameter: as text it would arrive as "null".
      const query = new URLSearchParams(
        Object.entries(rest).flatMap(([k, v]): [string, string][] =>
          v === null || v === undefined ? [] : [[k, String(v)]],
        ),
      ).toString();
      if (query) target += `?${query}`;
    } else {
      headers['Content-Type'] = 'application/json';
      headers['Idempotency-Key'] = idempotencyKey;
    }
    try {
      const res = await this.deps.transport.request({
        method: endpoint.method,
        url: target,
        headers,
        body: endpoint.method === 'GET' ? undefined : rest,
      });
      this.deps.link?.reached();
      if (res.status >= 300 && res.status < 400) {
        // A PlayDesk server never redirects: whatever answered is not the server the station was given.
        this.deps.log?.('the server answered with a redirect, not followed', { status: res.status, url: target });
        return { status: res.status, envelope: fail('SERVER_REDIRECTED') };
      }
      // A gateway before the server gave up (a load balancer's 502/503/504 page, not the server's envelope).
      const gatewayGaveUp = GATEWAY_FAILURES.has(res.status) && !looseEnvelopeSchema.safeParse(res.body).success;
      return {
        status: res.status,
        envelope: this.decode(endpoint, res.body),
        ...(gatewayGaveUp ? { gatewayGaveUp } : {}),
      };
    } catch (error) {
      if (!(error instanceof ServerUnreachableError)) throw error;
      this.deps.link?.unreachable();
      return { status: 0, envelope: fail('SERVER_UNREACHABLE'), neverSent: error.neverSent };
    }
  }

  private decode<E extends Endpoint>(endpoint: E, body: unknown): ApiResult<DataOf<E>> {
    const envelope = looseEnvelopeSchema.safeParse(body);
    if (!envelope.success) {
      // Where it broke the contract, not what it said: an answer's body may hold anyone's data.
      const issues = envelope.error.issues.map(({ path, code }) => ({ path: path.join('.'), code }));
      this.deps.log?.('undecodable answer', { path: endpoint.path, issues });
      return fail('SOMETHING_WENT_WRONG');
    }
    const e = envelope.data;
    if (!e.status) {
      return fail(isMessageKey(e.message) ? e.message : 'SOMETHING_WENT_WRONG', {
        ...(e.errors ? { errors: e.errors } : {}),
        ...(e.logout ? { logout: true } : {}),
        ...(e.supervisor ? { supervisor: true } : {}),
        ...(e.retry_after !== undefined ? { retry_after: e.retry_after } : {}),
      });
    }
    // The function form keeps the endpoint's own answer type, where the method would widen it to unknown.
    const data = z.safeParse(endpoint.response as E['response'], e.data);
    if (!data.success || !isMessageKey(e.message)) {
      const issues = data.error?.issues.map(({ path, code }) => ({ path: path.join('.'), code }));
      this.deps.log?.('answer outside the contract', { path: endpoint.path, issues });
      return fail('SOMETHING_WENT_WRONG');
    }
    return { status: true, message: e.message, data: data.data };
  }

  /** The logout and supervisor flags of any answer (spec 8). */
  private async react(envelope: ApiResult<unknown>) {
    if (envelope.status) return;
    if (envelope.logout) {
      await this.deps.session.clear();
      this.deps.emit({ type: 'session-ended' });
    } else if (envelope.supervisor && this.deps.session.supervisorToken() !== null) {
      // Said once per token: a page asking again without one (its code entry showing) hears nothing more.
      this.deps.session.setSupervisorToken(null);
      this.deps.emit({ type: 'supervisor-ended' });
    }
  }

  /** Concurrent 401s share one refresh; a failed refresh ends the session. */
  /** Renews the access token, one renewal at a time however many ask (calls, the realtime socket). */
  refreshOnce(): Promise<boolean> {
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refresh(): Promise<boolean> {
    const tokens = await this.deps.session.tokens();
    if (!tokens) return false;
    const { envelope } = await this.exchange(
      catalogue['jwt/refresh-token'],
      { refreshToken: tokens.refreshToken },
      randomUUID(),
    );
    if (envelope.status) {
      await this.deps.session.save(envelope.data);
      return true;
    }
    if (envelope.message === 'SERVER_UNREACHABLE') return false;
    await this.deps.session.clear();
    this.deps.emit({ type: 'session-ended' });
    return false;
  }

  /**
   * Spec 5: an identical POST (same path and body) within 2 seconds is refused on the client — unless the
   * server refused the first (see `send`), which leaves nothing to double.
   */
  private isDuplicate(key: string): boolean {
    const now = this.now();
    for (const [sent, at] of this.recentPosts) if (now - at >= DUPLICATE_POST_WINDOW_MS) this.recentPosts.delete(sent);
    if (this.recentPosts.has(key)) return true;
    this.recentPosts.set(key, now);
    return false;
  }
}

/** The answer of an endpoint that issues the supervisor token (`supervisorToken: 'issues'`) carries it. */
function carriesToken<T>(data: T): data is T & { supervisor_token?: string | null } {
  return typeof data === 'object' && data !== null && 'supervisor_token' in data;
}
