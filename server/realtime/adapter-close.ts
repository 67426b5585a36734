import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';

/** What @socket.io/postgres-adapter 0.5's PubSubClient holds: its pool, and its LISTEN connection once taken. */
interface PubSubClient {
  pool: pg.Pool;
  client?: unknown;
  close(): void;
}

function pubSubOf(adapter: object): PubSubClient | null {
  const client = (adapter as { client?: unknown }).client;
  return typeof client === 'object' && client !== null && 'pool' in client && 'close' in client
    ? (client as PubSubClient)
    : null;
}

/**
 * Closes a namespace's adapter so that its pool can end. The postgres adapter takes its LISTEN
 * connection asynchronously (at start, and again after losing it), and its close() gives back only a
 * connection it already holds: a server stopped while one was on its way (stopped as it started, or
 * as the database came back) kept it, and the pool's end() waited for ever. So, while the pool still
 * has a connection out or coming that the adapter has not got, this waits (a connect gives up within
 * the pool's connection timeout), then closes the adapter's client again: that gives back a
 * connection that arrived meanwhile and clears a reconnection it scheduled after a failed one.
 */
export async function closeAdapter(adapter: { close(): unknown }): Promise<void> {
  const pubSub = pubSubOf(adapter);
  await adapter.close();
  if (!pubSub) return; // the in-memory adapter of a single server
  while (pubSub.client === undefined && pubSub.pool.totalCount > pubSub.pool.idleCount) await delay(10);
  pubSub.close();
}
