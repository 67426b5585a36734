import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  BACKUP_SUFFIX,
  backupDue,
  backupsBeyond,
  backupTakenAt,
  type BackupAnswer,
  type BackupRefusal,
  type BackupStatus,
} from '../../shared/domain/backup';
import { defaultBackupState, type BackupState, type BackupStateStore, type DatabaseBackups } from '../platform/ports';
import { unrefTimer, type Timer } from './timer';

/** How often the station looks whether a backup is due: it may have been off when the last one was. */
const LOOK_EVERY_MS = 60 * 60 * 1000;

/**
 * The embedded database's backups on this station: one a day (at start when the last is a day old, the
 * station having perhaps been off at night, else when a look finds it due) and on demand, into the
 * folder the manager chose, the ones beyond the days kept deleted (never the newest); and a restore.
 * One job at a time. The work itself is the engine's (DatabaseBackups).
 */
export class BackupService {
  private running: BackupStatus['running'] = null;
  private readonly now: () => Date;
  private readonly timer: Timer;
  private readonly log: (message: string, detail?: unknown) => void;

  constructor(
    private readonly deps: {
      /** Null: the station's server is another computer's, whose administrator backs it up. */
      engine: DatabaseBackups | null;
      store: BackupStateStore;
      now?: () => Date;
      timer?: Timer;
      log?: (message: string, detail?: unknown) => void;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
    this.timer = deps.timer ?? unrefTimer;
    this.log = deps.log ?? (() => {});
  }

  /** Takes the backup due now, if one is, and looks again every hour. */
  start(): Promise<void> {
    if (!this.deps.engine) return Promise.resolve();
    const lookNow = async () => {
      try {
        const state = await this.deps.store.load();
        const last = state.last ? new Date(state.last.at) : null;
        if (state.folder && !this.running && backupDue(last, this.now())) {
          const answer = await this.backUpNow();
          if (answer.status === 'refused') this.log('scheduled backup refused', answer.reason);
        }
      } catch (error) {
        // The station's own files (its backup state) could not be read or written: said, tried again later.
        this.log('scheduled backup failed', error);
      } finally {
        // The timer never keeps a stopping station alive (unrefTimer).
        this.timer(() => void lookNow(), LOOK_EVERY_MS);
      }
    };
    return lookNow();
  }

  async status(): Promise<BackupStatus> {
    const state = await this.deps.store.load();
    const listed = state.folder ? await listFolder(state.folder) : { backups: [], listError: null };
    return { available: this.deps.engine !== null, ...state, running: this.running, ...listed };
  }

  /** Keeps the folder once a file can be written there (an unplugged disk or a read-only share is refused). */
  async configure(settings: { folder: string; keepDays: number }): Promise<BackupAnswer> {
    if (!isAbsolute(settings.folder)) return refused('BACKUP_FOLDER_NOT_WRITABLE');
    const probe = join(settings.folder, `.playdesk-write-check-${randomUUID()}`);
    try {
      await writeFile(probe, 'ok', { flag: 'wx' });
      await rm(probe, { force: true });
    } catch (error) {
      return refused(fileProblem(error));
    }
    await this.deps.store.save({ ...(await this.deps.store.load()), ...settings });
    return this.done();
  }

  async backUpNow(): Promise<BackupAnswer> {
    const { engine } = this.deps;
    if (!engine) return refused('BACKUP_NOT_EMBEDDED');
    if (this.running) return refused('BACKUP_BUSY');
    const state = await this.deps.store.load();
    if (!state.folder) return refused('BACKUP_NO_FOLDER');
    this.running = 'backup';
    const at = this.now().toISOString();
    try {
      const result = await engine.run({ action: 'take', folder: state.folder }).catch((error: unknown) => {
        this.log('backup failed', error);
        return { status: 'refused' as const, reason: 'BACKUP_FAILED' as const };
      });
      if (result.status !== 'taken') {
        const reason = result.status === 'refused' ? result.reason : 'BACKUP_FAILED';
        await this.deps.store.save({ ...state, lastError: { at, reason } });
        return refused(reason);
      }
      const taken: BackupState = {
        ...state,
        last: { at, name: result.name, bytes: result.bytes, verified: true },
        lastError: null,
      };
      await this.deps.store.save(taken);
      await this.prune(state.folder, state.keepDays);
    } finally {
      this.running = null;
    }
    return this.done();
  }

  /** Replaces all the data with the backup `name` of the folder (a name, never a path). */
  async restore(name: string): Promise<BackupAnswer> {
    const { engine } = this.deps;
    if (!engine) return refused('BACKUP_NOT_EMBEDDED');
    if (this.running) return refused('BACKUP_BUSY');
    const { folder } = await this.deps.store.load();
    if (!folder) return refused('BACKUP_NO_FOLDER');
    const file = join(folder, name);
    if (backupTakenAt(name) === null || !(await stat(file).catch(() => null))?.isFile()) {
      return refused('BACKUP_NOT_FOUND');
    }
    this.running = 'restore';
    try {
      const result = await engine.run({ action: 'restore', file }).catch((error: unknown) => {
        this.log('restore failed', error);
        return { status: 'refused' as const, reason: 'BACKUP_RESTORE_FAILED' as const };
      });
      if (result.status === 'refused') return refused(result.reason);
    } finally {
      this.running = null;
    }
    return this.done();
  }

  /** Deletes the backups older than the days kept, never the newest. */
  private async prune(folder: string, keepDays: number) {
    try {
      const names = (await readdir(folder)).filter((name) => name.endsWith(BACKUP_SUFFIX));
      for (const name of backupsBeyond(names, keepDays, this.now())) await rm(join(folder, name), { force: true });
    } catch (error) {
      this.log('old backups not deleted', error);
    }
  }

  private async done(): Promise<BackupAnswer> {
    return { status: 'done', backups: await this.status() };
  }
}

const refused = (reason: BackupRefusal): BackupAnswer => ({ status: 'refused', reason });

/** The backups in the folder, newest first; a `.partial` (a backup cut short) is never one. */
async function listFolder(folder: string): Promise<Pick<BackupStatus, 'backups' | 'listError'>> {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    return { backups: [], listError: fileProblem(error) };
  }
  const backups: BackupStatus['backups'] = [];
  for (const name of names) {
    const at = backupTakenAt(name);
    const size = at && (await stat(join(folder, name)).catch(() => null))?.size;
    if (at && size) backups.push({ name, at: at.toISOString(), bytes: size });
  }
  backups.sort((a, b) => b.at.localeCompare(a.at));
  return { backups, listError: null };
}

function fileProblem(error: unknown): BackupRefusal {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' ? 'BACKUP_DISK_FULL' : 'BACKUP_FOLDER_NOT_WRITABLE';
}

/** A station on a remote server: its backups are that server's administrator's (pg_dump there). */
export const remoteServerBackups = new BackupService({
  engine: null,
  store: { load: async () => defaultBackupState, save: async () => {} },
});
