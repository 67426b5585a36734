import { parseAtEdge } from '../../shared/api/validation';
import { isOnceCommand } from '../../shared/api/catalogue';
import {
  BRIDGE_CHANNELS,
  bridgeChannels,
  type AppInfo,
  type BridgeChannel,
  type BridgeEvent,
  type BridgeReply,
  type BridgeRequest,
  type Settings,
} from '../../shared/ipc';
import type { ApiClient } from '../services/api-client';
import type { OnceCommands } from '../services/once-commands';
import type { ChatOutbox } from '../services/chat-outbox';
import type { RealtimeClient } from '../services/realtime';
import { readFirstSheet, SheetTooLargeError, writeSheet } from '../services/spreadsheet';
import { checkProductRows } from '../../shared/domain/product-import';
import type { Session } from '../services/session';
import { UpdateService } from '../services/updates';
import { markingBusy } from '../services/busy';
import { abilityFor, hasFullAccess, type Feature, type FeatureFlag, type SessionUser } from '../../shared/permissions';
import { fail } from '../../shared/api/envelope';
import { probeServer } from '../services/server-probe';
import { campaignSheet } from '../services/campaign-upload';
import {
  printInvoicePage,
  printReceiptOf,
  printSaleReceipt,
  printServerShiftReport,
  printTestReceipt,
  receiptJobBytes,
} from '../services/printing/print-jobs';
import {
  noFolderPicker,
  type DocumentPrinter,
  type FilePicker,
  type FileSaver,
  type FolderPicker,
  type SettingsStore,
} from '../platform/ports';
import { remoteServerBackups, type BackupService } from '../services/backups';
import { StationLogs } from '../services/station-logs';
import { diagnosticsFileName, diagnosticsZip } from '../services/diagnostics-export';
import type { OfflineTill } from '../services/offline/till';
import type { OfflineStatus } from '../../shared/offline-status';

export interface HandlerDeps {
  api: ApiClient;
  commands: OnceCommands;
  chat: ChatOutbox;
  realtime: Pick<RealtimeClient, 'acknowledge'>;
  session: Session;
  settings: SettingsStore;
  appInfo: () => AppInfo;
  files: FilePicker;
  documents: DocumentPrinter;
  saver: FileSaver;
  emit: (event: BridgeEvent) => void;
  /** None: the station's server is remote, whose administrator backs it up. */
  backups?: BackupService;
  folders?: FolderPicker;
  /** The station's logs (its renderer log, its failed requests); without them, kept nowhere. */
  logs?: StationLogs;
  /** The desktop app's updates (none: browser mode); its `busy` counts what an update installed at quit waits for. */
  updates?: UpdateService;
  /** The offline till (issue 28); without it the page's calls go to the server only. */
  offline?: OfflineTill;
}

/** Each channel's handler, typed from the table: it receives its argument already checked. */
export type TypedHandlers = { [C in BridgeChannel]: (arg: BridgeRequest<C>) => Promise<BridgeReply<C>> };
/** What both transports call with the page's unchecked argument (`servedFrom` checks it). */
export type ChannelHandlers = { [C in BridgeChannel]: (arg: unknown) => Promise<BridgeReply<C>> };

export class InvalidBridgeArgument extends Error {
  constructor(channel: string) {
    super(`Invalid argument for ${channel}`);
    this.name = 'InvalidBridgeArgument';
  }
}

/**
 * The one place a bridge argument is checked, for Electron's ipcMain and the browser-mode WebSocket
 * alike: the renderer is not trusted. A bad argument is the channel's `invalid` answer, or a rejection.
 */
export function servedFrom(typed: TypedHandlers): ChannelHandlers {
  const serve = <C extends BridgeChannel>(channel: C) => {
    const { req, api } = bridgeChannels[channel];
    const handler = typed[channel] as (arg: unknown) => Promise<BridgeReply<C>>;
    return async (arg: unknown): Promise<BridgeReply<C>> => {
      const parsed = parseAtEdge(req, arg);
      if (parsed.ok) return handler(parsed.data);
      const invalid = api && 'invalid' in api ? api.invalid : undefined;
      if (invalid) return invalid(parsed) as BridgeReply<C>;
      throw new InvalidBridgeArgument(channel);
    };
  };
  return Object.fromEntries(BRIDGE_CHANNELS.map((channel) => [channel, serve(channel)])) as ChannelHandlers;
}

/** What each bridge channel does, served by Electron's ipcMain and by the browser-mode WebSocket alike. */
export function createHandlers(deps: HandlerDeps): ChannelHandlers {
  const updates = deps.updates ?? new UpdateService({ updater: null, off: 'not-desktop', emit: deps.emit });
  return markingBusy(channelHandlers(deps, updates), updates.busy);
}

function channelHandlers(deps: HandlerDeps, updates: UpdateService): ChannelHandlers {
  // Where this station prints for, as its till sells: the user's own branch, else the station's.
  const backups = deps.backups ?? remoteServerBackups;
  const folders = deps.folders ?? noFolderPicker;
  const logs = deps.logs ?? new StationLogs(null);
  const branchOfStation = async (user: SessionUser) => user.branch_id ?? (await deps.settings.load()).stationBranchId;
  return servedFrom({
    'pos:api-call': async ({ name, body }) => {
      const send = () => (isOnceCommand(name) ? deps.commands.send(name, body) : deps.api.callFromPage(name, body));
      return deps.offline ? deps.offline.pageCall(name, body, send) : send();
    },
    'pos:chat-send': async (draft) => deps.chat.write(draft),
    'pos:chat-pending': async () => deps.chat.pending(),
    'pos:chat-received': async ({ ids }) => (deps.realtime.acknowledge(ids), null),
    'pos:pending-get': async ({ name }) => deps.commands.pending(name),
    'pos:pending-drop': async ({ name }) => deps.commands.drop(name),
    'pos:auth-login': async (request) => deps.api.login(request),
    'pos:auth-logout': async () => {
      await deps.offline?.beforeSignOut();
      return deps.api.logout();
    },
    'pos:auth-current': async () => deps.session.user(),
    'pos:settings-get': async () => deps.settings.load(),
    'pos:settings-set': async (asked) => {
      // The server named here is where the next start sends staff passwords: Settings' update right only.
      const user = await deps.session.user();
      if (!allowed(user, 'update', 'Settings')) return fail('NOT_AUTHORISED');
      const before = await deps.settings.load();
      // The station's branch is an administrator's choice; anyone else's save keeps it as it was.
      const settings: Settings = {
        ...asked,
        stationBranchId: user && hasFullAccess(user) ? asked.stationBranchId : before.stationBranchId,
      };
      // A changed server takes effect at the next start, when the embedded server is (not) started.
      await deps.settings.save(settings);
      // This server's tokens must never be sent to the next one: sign out here (and there) now.
      if (serverOf(before) !== serverOf(settings)) {
        await deps.api.logout();
        deps.emit({ type: 'session-ended' });
      }
      return { status: true, message: 'OK', data: settings };
    },
    'pos:app-info': async () => deps.appInfo(),
    'pos:update-status': async () => updates.status(),
    'pos:update-check': async () => updates.check(),
    'pos:offline-status': async () => deps.offline?.status() ?? ALWAYS_ONLINE,
    'pos:offline-receipt': async ({ id }) => (await deps.offline?.receipt(id)) ?? null,
    'pos:server-test': async ({ url }) => probeServer(url),
    'pos:products-sheet': async ({ contentBase64 }) => {
      try {
        return {
          status: 'checked',
          check: checkProductRows(await readFirstSheet(Buffer.from(contentBase64, 'base64'))),
        };
      } catch (error) {
        return { status: error instanceof SheetTooLargeError ? 'too-large' : 'unreadable' };
      }
    },
    'pos:campaign-sheet': async (request) => campaignSheet(deps.files, request),
    'pos:print-receipt': async ({ saleId, drawer }) => {
      const printer = (await deps.settings.load()).printer;
      if (saleId > 0) return printSaleReceipt(deps.api, printer, saleId, drawer);
      // A queued sale prints as it was sold; once recorded, as the server has it.
      const queued = await deps.offline?.receipt(saleId);
      if (queued) return printReceiptOf(queued, printer, drawer);
      const recorded = deps.offline?.recordedAs(saleId);
      return recorded
        ? printSaleReceipt(deps.api, printer, recorded, drawer)
        : { status: 'failed', message: 'NOT_FOUND' };
    },
    'pos:export-sheet': async ({ fileName, sheet }) => deps.saver.save(fileName, await writeSheet(sheet)),
    'pos:print-shift': async ({ id }) => {
      // The server checks whose shift it is; nobody signed in has no shift to print.
      if (!(await deps.session.user())) return { status: 'failed', message: 'NOT_AUTHORISED' };
      return printServerShiftReport(deps.api, (await deps.settings.load()).printer, id);
    },
    'pos:print-test': async (printer) => {
      // A test print goes wherever it is told: only someone who may set the printer up sends one.
      const user = await deps.session.user();
      if (!user || !allowed(user, 'update', 'Settings')) return { status: 'failed', message: 'NOT_AUTHORISED' };
      return printTestReceipt(deps.api, printer, await branchOfStation(user), user);
    },
    'pos:receipt-bytes': async ({ paper }) => {
      const user = await deps.session.user();
      return { bytes: user && (await receiptJobBytes(deps.api, paper, await branchOfStation(user), user)) };
    },
    'pos:printers-list': async () => deps.documents.printers(),
    'pos:print-document': async (request) =>
      request.action === 'pdf'
        ? deps.documents.savePdf(request.fileName)
        : printInvoicePage(deps.documents, (await deps.settings.load()).invoicePrinter),
    'pos:file-pick': async ({ extensions }) => deps.files.pick(extensions),
    'pos:backups-get': async () => backups.status(),
    'pos:backups-configure': async (settings) =>
      allowed(await deps.session.user(), 'update', 'Settings')
        ? backups.configure(settings)
        : { status: 'refused', reason: 'NOT_AUTHORISED' },
    'pos:backups-choose-folder': async () =>
      allowed(await deps.session.user(), 'update', 'Settings') ? folders.choose() : { status: 'cancelled' },
    'pos:backups-run': async () =>
      allowed(await deps.session.user(), 'update', 'Settings')
        ? backups.backUpNow()
        : { status: 'refused', reason: 'NOT_AUTHORISED' },
    'pos:backups-restore': async ({ name }) => {
      if (!allowed(await deps.session.user(), 'update', 'Settings'))
        return { status: 'refused', reason: 'NOT_AUTHORISED' };
      const answer = await backups.restore(name);
      // The data signed in with is gone: sign out here, and every page starts again from the sign-in.
      if (answer.status === 'done') {
        await deps.api.logout();
        deps.emit({ type: 'session-ended' });
      }
      return answer;
    },
    'pos:renderer-error': async (report) => (logs.rendererError(report), null),
    'pos:diagnostics-export': async () => {
      // Logs name endpoints and ids of this station's work: for whoever may see its settings.
      const user = await deps.session.user();
      if (!allowed(user, 'access', 'Settings') && !allowed(user, 'view', 'Settings'))
        return { status: 'failed', message: 'NOT_AUTHORISED' };
      const zip = await diagnosticsZip({
        logs,
        appInfo: deps.appInfo,
        settings: () => deps.settings.load(),
        probe: () => probeServer(deps.appInfo().serverUrl),
      });
      return deps.saver.save(diagnosticsFileName(new Date()), Buffer.from(zip));
    },
  });
}

/** A station without the offline till (tests that leave it out) is online as far as it knows. */
const ALWAYS_ONLINE: OfflineStatus = {
  link: 'online',
  since: null,
  waiting: 0,
  stuck: 0,
  numbersLeft: 0,
  catalogueAt: null,
};

/** Whether someone is signed in at the station and holds this right (from their sign-in's role). */
function allowed(user: SessionUser | null, action: FeatureFlag, subject: Feature): boolean {
  return user !== null && abilityFor(user).can(action, subject);
}

const serverOf = (settings: Settings) => (settings.serverMode === 'remote' ? settings.serverUrl : 'embedded');
