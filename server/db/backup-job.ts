import { basename } from 'node:path';
import { backupJobSchema, type BackupJob, type BackupJobResult } from '../../shared/domain/backup';
import { BackupError, restoreBackup, takeBackup } from './backup';

/** A station's backup job, answered as a result (a refusal's reason is the station's to show). */
export async function runBackupJob(job: BackupJob): Promise<BackupJobResult> {
  try {
    if (job.action === 'restore') {
      await restoreBackup(job.databaseUrl, job.file);
      return { status: 'restored' };
    }
    const taken = await takeBackup(job.databaseUrl, job.folder, { verify: true });
    return { status: 'taken', name: basename(taken.file), bytes: taken.bytes };
  } catch (error) {
    if (error instanceof BackupError) return { status: 'refused', reason: error.reason };
    console.error(error);
    return { status: 'refused', reason: 'BACKUP_FAILED' };
  }
}

type ParentPort = {
  once(event: 'message', listener: (message: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
};

/**
 * The desktop app's one-shot backup process (`server.mjs backup-job` in a utility process): the job
 * comes as the parent's first message (the database's password never on a command line), the result
 * goes back, and the process exits.
 */
export async function runJobFromParent(): Promise<never> {
  const parentPort = (process as { parentPort?: ParentPort }).parentPort;
  if (!parentPort) {
    console.error('backup-job runs in a utility process of the PlayDesk desktop app');
    process.exit(2);
  }
  const message = await new Promise<unknown>((done) => parentPort.once('message', (event) => done(event.data)));
  const job = backupJobSchema.safeParse(message);
  parentPort.postMessage(job.success ? await runBackupJob(job.data) : { status: 'refused', reason: 'BACKUP_FAILED' });
  process.exit(0);
}
