import { BrowserWindow, dialog } from 'electron';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { MAX_UPLOAD_BYTES } from '../../../shared/api/files';
import type { PickedPath } from '../../../shared/ipc';
import type { FilePicker } from '../ports';
import { dialogStart, rememberFolder } from './dialog-folder';

/**
 * The desktop app chooses files in the main process's dialog: the renderer never sees a path, only
 * the chosen file's name and bytes (nothing larger than an upload may be), or what the main process
 * read from it.
 */
export const electronFilePicker: FilePicker = {
  async pick(extensions) {
    const chosen = await choose(extensions);
    if (chosen.status !== 'picked') return chosen;
    if ((await stat(chosen.path)).size > MAX_UPLOAD_BYTES) return { status: 'too-large' };
    return {
      status: 'picked',
      fileName: chosen.fileName,
      contentBase64: (await readFile(chosen.path)).toString('base64'),
    };
  },
  pickPath: choose,
};

async function choose(extensions: string[]): Promise<PickedPath> {
  const window = BrowserWindow.getFocusedWindow();
  const options = {
    defaultPath: dialogStart(),
    properties: ['openFile' as const],
    filters: [{ name: extensions.join(', ').toUpperCase(), extensions }],
  };
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  const path = result.filePaths[0];
  if (result.canceled || !path) return { status: 'cancelled' };
  rememberFolder(path);
  return { status: 'picked', path, fileName: basename(path) };
}
