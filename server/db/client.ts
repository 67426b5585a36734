import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
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

export async function openDatabase(url: string, onIdleError: (error: Error) => void = () => {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection dropped by PostgreSQL (restart, failover) must not take the server down;
  // the pool replaces it and the next query reconnects.
  pool.on('error', (error) => onIdleError(error));
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder: migrationsFolder() });
  return { db, pool, close: () => pool.end() };
}
