import { BrowserWindow, dialog } from 'electron';
import { writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import type { FileSaver } from '../ports';
import { dialogStart, rememberFolder } from './dialog-folder';

const FILTER_NAMES: Record<string, string> = { xlsx: 'Excel', zip: 'Zip' };

/** The desktop app asks where to save, in the main process's dialog; the page never sees the path. */
export const electronFileSaver: FileSaver = {
  async save(fileName, bytes) {
    const window = BrowserWindow.getFocusedWindow();
    const extension = extname(fileName).slice(1);
    const options = {
      defaultPath: dialogStart(fileName),
      filters: [{ name: FILTER_NAMES[extension] ?? extension, extensions: [extension] }],
    };
    const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
    if (result.canceled || !result.filePath) return { status: 'cancelled' };
    rememberFolder(result.filePath);
    try {
      await writeFile(result.filePath, bytes);
      return { status: 'saved', fileName: basename(result.filePath) };
    } catch (error) {
      return { status: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
  },
};
