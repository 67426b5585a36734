import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** Processes a test started: its afterEach kills those still running (`killAll`). */
const running = new Set<ChildProcess>();

/**
 * `node --import tsx <args>` in a child process; resolves with it and the first match of `ready` in
 * its output, or fails with that output if it exits before.
 */
export function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<{ child: ChildProcess; ready: RegExpExecArray }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  return new Promise((done, fail) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match) done({ child, ready: match });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code, signal) => {
      running.delete(child);
      fail(new Error(`${args[0]} exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

/**
 * `npm run server` on this database in a child process, as a deployment runs it; resolves with its
 * address once it listens. `env` adds to the test's environment (the administrator, a gateway).
 * `port` 0 takes a free one; a fixed one lets a station find the same server after a restart.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string>,
  port = 0,
): Promise<{ child: ChildProcess; url: string }> {
  const { child, ready } = await startProcess(
    ['server/cli.ts', '--port', String(port)],
    { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env },
    /listening on [^\s]+:(\d+)/,
  );
  return { child, url: `http://127.0.0.1:${ready[1]}` };
}

/** Once this process has ended (at once if it has). */
export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((done) => child.once('exit', () => done()));

/** SIGKILL to every process still running. */
export function killAll(): void {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** The processes whose command line names this cluster folder (a postmaster runs as `postgres -D <dir>`; Linux). */
export function postgresOf(pgDir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(pgDir);
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}
