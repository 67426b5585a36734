import { BrowserWindow, dialog } from 'electron';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { MAX_UPLOAD_BYTES } from '../../../shared/api/files';
import type { FilePicker } from '../ports';
import { dialogStart, rememberFolder } from './dialog-folder';

/**
 * The desktop app chooses files in the main process's dialog: the renderer never sees a path, only
 * the chosen file's name and bytes, and nothing larger than an upload may be.
 */
export const electronFilePicker: FilePicker = {
  async pick(extensions) {
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
    if ((await stat(path)).size > MAX_UPLOAD_BYTES) return { status: 'too-large' };
    return { status: 'picked', fileName: basename(path), contentBase64: (await readFile(path)).toString('base64') };
  },
};
