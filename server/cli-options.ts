import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ServerOptions } from './server-options';
import { z } from 'zod';
import { gatewayFromEnv } from './sms/http-gateway';
import { isVersion } from '../shared/domain/version';

/** Where `npm run web` keeps the station (settings, session) and, under `server/`, its embedded server. */
export const DEFAULT_DATA_DIR = '.data';
/** The server's own data under a data folder: `npm run server` and `npm run web` share one default. */
export const serverDataDir = (root: string) => join(root, 'server');

/**
 * `npm run server` options from its arguments, then the environment (PORT, HOST, DATA_DIR,
 * DATABASE_URL, DATABASE_WAIT_SECONDS, MEDIA_DIR, POS_ADMIN_*, LOG_LEVEL, SMS_*, TRUST_PROXY, PROMOTION_*,
 * MIN_STATION_VERSION).
 */
export function cliServerOptions(args: string[], env: NodeJS.ProcessEnv): ServerOptions & { host: string } {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'data-dir': { type: 'string' },
    },
  });
  return {
    port: Number(values.port ?? env.PORT ?? 4100),
    // Loopback unless asked: a server other stations reach must be put behind TLS first (README).
    host: values.host ?? env.HOST ?? '127.0.0.1',
    dataDir: values['data-dir'] ?? env.DATA_DIR ?? serverDataDir(DEFAULT_DATA_DIR),
    databaseUrl: env.DATABASE_URL || undefined,
    mediaDir: env.MEDIA_DIR || undefined,
    adminLogin: env.POS_ADMIN_LOGIN,
    adminPassword: env.POS_ADMIN_PASSWORD,
    logLevel: env.LOG_LEVEL ?? 'warn',
    sms: gatewayFromEnv(env),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    promotion: promotionOptions.parse(env),
    databaseWaitMs: databaseWait.parse(env),
    minStationVersion: minStationVersion.parse(env),
  };
}

/**
 * PROMOTION_SMS_RATE: promotions a second at most, what the SMS gateway allows (default 10);
 * PROMOTION_STALE_MS: how long a row may wait for its gateway's answer before it is taken as unknown
 * (default 30 s; a row is never sent twice whatever it is).
 */
const promotionOptions = z
  .object({
    PROMOTION_SMS_RATE: z.coerce.number().positive().max(1000).optional(),
    PROMOTION_STALE_MS: z.coerce.number().int().min(1000).max(3_600_000).optional(),
  })
  .transform((e) => ({
    ...(e.PROMOTION_SMS_RATE ? { ratePerSecond: e.PROMOTION_SMS_RATE } : {}),
    ...(e.PROMOTION_STALE_MS ? { staleAfterMs: e.PROMOTION_STALE_MS } : {}),
  }));

/** DATABASE_WAIT_SECONDS: how long the start waits for the database to answer (default 60). */
const databaseWait = z
  .object({ DATABASE_WAIT_SECONDS: z.coerce.number().positive().max(3600).optional() })
  .transform((e) => (e.DATABASE_WAIT_SECONDS === undefined ? undefined : e.DATABASE_WAIT_SECONDS * 1000));

/**
 * MIN_STATION_VERSION: the oldest station version this server serves, later than the release's own
 * (shared/domain/version.ts) when a shop wants every station on a newer one; not a version: refused at start.
 */
const minStationVersion = z
  .object({
    MIN_STATION_VERSION: z
      .string()
      .trim()
      .refine((v) => v === '' || isVersion(v), 'not a version such as 1.4.0')
      .optional(),
  })
  .transform((e) => e.MIN_STATION_VERSION || undefined);

/** TRUST_PROXY: unset or `false` (no proxy), `true` (any), or the proxies' addresses, e.g. `10.0.0.0/8,loopback`. */
function trustedProxies(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
