import { fork } from 'node:child_process';
import type { ServerLauncher } from '../ports';
import { serverRun } from '../server-child';
import { serverArgs, type EmbeddedServerOptions } from '../server-args';

/**
 * The station's server as a Node child process (`child_process.fork` of the same entry the desktop app
 * runs): the supervisor under Node, in tests. `execArgv` runs the TypeScript entry (`--import tsx`).
 */
export function forkServerLauncher(opts: EmbeddedServerOptions & { execArgv?: string[] }): ServerLauncher {
  return {
    launch(port) {
      const child = fork(opts.entry, serverArgs(opts, port), {
        execArgv: opts.execArgv ?? [],
        stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        env: { ...process.env, ...opts.env },
      });
      return serverRun({
        pid: () => child.pid,
        stderr: child.stderr,
        onMessage: (listener) => child.on('message', listener),
        onExit: (listener) => child.once('exit', listener),
        send: (message) => child.send(message as object),
        kill: () => child.kill('SIGKILL'),
      });
    },
  };
}
