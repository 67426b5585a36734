import { utilityProcess } from 'electron';
import type { ServerLauncher } from '../ports';
import { serverRun } from '../server-child';
import { serverArgs, type EmbeddedServerOptions } from '../server-args';

/**
 * The station's own server in an Electron utility process (a Node child without the window's
 * privileges), its stderr piped so a crash's last words are kept. The supervisor
 * (services/server-supervisor.ts) starts it, restarts it and stops it.
 */
export function electronServerLauncher(opts: EmbeddedServerOptions): ServerLauncher {
  return {
    launch(port) {
      const child = utilityProcess.fork(opts.entry, serverArgs(opts, port), {
        serviceName: 'PlayDesk server',
        stdio: ['ignore', 'inherit', 'pipe'],
        env: { ...process.env, LOG_LEVEL: 'warn', ...opts.env },
      });
      // Still the app's own stderr too, as with `inherit` (the main process's log keeps it).
      child.stderr?.on('data', (chunk: Buffer | string) => process.stderr.write(chunk));
      return serverRun({
        pid: () => child.pid,
        stderr: child.stderr,
        onMessage: (listener) => child.on('message', listener),
        // A utility process reports an exit code only; a crash of its own shows as a code too.
        onExit: (listener) => child.once('exit', (code) => listener(code, null)),
        send: (message) => child.postMessage(message),
        kill: () => void child.kill(),
      });
    },
  };
}
