import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ServerOptions } from './start';
import { gatewayFromEnv } from './sms/http-gateway';

/** Where `npm run web` keeps the station (settings, session) and, under `server/`, its embedded server. */
export const DEFAULT_DATA_DIR = '.data';
/** The server's own data under a data folder: `npm run server` and `npm run web` share one default. */
export const serverDataDir = (root: string) => join(root, 'server');

/**
 * `npm run server` options from its arguments, then the environment (PORT, HOST, DATA_DIR,
 * DATABASE_URL, MEDIA_DIR, POS_ADMIN_*, LOG_LEVEL, SMS_*, TRUST_PROXY).
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
  };
}

/** TRUST_PROXY: unset or `false` (no proxy), `true` (any), or the proxies' addresses, e.g. `10.0.0.0/8,loopback`. */
function trustedProxies(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
