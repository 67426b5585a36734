import { fail } from '../../shared/api/envelope';
import { parseAtEdge } from '../../shared/api/validation';
import { invokeChannels, isOnceCommand, settingsSchema, type AppInfo, type BridgeEvent, type InvokeChannel, type InvokeResult, type Settings } from '../../shared/ipc';
import type { ApiClient } from '../services/api-client';
import type { OnceCommands } from '../services/once-commands';
import { readFirstSheet, SheetTooLargeError } from '../services/spreadsheet';
import { checkProductRows } from '../../shared/domain/product-import';
import type { Session } from '../services/session';
import { hasFullAccess } from '../../shared/permissions';
import { probeServer } from '../services/server-probe';
import { printInvoicePage, printSaleReceipt, printTestReceipt } from '../services/printing/print-jobs';
import type { DocumentPrinter, FilePicker, SettingsStore } from '../platform/ports';

export interface HandlerDeps {
  api: ApiClient;
  commands: OnceCommands;
  session: Session;
  settings: SettingsStore;
  appInfo: () => AppInfo;
  files: FilePicker;
  documents: DocumentPrinter;
  emit: (event: BridgeEvent) => void;
}

export type ChannelHandlers = { [C in InvokeChannel]: (arg: unknown) => Promise<InvokeResult[C]> };

export class InvalidBridgeArgument extends Error {
  constructor(channel: string) {
    super(`Invalid argument for ${channel}`);
    this.name = 'InvalidBridgeArgument';
  }
}

/**
 * One table of what each bridge channel does, served by Electron's ipcMain and by the browser-mode
 * WebSocket alike. Every argument is validated here: the renderer is not trusted.
 */
export function createHandlers(deps: HandlerDeps): ChannelHandlers {
  const argOf = (channel: InvokeChannel, arg: unknown) => {
    if (!invokeChannels[channel].safeParse(arg).success) throw new InvalidBridgeArgument(channel);
  };
  return {
    'pos:api-call': async (arg) => {
      const parsed = invokeChannels['pos:api-call'].safeParse(arg);
      if (!parsed.success) return fail('VALIDATION_FAILED');
      const { name, body } = parsed.data;
      return isOnceCommand(name) ? deps.commands.send(name, body) : deps.api.call(name, body);
    },
    'pos:pending-get': async (arg) => {
      const parsed = invokeChannels['pos:pending-get'].safeParse(arg);
      if (!parsed.success) throw new InvalidBridgeArgument('pos:pending-get');
      return deps.commands.pending(parsed.data.name);
    },
    'pos:pending-drop': async (arg) => {
      const parsed = invokeChannels['pos:pending-drop'].safeParse(arg);
      if (!parsed.success) throw new InvalidBridgeArgument('pos:pending-drop');
      return deps.commands.drop(parsed.data.name);
    },
    'pos:auth-login': async (arg) => {
      const parsed = parseAtEdge(invokeChannels['pos:auth-login'], arg);
      if (!parsed.ok) return fail(parsed.message, { errors: parsed.errors });
      return deps.api.login(parsed.data);
    },
    'pos:auth-logout': async (arg) => {
      argOf('pos:auth-logout', arg);
      return deps.api.logout();
    },
    'pos:auth-current': async (arg) => {
      argOf('pos:auth-current', arg);
      return deps.session.user();
    },
    'pos:settings-get': async (arg) => {
      argOf('pos:settings-get', arg);
      return deps.settings.load();
    },
    'pos:settings-set': async (arg) => {
      const parsed = settingsSchema.safeParse(arg);
      if (!parsed.success) throw new InvalidBridgeArgument('pos:settings-set');
      const before = await deps.settings.load();
      // The station's branch is an administrator's choice; anyone else's save keeps it as it was.
      const user = await deps.session.user();
      const settings: Settings = { ...parsed.data, stationBranchId: user && hasFullAccess(user) ? parsed.data.stationBranchId : before.stationBranchId };
      // A changed server takes effect at the next start, when the embedded server is (not) started.
      await deps.settings.save(settings);
      // This server's tokens must never be sent to the next one: sign out here (and there) now.
      if (serverOf(before) !== serverOf(settings)) {
        await deps.api.logout();
        deps.emit({ type: 'session-ended' });
      }
      return settings;
    },
    'pos:app-info': async (arg) => {
      argOf('pos:app-info', arg);
      return deps.appInfo();
    },
    'pos:server-test': async (arg) => {
      const parsed = invokeChannels['pos:server-test'].safeParse(arg);
      if (!parsed.success) throw new InvalidBridgeArgument('pos:server-test');
      return probeServer(parsed.data.url);
    },
    'pos:products-sheet': async (arg) => {
      const parsed = invokeChannels['pos:products-sheet'].safeParse(arg);
      if (!parsed.success) throw new InvalidBridgeArgument('pos:products-sheet');
      try {
        return { status: 'checked', check: checkProductRows(await readFirstSheet(Buffer.from(parsed.data.contentBase64, 'base64'))) };
      } catch (error) {
        return { status: error instanceof SheetTooLargeError ? 'too-large' : 'unreadable' };
      }
    },
    'pos:print-receipt': async (arg) => {
      const parsed = invokeChannels['pos:print-receipt'].safeParse(arg);
      if (!parsed.success) throw new InvalidBridgeArgument('pos:print-receipt');
      return printSaleReceipt(deps.api, (await deps.settings.load()).printer, parsed.data.saleId, parsed.data.drawer);
    },
    'pos:print-test': async (arg) => {
      const parsed = invokeChannels['pos:print-test'].safeParse(arg);
      if (!parsed.success) throw new InvalidBridgeArgument('pos:print-test');
      return printTestReceipt(parsed.data);
    },
    'pos:printers-list': async (arg) => {
      argOf('pos:printers-list', arg);
      return deps.documents.printers();
    },
    'pos:print-document': async (arg) => {
      const parsed = invokeChannels['pos:print-document'].safeParse(arg);
      if (!parsed.success) throw new InvalidBridgeArgument('pos:print-document');
      if (parsed.data.action === 'pdf') return deps.documents.savePdf(parsed.data.fileName);
      return printInvoicePage(deps.documents, (await deps.settings.load()).invoicePrinter);
    },
    'pos:file-pick': async (arg) => {
      const parsed = invokeChannels['pos:file-pick'].safeParse(arg);
      if (!parsed.success) throw new InvalidBridgeArgument('pos:file-pick');
      return deps.files.pick(parsed.data.extensions);
    },
  };
}

const serverOf = (settings: Settings) => (settings.serverMode === 'remote' ? settings.serverUrl : 'embedded');
