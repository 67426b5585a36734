import { parseArgs } from 'node:util';
import { startServer } from './start';
import { DataDirInUseError } from './db/embedded';
import { gatewayFromEnv } from './sms/http-gateway';
import { isLoopback } from '../shared/domain/server-address';

/** `npm run server -- --port 4100 --data-dir .data` (also PORT, DATA_DIR, DATABASE_URL, MEDIA_DIR, HOST, TRUST_PROXY, SMS_*). */
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'data-dir': { type: 'string' },
  },
});

// Loopback unless asked: a server other stations reach must be put behind TLS first (README).
const host = values.host ?? process.env.HOST ?? '127.0.0.1';
try {
  const server = await startServer({
    port: Number(values.port ?? process.env.PORT ?? 4100),
    host,
    dataDir: values['data-dir'] ?? process.env.DATA_DIR ?? '.data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    mediaDir: process.env.MEDIA_DIR || undefined,
    adminLogin: process.env.POS_ADMIN_LOGIN,
    adminPassword: process.env.POS_ADMIN_PASSWORD,
    logLevel: process.env.LOG_LEVEL ?? 'warn',
    sms: gatewayFromEnv(process.env),
    trustProxy: trustedProxies(process.env.TRUST_PROXY),
  });
  // The bound address, so whoever starts it for other stations sees whether they can reach it.
  const reach = host === '0.0.0.0' || host === '::' ? 'every address of this computer' : isLoopback(host) ? 'this computer only; --host 0.0.0.0 for other stations' : 'this address only';
  console.log(`PlayDesk server listening on ${host.includes(':') ? `[${host}]` : host}:${server.port} (${reach})`);
  // The desktop app runs this in an Electron utility process and waits for this message.
  const ready = { type: 'ready', url: server.url };
  const parentPort = (process as { parentPort?: { postMessage(message: unknown): void } }).parentPort;
  if (parentPort) parentPort.postMessage(ready);
  else process.send?.(ready);
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (error) {
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
}

/** TRUST_PROXY: unset or `false` (no proxy), `true` (any), or the proxies' addresses, e.g. `10.0.0.0/8,loopback`. */
function trustedProxies(value: string | undefined): boolean | string {
  if (!value || value === 'false') return false;
  return value === 'true' ? true : value;
}
