import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import pg from 'pg';
import * as schema from './schema';

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
  const pool = new pg.Pool(poolSettings(url, 10));
  // An idle connection dropped by PostgreSQL (restart, failover) must not take the server down;
  // the pool replaces it and the next query reconnects.
  pool.on('error', (error) => onIdleError(error));
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return { db, pool, close: () => pool.end() };
}

/**
 * The realtime adapter's own pool (LISTEN/NOTIFY between server instances): it keeps one connection
 * listening for good, which must not take a place the requests' pool counts on. Ended after the app
 * closed (the adapter hands its connection back then), before the database pool.
 */
export function openAdapterPool(url: string, onIdleError: (error: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool(poolSettings(url, 3));
  pool.on('error', (error) => onIdleError(error));
  return pool;
}
