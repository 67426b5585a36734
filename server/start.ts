import { resolve } from 'node:path';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './db/embedded';
import type { AppDeps } from './app';
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
  const databaseUrl = opts.databaseUrl ?? (embedded = await startEmbeddedDatabase(dataDir, undefined, waitMs)).url;
  try {
    const { serve } = await loading;
    const running = await serve(databaseUrl, { ...opts, dataDir, databaseWaitMs: waitMs });
    return {
      ...running,
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
