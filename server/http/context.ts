import type { SessionUser } from '../../shared/permissions';
import type { OnceCommandName } from '../../shared/api/catalogue';

/** What a handler knows about the call besides its validated request. */
export interface RequestContext {
  /** The signed-in employee; null only on public endpoints. */
  user: SessionUser | null;
  /** The login session (refresh family) the access token belongs to. */
  sessionId: string | null;
  ip: string;
  /** Sent from the server's own computer (see fromThisComputer). */
  local: boolean;
  /**
   * The X-Supervisor-Token header as sent: resolved by the route for room work, and by a handler whose
   * caller may be let in by it alone (a kid's photo at the room door).
   */
  supervisorToken: string | null;
  /** The request's id in the log (Fastify's reqId): what a later warning about this call names. */
  requestId: string;
}

export interface AuthenticatedContext extends RequestContext {
  user: SessionUser;
  sessionId: string;
}

/** Room work: the station's employee (`user`) and the supervisor signed in at it by code. */
export interface SupervisorContext extends AuthenticatedContext {
  supervisor: {
    id: number;
    name_en: string;
    name_ar: string;
    /** The supervisor session (the token's), which logout ends. */
    sessionId: string;
    expiresAt: Date;
  };
}

/**
 * What the route adds for an endpoint marked `once` (runOnce): the command as the route received it, so
 * no handler names it by hand.
 */
export interface OnceContext<N extends OnceCommandName = OnceCommandName> {
  once: {
    /** The endpoint called, recorded with the key: a key names one endpoint's command. */
    endpoint: N;
    /** The caller's Idempotency-Key header; null when none was sent (the command then simply runs). */
    key: string | null;
    /** `commandId` of the parsed request: the same key sent with another request is refused. */
    command: string;
  };
}
