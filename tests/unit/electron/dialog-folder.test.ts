import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * Since Electron 43 the open and save dialogs start in Downloads unless given a folder, and the system
 * no longer brings back the one last used: a cashier importing photos or saving reports would walk
 * back to their folder each time. The station remembers it. Electron's dialog is replaced here: what
 * it is asked to open at is what the user would see.
 */
const asked: { kind: 'open' | 'save'; defaultPath: string | undefined }[] = [];
const answers: string[] = [];
const saveFilters: unknown[] = [];

vi.mock('electron', () => ({
  BrowserWindow: { getFocusedWindow: () => null },
  dialog: {
    showOpenDialog: async (options: { defaultPath?: string }) => {
      asked.push({ kind: 'open', defaultPath: options.defaultPath });
      return { canceled: false, filePaths: [answers.shift()!] };
    },
    showSaveDialog: async (options: { defaultPath?: string; filters?: unknown }) => {
      asked.push({ kind: 'save', defaultPath: options.defaultPath });
      saveFilters.push(options.filters);
      return { canceled: false, filePath: answers.shift()! };
    },
  },
}));

const { electronFilePicker } = await import('../../../electron/platform/electron/file-picker');
const { electronFileSaver } = await import('../../../electron/platform/electron/file-saver');

const root = mkdtempSync(join(tmpdir(), 'playdesk-dialogs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the desktop file dialogs', () => {
  it('open where the last file was picked or saved', async () => {
    const photos = mkdtempSync(join(root, 'photos-'));
    const reports = mkdtempSync(join(root, 'reports-'));
    writeFileSync(join(photos, 'kid.png'), 'png');

    answers.push(join(photos, 'kid.png'));
    expect(await electronFilePicker.pick(['png'])).toMatchObject({ status: 'picked', fileName: 'kid.png' });
    answers.push(join(reports, 'sales.xlsx'));
    expect(await electronFileSaver.save('sales.xlsx', Buffer.from([1, 2]))).toMatchObject({ status: 'saved' });
    expect(readFileSync(join(reports, 'sales.xlsx'))).toEqual(Buffer.from([1, 2]));
    answers.push(join(reports, 'stock.xlsx'));
    await electronFileSaver.save('stock.xlsx', Buffer.from([3]));
    answers.push(join(photos, 'kid.png'));
    await electronFilePicker.pick(['png']);

    expect(asked).toEqual([
      // Nothing chosen yet this run: Electron's own start (Downloads), with the suggested name.
      { kind: 'open', defaultPath: undefined },
      { kind: 'save', defaultPath: join(photos, 'sales.xlsx') },
      { kind: 'save', defaultPath: join(reports, 'stock.xlsx') },
      { kind: 'open', defaultPath: reports },
    ]);
  });

  it('offer the kind of file being saved: a diagnostics zip as a zip, not a spreadsheet', async () => {
    answers.push(join(root, 'playdesk-diagnostics.zip'));
    saveFilters.length = 0;
    await electronFileSaver.save('playdesk-diagnostics.zip', Buffer.from('PK'));
    expect(saveFilters).toEqual([[{ name: 'Zip', extensions: ['zip'] }]]);
  });
});
