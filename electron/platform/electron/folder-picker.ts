import { BrowserWindow, dialog } from 'electron';
import type { FolderPicker } from '../ports';
import { dialogStart, rememberFolder } from './dialog-folder';

/** The backups' folder, chosen in the system's dialog (a USB disk, a network share), a new one allowed. */
export const electronFolderPicker: FolderPicker = {
  async choose() {
    const window = BrowserWindow.getFocusedWindow();
    const options = {
      defaultPath: dialogStart(),
      properties: ['openDirectory' as const, 'createDirectory' as const],
    };
    const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
    const folder = result.filePaths[0];
    if (result.canceled || !folder) return { status: 'cancelled' };
    rememberFolder(folder);
    return { status: 'picked', folder };
  },
};
