import { resolve } from 'node:path';
import { endPool, openAdapterPool, openDatabase, waitForDatabase } from './db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import { sharedSecret } from './db/secrets';
import { buildApp, type AppDeps } from './app';
import { FirstRunGate } from './modules/setup/first-run-gate';
import { seedLookups } from './modules/lookups/seed';
import { LocalFileStore } from './files/file-store';
import type { SmsGateway } from './sms/sms-gateway';

export interface ServerOptions {
  port?: number;
  host?: string;
  /** Where the embedded PostgreSQL lives when no databaseUrl is given. */
  dataDir?: string;
  databaseUrl?: string;
  adminLogin?: string;
  adminPassword?: string;
  logLevel?: string;
  /** Media files (kid, emp, product, package); default `<dataDir>/media`. Several servers need a shared one. */
  mediaDir?: string;
  /** Where text messages go; the outbox when not given. */
  sms?: SmsGateway;
  /** The proxies whose X-Forwarded-For names the caller (see AppDeps.trustProxy); none by default. */
  trustProxy?: boolean | string;
  /** The promotion sender's rate and patience (PROMOTION_SMS_RATE, PROMOTION_STALE_MS). */
  promotion?: AppDeps['promotion'];
  /** How long the start waits for the database to answer before it gives up (default a minute). */
  databaseWaitMs?: number;
}

/** A database starting beside the server (a service, a container) has this long to answer. */
export const DEFAULT_DATABASE_WAIT_MS = 60_000;

export interface RunningServer {
  url: string;
  port: number;
  /** With no administrator yet: the one-time token a first run from another computer needs, and its file. */
  setupToken: { token: string; file: string } | null;
  close(): Promise<void>;
}

/** Starts the database (given or embedded), applies migrations and seeds, then listens. */
export async function startServer(opts: ServerOptions = {}): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | undefined;
  const dataDir = resolve(opts.dataDir ?? '.data');
  const waitMs = opts.databaseWaitMs ?? DEFAULT_DATABASE_WAIT_MS;
  const databaseUrl = opts.databaseUrl ?? (embedded = await startEmbeddedDatabase(dataDir, undefined, waitMs)).url;
  try {
    if (opts.databaseUrl) await waitForDatabase(databaseUrl, waitMs);
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
      trustProxy: opts.trustProxy,
      promotion: opts.promotion,
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
        await embedded?.stop();
      },
    };
  } catch (error) {
    await embedded?.stop();
    throw error;
  }
}
