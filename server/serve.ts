import { resolve } from 'node:path';
import { endPool, openAdapterPool, openDatabase, waitForDatabase } from './db/client';
import { sharedSecret } from './db/secrets';
import { buildApp } from './app';
import { FirstRunGate } from './modules/setup/first-run-gate';
import { seedLookups } from './modules/lookups/seed';
import { LocalFileStore } from './files/file-store';
import type { RunningServer, ServerOptions } from './server-options';

/**
 * The server on a database that is up (or, given by URL, soon will be): migrated, seeded, listening.
 * Loaded by start.ts while the embedded database starts; closing it leaves that database running.
 */
export async function serve(
  databaseUrl: string,
  opts: ServerOptions & Required<Pick<ServerOptions, 'dataDir' | 'databaseWaitMs'>>,
): Promise<RunningServer> {
  const { dataDir } = opts;
  if (opts.databaseUrl) await waitForDatabase(databaseUrl, opts.databaseWaitMs);
  const database = await openDatabase(databaseUrl, (error) =>
    console.warn(`database connection lost: ${error.message}`),
  );
  await seedLookups(database.db);
  const adapterPool = openAdapterPool(databaseUrl, (error) =>
    console.warn(`realtime connection lost: ${error.message}`),
  );
  const firstRun = new FirstRunGate();
  const app = buildApp({
    db: database.db,
    tokenKey: await sharedSecret(database.db, 'access-token-key'),
    files: new LocalFileStore(opts.mediaDir ?? resolve(dataDir, 'media')),
    sms: opts.sms,
    logLevel: opts.logLevel,
    logStream: opts.logStream,
    trustProxy: opts.trustProxy,
    promotion: opts.promotion,
    minStationVersion: opts.minStationVersion,
    firstRun,
    adapterPool,
  });
  await app.auth.ensureFirstAdministrator(opts.adminLogin, opts.adminPassword);
  const setupToken = await firstRun.prepare(dataDir, await app.auth.needsAdministrator());
  const host = opts.host ?? '127.0.0.1';
  await app.fastify.listen({ port: opts.port ?? 4100, host });
  const address = app.fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 4100);
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    port,
    setupToken,
    async close() {
      // In-flight requests are answered first; each pool then ends only once its sockets closed, so
      // the embedded database stopped next ends none of them itself.
      await app.fastify.close();
      await endPool(adapterPool);
      await database.close();
    },
  };
}
