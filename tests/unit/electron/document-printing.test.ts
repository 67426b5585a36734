import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidBridgeArgument } from '../../../electron/ipc/handlers';
import { ApiClient } from '../../../electron/services/api-client';
import { Session } from '../../../electron/services/session';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { FileSettingsStore } from '../../../electron/platform/node/file-settings-store';
import { defaultSettings, type DocumentPrinter } from '../../../electron/platform/ports';
import type { DocumentOutcome, SystemPrinter } from '../../../shared/ipc';
import { FakeServer, stationHandlers } from './fakes';

/** The system's printers as the desktop shell would list them, and every print it is asked for. */
class FakeDocumentPrinter implements DocumentPrinter {
  readonly printed: (string | null)[] = [];
  readonly saved: string[] = [];
  constructor(public list: SystemPrinter[]) {}
  printers = async () => ({ status: 'listed' as const, printers: this.list });
  print = async (deviceName: string | null): Promise<DocumentOutcome> => {
    this.printed.push(deviceName);
    return { status: 'printed' };
  };
  savePdf = async (fileName: string): Promise<DocumentOutcome> => {
    this.saved.push(fileName);
    return { status: 'saved', fileName: `C:\\Invoices\\${fileName}` };
  };
}

function station(printer: FakeDocumentPrinter) {
  const session = new Session(new MemorySecretStore());
  const settings = new FileSettingsStore(join(mkdtempSync(join(tmpdir(), 'playdesk-a4-')), 'settings.json'));
  const api = new ApiClient({ transport: new FakeServer(), session, serverUrl: () => 'http://server', emit: () => {} });
  const handlers = stationHandlers(api, session, {
    settings,
    appInfo: () => ({ version: '1', shell: 'electron', serverUrl: '' }),
    documents: printer,
  });
  return { handlers, settings };
}

const laser = { name: 'HP_LaserJet_M404', displayName: 'HP LaserJet M404' };

describe('A4 invoices in the desktop app', () => {
  it('lists the system printers for the settings screen', async () => {
    const { handlers } = station(new FakeDocumentPrinter([laser]));
    expect(await handlers['pos:printers-list'](null)).toEqual({ status: 'listed', printers: [laser] });
  });

  it('print on the chosen invoice printer without asking; with none chosen, the print dialog asks', async () => {
    const printer = new FakeDocumentPrinter([laser]);
    const { handlers, settings } = station(printer);
    expect(await handlers['pos:print-document']({ action: 'print' })).toEqual({ status: 'printed' });
    await settings.save({ ...defaultSettings, invoicePrinter: laser.name });
    await handlers['pos:print-document']({ action: 'print' });
    expect(printer.printed).toEqual([null, laser.name]);
  });

  it('a chosen printer since removed from Windows is not printed to blindly: the dialog asks', async () => {
    const printer = new FakeDocumentPrinter([laser]);
    const { handlers, settings } = station(printer);
    await settings.save({ ...defaultSettings, invoicePrinter: 'Old_Printer' });
    await handlers['pos:print-document']({ action: 'print' });
    expect(printer.printed).toEqual([null]);
  });

  it('save as PDF under the offered name; a name that could be a path is refused', async () => {
    const printer = new FakeDocumentPrinter([]);
    const { handlers } = station(printer);
    expect(await handlers['pos:print-document']({ action: 'pdf', fileName: 'فاتورة 57.pdf' })).toEqual({
      status: 'saved',
      fileName: 'C:\\Invoices\\فاتورة 57.pdf',
    });
    for (const fileName of ['..\\..\\Windows\\evil.pdf', '../x.pdf', 'invoice.exe', 'C:invoice.pdf']) {
      await expect(handlers['pos:print-document']({ action: 'pdf', fileName })).rejects.toBeInstanceOf(
        InvalidBridgeArgument,
      );
    }
    await expect(handlers['pos:print-document']({ action: 'fax' })).rejects.toBeInstanceOf(InvalidBridgeArgument);
    expect(printer.saved).toEqual(['فاتورة 57.pdf']);
  });
});
