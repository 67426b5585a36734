import { dirname, join } from 'node:path';

/**
 * Since Electron 43 the open and save dialogs start in Downloads unless given a folder, and the system
 * no longer brings back the one last used. The station remembers it while it runs, so the next photo,
 * sheet or PDF starts where the last one was picked or saved.
 */
let lastFolder: string | undefined;

/** Where a dialog starts: the last folder (with the suggested name in it), else Electron's own start. */
export function dialogStart(fileName?: string): string | undefined {
  if (!lastFolder) return fileName;
  return fileName ? join(lastFolder, fileName) : lastFolder;
}

export function rememberFolder(chosen: string): void {
  lastFolder = dirname(chosen);
}
