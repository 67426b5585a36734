import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exited, killAll, postgresOf, startProcess } from './server-process';

/**
 * Issue 25, point 5: `npm run server` under load stops cleanly (in-flight requests answered, nothing
 * logged, exit 0), and a start whose database never becomes ready gives up within its limit, says why
 * and exits non-zero. Verdicts rest on answers, output and exit codes, never on how long anything took.
 */
const HANG = { timeout: 180_000 };
afterEach(killAll);

/** `node --import tsx server/cli.ts` until it exits: its exit code and everything it printed. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--port', '0'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((done) => child.once('close', (code) => done({ code, output })));
}

function listening(server: Server): Promise<number> {
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      done(typeof address === 'object' && address ? address.port : 0);
    }),
  );
}

describe('a start whose database never becomes ready', () => {
  it('gives up within DATABASE_WAIT_SECONDS when the database refuses, says so and exits 1', HANG, async () => {
    // A port nobody listens on any more: every connection is refused.
    const probe = createServer();
    const port = await listening(probe);
    await new Promise((done) => probe.close(done));
    const { code, output } = await runToExit({
      DATABASE_URL: `postgres://playdesk:secret@127.0.0.1:${port}/playdesk`,
      DATABASE_WAIT_SECONDS: '1',
    });
    expect(code).toBe(1);
    expect(output).toContain(`the database at 127.0.0.1:${port} was not ready within 1 s (connection refused)`);
    expect(output).not.toContain('secret');
  });

  it('gives up when the database accepts connections and never answers', HANG, async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    const port = await listening(silent);
    try {
      const { code, output } = await runToExit({
        DATABASE_URL: `postgres://playdesk:secret@127.0.0.1:${port}/playdesk`,
        DATABASE_WAIT_SECONDS: '1',
      });
      expect(code).toBe(1);
      expect(output).toContain(`the database at 127.0.0.1:${port} was not ready within 1 s (no answer)`);
      expect(sockets.size).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((done) => silent.close(done));
    }
  });
});

describe('a stop under load', () => {
  it(
    'answers the requests it has, closes the pool before the embedded database, logs nothing, stops PostgreSQL and exits 0',
    HANG,
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-stop-'));
      chmodSync(dataDir, 0o755);
      try {
        const admin = { login: 'admin@stop.test', password: 'admin-pass-1' };
        // `npm run server` itself: the built server (built here first when stale), its code in chunks.
        const { child, ready } = await startProcess(
          ['scripts/server.mjs', '--port', '0', '--data-dir', dataDir],
          { LOG_LEVEL: 'warn', POS_ADMIN_LOGIN: admin.login, POS_ADMIN_PASSWORD: admin.password, DATABASE_URL: '' },
          /listening on [^\s]+:(\d+)[^\n]*\n/,
        );
        let after = '';
        child.stdout!.on('data', (chunk: Buffer) => (after += chunk.toString()));
        child.stderr!.on('data', (chunk: Buffer) => (after += chunk.toString()));
        const url = `http://127.0.0.1:${ready[1]}`;
        const login = await fetch(`${url}/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(admin),
        });
        const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;

        const statuses: number[] = [];
        const refusals: string[] = [];
        let stopped = false;
        // Each worker calls until the server is gone: a request refused at the door is a connection error.
        const worker = async () => {
          for (;;) {
            try {
              const res = await fetch(`${url}/branch/list`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
                body: '{}',
              });
              await res.arrayBuffer();
              statuses.push(res.status);
            } catch (error) {
              refusals.push(String((error as { cause?: { code?: string } }).cause?.code));
              if (stopped) return;
            }
          }
        };
        const workers = Array.from({ length: 8 }, worker);
        while (statuses.length < 200) await new Promise((resolve) => setTimeout(resolve, 10));
        stopped = true;
        child.kill('SIGTERM');
        await exited(child);
        await Promise.all(workers);

        expect(after).toBe('');
        expect(child.exitCode).toBe(0);
        // Its PostgreSQL stopped with it, cleanly: no process left on the cluster, no pid file, no lock.
        expect(postgresOf(join(dataDir, 'pg'))).toEqual([]);
        expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
        expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
        expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
        expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(200);
        for (const code of refusals) expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']).toContain(code);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
