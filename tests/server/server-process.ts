import { spawn, type ChildProcess } from 'node:child_process';

/** Server processes a test started: its afterEach kills those still running (`killAll`). */
const running = new Set<ChildProcess>();

/**
 * `npm run server` on this database in a child process, as a deployment runs it; resolves with its
 * address once it listens. `env` adds to the test's environment (the administrator, a gateway).
 * `port` 0 takes a free one; a fixed one lets a station find the same server after a restart.
 */
export function startServerProcess(
  databaseUrl: string,
  env: Record<string, string>,
  port = 0,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--port', String(port)], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  return new Promise((done, fail) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /listening on [^\s]+:(\d+)/.exec(output)?.[1];
      if (port) done({ child, url: `http://127.0.0.1:${port}` });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code, signal) => {
      running.delete(child);
      fail(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

/** SIGKILL to every server process still running. */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}
