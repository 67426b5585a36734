import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { setTimeout as delay } from 'node:timers/promises';
import * as schema from './schema';
import { DatabaseNotReadyError } from './not-ready';

/** The requests' database, on its pool (a LISTEN connection is opened with the same settings). */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
/** A transaction, or the database itself: what a step of a larger write runs on. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Where the committed SQL migrations are; the desktop bundle copies them beside the server. */
function migrationsFolder(): string {
  return process.env.PLAYDESK_MIGRATIONS_DIR ?? join(dirname(fileURLToPath(import.meta.url)), 'migrations');
}

/** How long a query waits for a free pooled connection: well inside the station's wait for an answer. */
const POOL_WAIT_MS = 5_000;
/** No request holds a transaction open this long without a statement: the work is done, or it is stuck. */
const IDLE_IN_TRANSACTION_MS = 30_000;

/** The connection settings every pool of the server shares; `max` is each pool's own. */
function poolSettings(url: string, max: number): pg.PoolConfig {
  return {
    connectionString: url,
    max,
    // A request waiting for a connection while all are busy fails (and answers) rather than hangs.
    connectionTimeoutMillis: POOL_WAIT_MS,
    // A transaction left open (a bug, a stuck await) is ended by PostgreSQL and its connection freed,
    // instead of holding its locks and its place in the pool until restart.
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
  };
}

export async function openDatabase(url: string, onIdleError: (error: Error) => void = () => {}): Promise<Database> {
  const pool = openPool(url, 10, onIdleError);
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return { db, pool, close: () => endPool(pool) };
}

/**
 * The realtime adapter's own pool (LISTEN/NOTIFY between server instances): it keeps one connection
 * listening for good, which must not take a place the requests' pool counts on. Ended (endPool) after
 * the app closed (the adapter hands its connection back then), before the database pool.
 */
export function openAdapterPool(url: string, onIdleError: (error: Error) => void = () => {}): pg.Pool {
  const pool = openPool(url, 3, onIdleError);
  // The adapter's listening connection is checked out for good and it hears only its `end`: a
  // PostgreSQL that goes away (57P01) raised an `error` nobody heard, which ended the process.
  pool.on('connect', (client) => client.on('error', onIdleError));
  return pool;
}

/** Each pool's connections not yet closed: their sockets' close, awaited by endPool. */
const closing = new WeakMap<pg.Pool, Set<Promise<void>>>();

function openPool(url: string, max: number, onIdleError: (error: Error) => void): pg.Pool {
  const pool = new pg.Pool(poolSettings(url, max));
  // An idle connection dropped by PostgreSQL (restart, failover) must not take the server down;
  // the pool replaces it and the next query reconnects.
  pool.on('error', (error) => onIdleError(error));
  // The pool tells `remove` once a connection's socket has closed, however it left (ended, dropped,
  // given back broken). The client's own `end` event is no witness: the realtime adapter removes every
  // listener of it from the connection it gives back.
  const open = new Set<Promise<void>>();
  const closed = new WeakMap<pg.PoolClient, () => void>();
  closing.set(pool, open);
  pool.on('connect', (client) => {
    const gone = new Promise<void>((done) => closed.set(client, done));
    open.add(gone);
    void gone.then(() => open.delete(gone));
  });
  pool.on('remove', (client) => closed.get(client)?.());
  return pool;
}

/**
 * Ends a pool once each of its connections has closed. pg-pool's end() resolves as soon as it has
 * asked each connection to end, before their sockets close: a database stopped right after (the
 * embedded one, at the server's stop) ended them itself, and the pool's idle handler logged
 * "terminating connection due to administrator command".
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  await pool.end();
  await Promise.all(closing.get(pool) ?? []);
}

/** Host and port of a database URL, never its password. */
function whereOf(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return `${hostname}:${port || 5432}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * Waits until the database answers a query, trying again while it refuses, stays silent or says it is
 * starting up (a database started beside the server); past `limitMs`, DatabaseNotReadyError.
 */
export async function waitForDatabase(url: string, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const left = deadline - Date.now();
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: Math.max(1, left) });
    // A connection that fails emits its error here too; the attempt's own rejection reports it.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() + READY_RETRY_MS >= deadline) throw new DatabaseNotReadyError(whereOf(url), limitMs, error);
      await delay(READY_RETRY_MS);
    }
  }
}

/** Between attempts to reach a database that is not ready yet. */
const READY_RETRY_MS = 250;
