import { dialog, type BrowserWindow } from 'electron';
import { writeFile } from 'node:fs/promises';
import type { DocumentOutcome } from '../../../shared/ipc';
import type { DocumentPrinter } from '../ports';
import { dialogStart, rememberFolder } from './dialog-folder';

/**
 * A4 invoices in the desktop app: the window's page (showing the invoice, its print stylesheet hiding
 * the rest) goes to a system printer with `webContents.print`, or to a PDF with `printToPDF`.
 */
export function electronDocumentPrinter(window: () => BrowserWindow | null): DocumentPrinter {
  return {
    async printers() {
      const win = window();
      if (!win) return { status: 'unsupported' };
      const printers = await win.webContents.getPrintersAsync();
      return {
        status: 'listed',
        printers: printers.map((p) => ({ name: p.name, displayName: p.displayName || p.name })),
      };
    },
    print(deviceName) {
      const win = window();
      if (!win) return Promise.resolve({ status: 'unsupported' });
      return new Promise<DocumentOutcome>((done) =>
        win.webContents.print(
          { silent: deviceName !== null, ...(deviceName ? { deviceName } : {}), printBackground: true },
          (success, failureReason) => {
            if (success) done({ status: 'printed' });
            else if (/cancel/i.test(failureReason)) done({ status: 'cancelled' });
            else done({ status: 'failed', message: 'PRINT_FAILED' });
          },
        ),
      );
    },
    async savePdf(fileName) {
      const win = window();
      if (!win) return { status: 'unsupported' };
      const pdf = await win.webContents.printToPDF({ pageSize: 'A4', printBackground: true });
      const target = await dialog.showSaveDialog(win, {
        defaultPath: dialogStart(fileName),
        filters: [{ name: 'PDF', extensions: ['pdf'] }],
      });
      if (target.canceled || !target.filePath) return { status: 'cancelled' };
      rememberFolder(target.filePath);
      await writeFile(target.filePath, pdf);
      return { status: 'saved', fileName: target.filePath };
    },
  };
}
