import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackupService } from '../../../electron/services/backups';
import { FileBackupStateStore } from '../../../electron/platform/node/file-backup-state';
import type { BackupJobRequest, DatabaseBackups } from '../../../electron/platform/ports';
import type { Timer } from '../../../electron/services/timer';
import { backupFileName, backupsBeyond, type BackupJobResult } from '../../../shared/domain/backup';
import type { BridgeEvent } from '../../../shared/ipc';
import type { SessionUser } from '../../../shared/permissions';
import { ApiClient } from '../../../electron/services/api-client';
import { Session } from '../../../electron/services/session';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { FileSettingsStore } from '../../../electron/platform/node/file-settings-store';
import { FakeServer, okBody, tokens, user, stationHandlers } from './fakes';

/**
 * The station's backup service with the database's work replaced: a fake engine that writes a file
 * named as a real backup is, at the fake clock's time. What is tested is the station's part: when a
 * backup is due, where it goes, which are kept, what a page is told.
 */

let root: string;
let folder: string;
let now: Date;
let jobs: BackupJobRequest[];
let answer: (job: BackupJobRequest) => BackupJobResult | null;
let looks: (() => void)[];

const engine: DatabaseBackups = {
  run: async (job) => {
    jobs.push(job);
    const given = answer(job);
    if (given) return given;
    if (job.action === 'restore') return { status: 'restored' };
    const name = backupFileName(now);
    writeFileSync(join(job.folder, name), 'backup');
    return { status: 'taken', name, bytes: 6 };
  },
};
const timer: Timer = (run) => {
  looks.push(run);
  return { cancel: () => {} };
};
const service = (opts: { engine?: DatabaseBackups | null } = {}) =>
  new BackupService({
    engine: opts.engine === undefined ? engine : opts.engine,
    store: new FileBackupStateStore(join(root, 'backups.json')),
    now: () => now,
    timer,
  });
const at = (iso: string) => (now = new Date(iso));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'playdesk-station-backups-'));
  folder = join(root, 'usb');
  jobs = [];
  looks = [];
  answer = () => null;
  at('2026-03-01T22:00:00.000Z');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function configured(keepDays = 14) {
  const backups = service();
  mkdirSync(folder);
  expect(await backups.configure({ folder, keepDays })).toMatchObject({ status: 'done' });
  return backups;
}

describe('the station backups', () => {
  it('take one at start when none is a day old, else wait for the hourly look that finds one due', async () => {
    const backups = await configured();
    await backups.start();
    expect(jobs).toEqual([{ action: 'take', folder }]);
    // A start again an hour later: the last is recent, nothing is taken.
    at('2026-03-01T23:00:00.000Z');
    await service().start();
    expect(jobs).toHaveLength(1);
    // A day after the last, the look finds one due.
    at('2026-03-02T22:00:00.000Z');
    looks.at(-1)!();
    await expect.poll(() => jobs.length).toBe(2);
    const status = await backups.status();
    expect(status.last).toMatchObject({ at: '2026-03-02T22:00:00.000Z', verified: true, bytes: 6 });
    expect(status.backups.map((b) => b.at)).toEqual(['2026-03-02T22:00:00.000Z', '2026-03-01T22:00:00.000Z']);
  });

  it('keep the days asked and always the newest, and list neither a cut backup nor a foreign file', async () => {
    const backups = await configured(3);
    for (const day of ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05']) {
      at(`${day}T22:00:00.000Z`);
      expect(await backups.backUpNow()).toMatchObject({ status: 'done' });
    }
    expect((await backups.status()).backups.map((b) => b.at.slice(0, 10))).toEqual([
      '2026-03-05',
      '2026-03-04',
      '2026-03-03',
      '2026-03-02',
    ]);
    // A station off for a month: its next backup fails, and the newest is kept anyway.
    at('2026-04-05T22:00:00.000Z');
    answer = () => ({ status: 'refused', reason: 'BACKUP_DISK_FULL' });
    expect(await backups.backUpNow()).toEqual({ status: 'refused', reason: 'BACKUP_DISK_FULL' });
    answer = () => null;
    writeFileSync(join(folder, `${backupFileName(now)}.partial`), 'half');
    writeFileSync(join(folder, 'notes.txt'), 'mine');
    at('2026-04-06T22:00:00.000Z');
    expect(await backups.backUpNow()).toMatchObject({ status: 'done' });
    const status = await backups.status();
    expect(status.backups.map((b) => b.at.slice(0, 10))).toEqual(['2026-04-06']);
    expect(readdirSync(folder)).toContain('notes.txt');
    expect(status.lastError).toBeNull();
  });

  it('say why: no folder, a folder not writable, a failed check, a backup not there, a remote server', async () => {
    const fresh = service();
    expect(await fresh.backUpNow()).toEqual({ status: 'refused', reason: 'BACKUP_NO_FOLDER' });
    expect(await fresh.configure({ folder: join(root, 'missing'), keepDays: 14 })).toEqual({
      status: 'refused',
      reason: 'BACKUP_FOLDER_NOT_WRITABLE',
    });
    expect(await fresh.configure({ folder: 'relative/path', keepDays: 14 })).toEqual({
      status: 'refused',
      reason: 'BACKUP_FOLDER_NOT_WRITABLE',
    });
    const backups = await configured();
    if (process.getuid?.() !== 0) {
      // Root writes anywhere: a read-only folder refuses only an ordinary user.
      chmodSync(folder, 0o500);
      expect(await backups.configure({ folder, keepDays: 14 })).toMatchObject({ status: 'refused' });
      chmodSync(folder, 0o700);
    }
    answer = () => ({ status: 'refused', reason: 'BACKUP_VERIFY_FAILED' });
    expect(await backups.backUpNow()).toEqual({ status: 'refused', reason: 'BACKUP_VERIFY_FAILED' });
    expect((await backups.status()).lastError).toEqual({ at: now.toISOString(), reason: 'BACKUP_VERIFY_FAILED' });
    expect(await backups.restore(backupFileName(now))).toEqual({ status: 'refused', reason: 'BACKUP_NOT_FOUND' });
    expect(jobs.filter((j) => j.action === 'restore')).toEqual([]);

    const remote = service({ engine: null });
    expect((await remote.status()).available).toBe(false);
    expect(await remote.backUpNow()).toEqual({ status: 'refused', reason: 'BACKUP_NOT_EMBEDDED' });
  });

  it('run one job at a time and restore by name, from the folder', async () => {
    const backups = await configured();
    let finish: () => void = () => {};
    const slow: DatabaseBackups = {
      run: (job) =>
        new Promise((done) => {
          finish = () => void engine.run(job).then(done);
        }),
    };
    const busy = new BackupService({
      engine: slow,
      store: new FileBackupStateStore(join(root, 'backups.json')),
      now: () => now,
      timer,
    });
    const first = busy.backUpNow();
    await expect.poll(() => busy.status().then((s) => s.running)).toBe('backup');
    expect(await busy.backUpNow()).toEqual({ status: 'refused', reason: 'BACKUP_BUSY' });
    finish();
    expect(await first).toMatchObject({ status: 'done' });
    const name = (await backups.status()).backups[0]!.name;
    expect(await backups.restore(name)).toMatchObject({ status: 'done' });
    expect(jobs.at(-1)).toEqual({ action: 'restore', file: join(folder, name) });
  });
});

describe('which backups are beyond the days kept', () => {
  it('are those older than the days, never the newest even when it is older too (a clock set wrong)', () => {
    const names = ['2026-03-01', '2026-03-10', '2026-03-20'].map((day) => backupFileName(new Date(`${day}T08:00:00Z`)));
    expect(backupsBeyond([...names, 'notes.txt'], 3, new Date('2026-04-30T00:00:00Z'))).toEqual([names[1], names[0]]);
    expect(backupsBeyond(names, 15, new Date('2026-03-21T00:00:00Z'))).toEqual([names[0]]);
  });
});

describe('the backup channels', () => {
  /** A station's handlers with `who` signed in (or nobody), on the backup service with the fake engine. */
  async function handlersFor(who: SessionUser | null) {
    const server = new FakeServer()
      .on('/user/login', () => okBody({ ...tokens(1), user: who }))
      .on('/user/logout', () => okBody(null));
    const session = new Session(new MemorySecretStore());
    const api = new ApiClient({ transport: server, session, serverUrl: () => 'http://127.0.0.1:4100', emit: () => {} });
    const events: BridgeEvent[] = [];
    const handlers = stationHandlers(api, session, {
      settings: new FileSettingsStore(join(root, 'settings.json')),
      emit: (event) => events.push(event),
      appInfo: () => ({ version: '1', shell: 'web', serverUrl: '' }),
      backups: await configured(),
    });
    if (who) await api.login({ login: 'someone@x.test', password: 'pw' });
    return { handlers, events, session };
  }
  const withSettings = (update: boolean): SessionUser => ({
    ...user,
    id: 4,
    role: 'employee',
    branch_id: 1,
    privilege: {
      id: 9,
      name_en: 'Cashier',
      name_ar: 'كاشير',
      admin_access: false,
      features: { Settings: { access: true, view: true, create: false, update, delete: false } },
    },
  });

  it("need Settings' update right to change, take or restore anything", async () => {
    for (const who of [null, withSettings(false)]) {
      const { handlers } = await handlersFor(who);
      const refused = { status: 'refused', reason: 'NOT_AUTHORISED' };
      expect(await handlers['pos:backups-configure']({ folder: root, keepDays: 1 })).toEqual(refused);
      expect(await handlers['pos:backups-run'](null)).toEqual(refused);
      expect(await handlers['pos:backups-restore']({ name: backupFileName(now) })).toEqual(refused);
      expect(await handlers['pos:backups-choose-folder'](null)).toEqual({ status: 'cancelled' });
      expect(jobs).toEqual([]);
      rmSync(folder, { recursive: true });
    }
  });

  it('restore, then sign the station out; a path for a name is refused before the station looks', async () => {
    const { handlers, events, session } = await handlersFor(withSettings(true));
    const taken = await handlers['pos:backups-run'](null);
    expect(taken).toMatchObject({ status: 'done' });
    await expect(handlers['pos:backups-restore']({ name: '../../etc/passwd' })).rejects.toThrow(/Invalid argument/);
    const name = taken.status === 'done' ? taken.backups.backups[0]!.name : '';
    expect(await handlers['pos:backups-restore']({ name })).toMatchObject({ status: 'done' });
    expect(events).toContainEqual({ type: 'session-ended' });
    expect(await session.user()).toBeNull();
  });
});
