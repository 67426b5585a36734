import { resolve } from 'node:path';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import type { RunningServer, ServerOptions } from './server-options';

export type { RunningServer, ServerOptions } from './server-options';

/** A database starting beside the server (a service, a container) has this long to answer. */
export const DEFAULT_DATABASE_WAIT_MS = 60_000;

/**
 * Starts the database (given or embedded), applies migrations and seeds, then listens. The server's own
 * code (Fastify, Drizzle, every module: a few megabytes) is read and compiled while the embedded
 * database starts, not after it: one after the other, the two were most of a warm start.
 */
export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  const loading = import('./serve');
  // Awaited below; failing meanwhile must not count as a rejection nobody handles.
  loading.catch(() => {});
  let embedded: EmbeddedDatabase | undefined;
  const dataDir = resolve(opts.dataDir ?? '.data');
  const waitMs = opts.databaseWaitMs ?? DEFAULT_DATABASE_WAIT_MS;
  const databaseUrl =
    opts.databaseUrl ?? (embedded = await startEmbeddedDatabase(dataDir, (line) => console.warn(line), waitMs)).url;
  try {
    const { serve } = await loading;
    const running = await serve(databaseUrl, { ...opts, dataDir, databaseWaitMs: waitMs });
    return {
      ...running,
      ...(embedded && { databaseLost: embedded.lost }),
      ...(embedded && { embeddedDatabaseUrl: embedded.url }),
      async close() {
        await running.close();
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
