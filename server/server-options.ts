import type { AppDeps } from './app';
import type { SmsGateway } from './sms/sms-gateway';

// Apart from start.ts, which loads serve.ts lazily: serve.ts takes these types from here, not back from start.ts.

export interface ServerOptions {
  port?: number;
  host?: string;
  /** Where the embedded PostgreSQL lives when no databaseUrl is given. */
  dataDir?: string;
  databaseUrl?: string;
  adminLogin?: string;
  adminPassword?: string;
  logLevel?: string;
  /** Where the server's log lines go; standard output unless given (browser mode also keeps them in a file). */
  logStream?: AppDeps['logStream'];
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
  /** The oldest station version served (MIN_STATION_VERSION); default the one this release declares. */
  minStationVersion?: string;
}

export interface RunningServer {
  url: string;
  port: number;
  /** With no administrator yet: the one-time token a first run from another computer needs, and its file. */
  setupToken: { token: string; file: string } | null;
  /** Settles, saying how, if the embedded database ends without being stopped; absent for a DATABASE_URL. */
  databaseLost?: Promise<string>;
  /** The embedded database's address, for the station's backups; absent on a database given by URL. */
  embeddedDatabaseUrl?: string;
  close(): Promise<void>;
}
