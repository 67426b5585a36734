import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, Tx } from '../../db/client';
import type { SessionUser } from '../../../shared/permissions';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../shared/domain/constants';

/** The channel every server instance on one database hears sign-in changes on. */
export const SESSIONS_CHANNEL = 'playdesk_sessions';

/**
 * What changed, as told on the channel: one sign-in ended; an employee changed (deleted, another role,
 * branch or password, renamed); a role's rights changed.
 */
export type SessionChange = { session: string } | { user: number } | { privilege: number };

/** The caller a request is answered as, as the sign-in check found it. */
export interface SignedIn {
  user: SessionUser;
  sessionId: string;
}

interface Entry extends SignedIn {
  /** Past this the entry is read again: only a bound on memory, the channel keeps entries right. */
  until: number;
}

/** Sign-ins held at most: a chain's stations and screens, with room to spare. */
const DEFAULT_MAX_ENTRIES = 10_000;
/** The listening connection's name: a restore of a backup ends it, so every cache drops what it holds. */
export const SESSIONS_LISTENER = 'playdesk-sessions';
/** After a lost LISTEN connection, the wait before the next attempt grows to this. */
const MAX_RECONNECT_MS = 5_000;

/**
 * Tells every instance a sign-in change, inside the transaction that makes it: PostgreSQL delivers a
 * notification only when that transaction commits, so no instance drops an entry and reads the old
 * state again before it is gone.
 */
export async function announceSessionChange(tx: Db | Tx, change: SessionChange): Promise<void> {
  await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${JSON.stringify(change)})`);
}

/** The caches of this process: a change made here is applied to them as soon as it is committed. */
const local = new Set<SessionCache>();

/**
 * Applies a committed change to this process's caches at once: the notification reaches this process
 * too, but a moment later, and the caller who made the change may ask again before it does.
 */
export function sessionChangedHere(change: SessionChange): void {
  for (const cache of local) cache.drop(change);
}

/**
 * The per-request sign-in check answered from memory: session id → the caller. Kept right across
 * server instances by LISTEN on SESSIONS_CHANNEL; while that connection is not listening (not yet, or
 * lost) nothing is served from memory or kept, and everything held is dropped, since a change told
 * meanwhile was missed.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Moved on by every change heard and every (re)connection: a read begun before one is not kept. */
  private generation = 0;
  private listening = false;
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryMs = 100;
  private closed = false;

  constructor(
    /** A new connection of its own, not one the requests' pool counts on (it listens for good). */
    private readonly connect: () => Promise<pg.Client>,
    private readonly onError: (error: Error) => void = () => {},
    private readonly maxEntries = DEFAULT_MAX_ENTRIES,
    private readonly now: () => number = Date.now,
  ) {
    local.add(this);
    this.listen();
  }

  /** Whether answers from memory are trusted now (the LISTEN connection is up). */
  get trusted(): boolean {
    return this.listening;
  }

  /** Whether this sign-in is answered from memory now. */
  holds(sessionId: string): boolean {
    return this.listening && this.entries.has(sessionId);
  }

  /** A read of the sign-in check starts: what it finds may be kept if nothing changes meanwhile. */
  begin(): number {
    return this.generation;
  }

  get(sessionId: string, userId: number): SignedIn | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry || entry.user.id !== userId) return undefined;
    if (entry.until < this.now()) {
      this.entries.delete(sessionId);
      return undefined;
    }
    return entry;
  }

  /** Keeps what a read begun at `generation` found, unless a change was heard since (it may be older). */
  keep(generation: number, signedIn: SignedIn): void {
    if (!this.listening || generation !== this.generation) return;
    // Oldest first out: Map keeps insertion order.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(signedIn.sessionId, { ...signedIn, until: this.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 });
  }

  drop(change: SessionChange): void {
    this.generation++;
    if ('session' in change) {
      this.entries.delete(change.session);
      return;
    }
    for (const [id, entry] of this.entries) {
      if ('user' in change ? entry.user.id === change.user : entry.user.privilege?.id === change.privilege)
        this.entries.delete(id);
    }
  }

  /** Stops listening; resolves once the connection's socket has closed. */
  async close(): Promise<void> {
    this.closed = true;
    local.delete(this);
    if (this.retry) clearTimeout(this.retry);
    await this.connecting;
    this.untrust();
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => {});
  }

  private listen(): void {
    this.retry = null;
    this.connecting = this.open().finally(() => (this.connecting = null));
  }

  private async open(): Promise<void> {
    let client: pg.Client | null = null;
    try {
      client = await this.connect();
      if (this.closed) {
        await client.end().catch(() => {});
        return;
      }
      const lost = (error?: Error) => {
        if (this.client !== client) return;
        if (error) this.onError(error);
        this.client = null;
        this.untrust();
        void client!.end().catch(() => {});
        this.reconnect();
      };
      client.on('error', lost);
      client.on('end', () => lost());
      client.on('notification', (message) => {
        if (message.channel === SESSIONS_CHANNEL && message.payload) this.heard(message.payload);
      });
      this.client = client;
      await client.query(`listen ${SESSIONS_CHANNEL}`);
      // Whatever was held before this connection listened may have missed a change.
      this.entries.clear();
      this.generation++;
      this.listening = this.client === client;
      this.retryMs = 100;
    } catch (error) {
      this.onError(error as Error);
      if (client && this.client === client) this.client = null;
      await client?.end().catch(() => {});
      this.reconnect();
    }
  }

  private heard(payload: string): void {
    try {
      this.drop(JSON.parse(payload) as SessionChange);
    } catch {
      // Not ours to read: drop everything rather than keep what it may have meant to change.
      this.generation++;
      this.entries.clear();
    }
  }

  private untrust(): void {
    this.listening = false;
    this.generation++;
    this.entries.clear();
  }

  private reconnect(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => this.listen(), this.retryMs);
    this.retry.unref();
    this.retryMs = Math.min(this.retryMs * 2, MAX_RECONNECT_MS);
  }
}

/** A LISTEN connection on the same database, with the same settings, as the requests' pool. */
export function listenerOf(db: Db): () => Promise<pg.Client> {
  return async () => {
    const client = new pg.Client({ ...db.$client.options, application_name: SESSIONS_LISTENER });
    await client.connect();
    return client;
  };
}
