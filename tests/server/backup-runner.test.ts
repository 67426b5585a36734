import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWithAdministrator, type TestServer } from './harness';
import { checkBackup } from '../../server/db/backup';

/**
 * The desktop app's backup path with Electron replaced: `utilityProcess.fork` is a Node child running
 * the server's command line (`backup-job`), which gets the job by message and answers by message.
 */
const shim = fileURLToPath(new URL('./utility-process-shim.ts', import.meta.url));
const forked: { entry: string; args: string[] }[] = [];
vi.mock('electron', () => ({
  utilityProcess: {
    fork: (entry: string, args: string[], opts: { env: NodeJS.ProcessEnv }) => {
      forked.push({ entry, args });
      const child = fork(shim, args, { execArgv: ['--import', 'tsx'], env: opts.env, stdio: 'inherit' });
      return Object.assign(child, { postMessage: (message: unknown) => child.send(message as object) });
    },
  },
}));
const { backupRunner } = await import('../../electron/platform/electron/backup-runner');

let server: TestServer;
let folder: string;
beforeAll(async () => {
  ({ server } = await startWithAdministrator());
  folder = mkdtempSync(join(tmpdir(), 'playdesk-runner-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the desktop app's backup process", () => {
  it('takes a checked backup into the folder and restores it, the job told by message', async () => {
    const url = server.database.pool.options.connectionString!;
    const runner = backupRunner('/app/dist-electron/server.mjs', 'server/db/migrations', () => url);
    const taken = await runner.run({ action: 'take', folder });
    expect(taken).toMatchObject({ status: 'taken' });
    expect(forked[0]).toEqual({ entry: '/app/dist-electron/server.mjs', args: ['backup-job'] });
    const name = taken.status === 'taken' ? taken.name : '';
    expect(readdirSync(folder)).toEqual([name]);
    await checkBackup(join(folder, name));
    expect(await runner.run({ action: 'restore', file: join(folder, name) })).toEqual({ status: 'restored' });
    expect(await runner.run({ action: 'restore', file: join(folder, 'missing.pdbackup') })).toEqual({
      status: 'refused',
      reason: 'BACKUP_DAMAGED',
    });
    expect(await backupRunner('x', 'y', () => null).run({ action: 'take', folder })).toEqual({
      status: 'refused',
      reason: 'BACKUP_DATABASE_UNREACHABLE',
    });
  });
});
