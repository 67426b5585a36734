import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InvalidBridgeArgument } from '../../../electron/ipc/handlers';
import { ApiClient } from '../../../electron/services/api-client';
import { Session } from '../../../electron/services/session';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { FileSettingsStore } from '../../../electron/platform/node/file-settings-store';
import { noFilePicker, type FilePicker } from '../../../electron/platform/ports';
import { MAX_CAMPAIGN_UPLOAD_BASE64, type PickedPath } from '../../../shared/ipc';
import { MAX_CAMPAIGN_FILE_BYTES } from '../../../shared/domain/campaign-rows';
import { excelWorkbook } from '../../fixtures/campaign-sheets';
import { FakeServer, stationHandlers } from './fakes';

const root = mkdtempSync(join(tmpdir(), 'playdesk-campaign-channel-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** The bridge's handlers with `files` as the station's file dialog. */
function handlersWith(files: FilePicker) {
  const server = new FakeServer();
  const session = new Session(new MemorySecretStore());
  const api = new ApiClient({ transport: server, session, serverUrl: () => 'http://server', emit: () => {} });
  return stationHandlers(api, session, {
    settings: new FileSettingsStore(join(root, 'settings.json')),
    appInfo: () => ({ version: '1.0.0', shell: 'electron', serverUrl: 'http://server' }),
    files,
  });
}

/** A dialog that answers `answer` and remembers which extensions it offered. */
function dialog(answer: PickedPath) {
  const offered: string[][] = [];
  const files: FilePicker = {
    pick: async () => ({ status: 'unsupported' }),
    pickPath: async (extensions) => (offered.push(extensions), answer),
  };
  return { files, offered };
}

const workbook = () =>
  excelWorkbook([
    ['Mobile', 'Name', 'Kid'],
    ['0501234567', 'سارة', 'ليان'],
    ['+966 50 123 4568', 'Omar', null],
    ['0501234567', 'Twice', null],
    ['12', 'Short', null],
  ]);

describe('pos:campaign-sheet', () => {
  it('reads the file the desktop dialog chose, in the branch country, and gives the page its rows, problems and bytes, never its path', async () => {
    const path = join(root, 'parents.xlsx');
    const bytes = await workbook();
    writeFileSync(path, bytes);
    const { files, offered } = dialog({ status: 'picked', path, fileName: 'parents.xlsx' });
    const reply = await handlersWith(files)['pos:campaign-sheet']({ country: 'SA' });
    expect(offered).toEqual([['xlsx', 'csv']]);
    expect(reply).toMatchObject({
      status: 'read',
      fileName: 'parents.xlsx',
      sheet: {
        rows: [
          { row: 2, mobile: '+966501234567', name: 'سارة', kid: 'ليان' },
          { row: 3, mobile: '+966501234568', name: 'Omar' },
        ],
        problems: [
          { row: 4, reason: 'DUPLICATE', duplicateOf: 2 },
          { row: 5, reason: 'INVALID_MOBILE', typed: '12' },
        ],
      },
    });
    // The campaign keeps the file itself (spec 7): the bytes the rows were read from.
    expect(reply.status === 'read' && Buffer.from(reply.contentBase64 ?? '', 'base64').equals(bytes)).toBe(true);
    expect(JSON.stringify(reply)).not.toContain(root);
  });

  it('refuses a file over 10 MB, in either mode, before reading a row of it', async () => {
    const path = join(root, 'huge.csv');
    const huge = Buffer.alloc(MAX_CAMPAIGN_FILE_BYTES + 1, '0501234567\n');
    writeFileSync(path, huge);
    const desktop = handlersWith(dialog({ status: 'picked', path, fileName: 'huge.csv' }).files);
    expect(await desktop['pos:campaign-sheet']({ country: 'SA' })).toEqual({
      status: 'refused',
      key: 'CAMPAIGN_FILE_TOO_LARGE',
    });
    // Browser mode's page sends up to the bridge's own limit; the bytes past 10 MB are refused the same.
    const browser = handlersWith(noFilePicker);
    expect(
      await browser['pos:campaign-sheet']({
        country: 'SA',
        upload: { fileName: 'huge.csv', contentBase64: huge.toString('base64').slice(0, MAX_CAMPAIGN_UPLOAD_BASE64) },
      }),
    ).toEqual({ status: 'refused', key: 'CAMPAIGN_FILE_TOO_LARGE' });
    const gone = handlersWith(dialog({ status: 'picked', path: join(root, 'gone.csv'), fileName: 'gone.csv' }).files);
    expect(await gone['pos:campaign-sheet']({ country: 'SA' })).toEqual({
      status: 'refused',
      key: 'FILE_NOT_READABLE',
    });
  });

  it('reads local numbers in the country the page names', async () => {
    const path = join(root, 'egypt.csv');
    writeFileSync(path, 'mobile\n01001234567\n');
    const reply = await handlersWith(dialog({ status: 'picked', path, fileName: 'egypt.csv' }).files)[
      'pos:campaign-sheet'
    ]({ country: 'EG' });
    expect(reply).toMatchObject({ status: 'read', sheet: { rows: [{ mobile: '+201001234567' }] } });
  });

  it('passes a cancelled dialog on, and says a refused file by its key', async () => {
    expect(await handlersWith(dialog({ status: 'cancelled' }).files)['pos:campaign-sheet']({ country: 'SA' })).toEqual({
      status: 'cancelled',
    });
    const path = join(root, 'empty.csv');
    writeFileSync(path, '');
    expect(
      await handlersWith(dialog({ status: 'picked', path, fileName: 'empty.csv' }).files)['pos:campaign-sheet']({
        country: 'SA',
      }),
    ).toEqual({ status: 'refused', key: 'SHEET_EMPTY' });
  });

  it('in browser mode says it has no dialog, then reads the bytes the page sends and keeps no copy of them', async () => {
    const handlers = handlersWith(noFilePicker);
    expect(await handlers['pos:campaign-sheet']({ country: 'SA' })).toEqual({ status: 'unsupported' });
    const before = readdirSync(tmpdir()).filter((n) => n.startsWith('playdesk-campaign-')).length;
    const reply = await handlers['pos:campaign-sheet']({
      country: 'SA',
      upload: { fileName: 'parents.xlsx', contentBase64: (await workbook()).toString('base64') },
    });
    expect(reply).toMatchObject({
      status: 'read',
      fileName: 'parents.xlsx',
      sheet: { rows: [{ row: 2 }, { row: 3 }] },
    });
    // The page has the bytes: they are not sent back.
    expect(reply).not.toHaveProperty('contentBase64');
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith('playdesk-campaign-')).length).toBe(before);
    expect(
      await handlers['pos:campaign-sheet']({
        country: 'SA',
        upload: { fileName: 'x.xlsx', contentBase64: Buffer.from('not a workbook \u0001').toString('base64') },
      }),
    ).toEqual({ status: 'refused', key: 'SHEET_NOT_SPREADSHEET' });
  });

  it('refuses a bad argument before any file is touched', async () => {
    const { files, offered } = dialog({ status: 'cancelled' });
    const handlers = handlersWith(files);
    await expect(handlers['pos:campaign-sheet']({ country: 'Saudi' })).rejects.toBeInstanceOf(InvalidBridgeArgument);
    await expect(
      handlers['pos:campaign-sheet']({
        country: 'SA',
        upload: { fileName: 'x.csv', contentBase64: 'a'.repeat(MAX_CAMPAIGN_UPLOAD_BASE64 + 4) },
      }),
    ).rejects.toBeInstanceOf(InvalidBridgeArgument);
    expect(offered).toEqual([]);
  });
});
