import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, uptime } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import type { BridgeEvent } from '../../shared/ipc';
import { ServerSupervisor } from '../../electron/services/server-supervisor';
import { forkServerLauncher } from '../../electron/platform/node/fork-server-launcher';
import { isAlive, readPostmasterPid } from '../../server/db/left-postmaster';
import { postgresOf } from './server-process';

/**
 * Issue 27, point 4: the station's server under its supervisor, on a real embedded PostgreSQL, killed
 * as a crash or a power cut kills it. Each verdict waits for what the supervisor tells the pages
 * (`server-down`, `server-up`), never for a time.
 */
const HANG = { timeout: 300_000 };
const admin = { login: 'owner@recovery.test', password: 'owner-pass-1' };
const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-recovery-'));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as another user when the tests run as root
const pgDir = join(dataDir, 'pg');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A supervisor of `npm run server`'s entry as the desktop app runs it, and what it told the pages and logged. */
function supervised() {
  const events: BridgeEvent['type'][] = [];
  const logs: string[] = [];
  const waiting = new Set<() => void>();
  const supervisor = new ServerSupervisor({
    launcher: forkServerLauncher({
      entry: 'server/cli.ts',
      execArgv: ['--import', 'tsx'],
      dataDir,
      env: { LOG_LEVEL: 'silent', DATABASE_URL: '', POS_ADMIN_LOGIN: admin.login, POS_ADMIN_PASSWORD: admin.password },
    }),
    emit: (event) => {
      events.push(event.type);
      for (const check of waiting) check();
    },
    log: (message, detail) => logs.push(`${message}\n${Array.isArray(detail) ? detail.join('\n') : ''}`),
  });
  /** Once the pages were told `type` for the `n`th time. */
  const told = (type: BridgeEvent['type'], n: number) =>
    new Promise<void>((done) => {
      const check = () => {
        if (events.filter((e) => e === type).length < n) return;
        waiting.delete(check);
        done();
      };
      waiting.add(check);
      check();
    });
  return { supervisor, events, logs, told };
}

async function call<T>(url: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { status: boolean; data: T };
  expect(answer.status, JSON.stringify(answer)).toBe(true);
  return answer.data;
}

const signIn = async (url: string) => (await call<{ accessToken: string }>(url, '/user/login', admin)).accessToken;
const branchNames = async (url: string) =>
  (await call<{ name_en: string }[]>(url, '/branch/list', {}, await signIn(url))).map((b) => b.name_en);

const postmasterPid = () => readPostmasterPid(pgDir)!.pid;

describe('the station server under its supervisor', HANG, () => {
  it('is restarted on the same address with its data when PostgreSQL, the server, or both are killed; a stop stops PostgreSQL', async () => {
    const { supervisor, events, logs, told } = supervised();
    const url = await supervisor.start();
    onTestFinished(() => supervisor.stop());
    await call(url, '/branch/create', { name_en: 'Kept', name_ar: 'محفوظ' }, await signIn(url));

    // PostgreSQL killed under the server: the server says so and ends; it is started again (crash recovery).
    process.kill(postmasterPid(), 'SIGKILL');
    await told('server-up', 1);
    expect(events).toEqual(['server-down', 'server-up']);
    expect(logs[0]).toMatch(
      /ended unexpectedly \(exit code 1\)[^]*its database stopped: PostgreSQL ended \(killed by SIGKILL\)/,
    );
    expect(supervisor.url()).toBe(url);
    expect(await branchNames(url)).toContain('Kept');

    // The server killed: its PostgreSQL runs on, orphaned, holding the cluster; the next start stops it.
    const orphan = postmasterPid();
    process.kill(supervisor.pid()!, 'SIGKILL');
    await told('server-down', 2);
    expect(isAlive(orphan)).toBe(true);
    await told('server-up', 2);
    expect(isAlive(orphan)).toBe(false);
    expect(logs.join('\n')).toMatch(/killed by SIGKILL/);
    expect(supervisor.url()).toBe(url);
    expect(await branchNames(url)).toContain('Kept');

    // A power cut: both at once; their lock and pid files stay behind.
    const [server, postmaster] = [supervisor.pid()!, postmasterPid()];
    process.kill(server, 'SIGKILL');
    process.kill(postmaster, 'SIGKILL');
    await told('server-down', 3);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);
    expect(existsSync(join(pgDir, 'postmaster.pid'))).toBe(true);
    await told('server-up', 3);
    expect(await branchNames(url)).toContain('Kept');

    // A stop is not a crash: nothing restarted, PostgreSQL stopped, no lock or pid file left.
    const last = postmasterPid();
    await supervisor.stop();
    expect(events.filter((e) => e === 'server-down')).toHaveLength(3);
    expect(isAlive(last)).toBe(false);
    expect(postgresOf(pgDir)).toEqual([]);
    expect(existsSync(join(pgDir, 'postmaster.pid'))).toBe(false);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });

  it('after a restart of the computer, leaves alone the processes that now have the pids its files name', async () => {
    // Another cluster's postmaster (the test run's) has the pid left in this cluster's postmaster.pid,
    // and this test's runner the one in the lock, written before the computer last started.
    const other = new pg.Client({ connectionString: inject('databaseUrl') });
    await other.connect();
    const { rows } = await other.query<{ data_directory: string }>('show data_directory');
    await other.end();
    const otherPostmaster = readPostmasterPid(rows[0]!.data_directory)!;
    writeFileSync(join(pgDir, 'postmaster.pid'), `${otherPostmaster.pid}\n${pgDir}\n0\n${otherPostmaster.port}\n`);
    const bootedLongAgo = Date.now() - uptime() * 1000 - 3_600_000;
    writeFileSync(join(dataDir, 'server.lock'), `${process.pid} ${bootedLongAgo}`);

    const { supervisor } = supervised();
    const url = await supervisor.start();
    try {
      expect(await branchNames(url)).toContain('Kept');
      expect(isAlive(otherPostmaster.pid)).toBe(true);
    } finally {
      await supervisor.stop();
    }
  });
});
