import type { AppInfo, BridgeEvent } from '../../shared/ipc';
import { createHandlers, type ChannelHandlers } from '../ipc/handlers';
import {
  downloadSaver,
  noDocumentPrinter,
  noFilePicker,
  type DocumentPrinter,
  type FilePicker,
  type FileSaver,
  type HttpTransport,
  type ChatStore,
  type PendingCommandStore,
  type SecretStore,
  type SettingsStore,
  type FolderPicker,
} from '../platform/ports';
import type { BackupService } from './backups';
import { ApiClient } from './api-client';
import { OnceCommands } from './once-commands';
import { ChatOutbox } from './chat-outbox';
import { chatMissed } from '../../shared/api/chat';
import { randomUUID } from 'node:crypto';
import { RealtimeClient } from './realtime';
import { Session } from './session';
import { logPrinterFailuresTo } from './printing/print-jobs';
import { StationLogs } from './station-logs';
import type { UpdateService } from './updates';
import { Link } from './offline/link';
import { OfflineTill } from './offline/till';
import type { OfflineStation } from './offline/station-store';

export interface Platform {
  secrets: SecretStore;
  pending: PendingCommandStore;
  /** One per station, shared by all that compose services on it (browser mode's pages). */
  chat: ChatStore;
  settings: SettingsStore;
  transport: HttpTransport;
  files?: FilePicker;
  documents?: DocumentPrinter;
  saver?: FileSaver;
  /** The station's backups (one for the station, whichever page asks) and its folder dialog. */
  backups?: BackupService;
  folders?: FolderPicker;
  /** The station's log files and failed requests (one per station); without it, kept nowhere. */
  logs?: StationLogs;
  /** The offline till's queue, numbers and cache (one per station); without it, no selling offline. */
  offline?: OfflineStation;
}

/** The main-process services over the given platform ports; Electron and browser mode both build them here. */
export function composeServices(
  platform: Platform,
  opts: {
    serverUrl: () => string;
    emit: (event: BridgeEvent) => void;
    appInfo: () => AppInfo;
    log?: (message: string, detail?: unknown) => void;
    /** The desktop app's updates; browser mode has none (its server's computer updates it). */
    updates?: UpdateService;
  },
): {
  api: ApiClient;
  session: Session;
  realtime: RealtimeClient;
  chat: ChatOutbox;
  offline: OfflineTill | undefined;
  handlers: ChannelHandlers;
} {
  if (opts.log) logPrinterFailuresTo(opts.log);
  const logs = platform.logs ?? new StationLogs(null);
  const session = new Session(platform.secrets);
  // The offline till learns from every call whether the server answers; lost, it asks `health` until it does.
  let offline: OfflineTill | undefined;
  const link =
    platform.offline &&
    new Link({
      probe: (): Promise<unknown> => api.call('health', {}),
      changed: (online) => offline?.linkChanged(online),
    });
  const api: ApiClient = new ApiClient({
    transport: platform.transport,
    session,
    serverUrl: opts.serverUrl,
    emit: opts.emit,
    log: opts.log,
    failures: logs,
    link,
  });
  const commands = new OnceCommands(api, session, platform.pending);
  if (platform.offline && link) {
    offline = new OfflineTill({
      api,
      session,
      settings: platform.settings,
      station: platform.offline,
      link,
      commands,
      emit: opts.emit,
      log: opts.log,
    });
    offline.start().catch((error: unknown) => opts.log?.('offline till: could not start', String(error)));
  }
  const chat = new ChatOutbox({ api, session, store: platform.chat, emit: opts.emit });
  // Open while someone is signed in: it follows the session on its own.
  const realtime = new RealtimeClient({
    session,
    serverUrl: opts.serverUrl,
    emit: opts.emit,
    refresh: () => api.refreshOnce(),
    chat: platform.chat,
    missed: async (after, userId) => {
      const answer = await api.attempt(chatMissed, { after }, randomUUID(), userId);
      return answer.outcome === 'done' ? answer.data : null;
    },
    // The server is back: what waited in the outbox goes now.
    connected: () => void chat.flush(),
  });
  return {
    api,
    session,
    realtime,
    chat,
    offline,
    handlers: createHandlers({
      api,
      commands,
      chat,
      realtime,
      session,
      settings: platform.settings,
      appInfo: opts.appInfo,
      files: platform.files ?? noFilePicker,
      documents: platform.documents ?? noDocumentPrinter,
      saver: platform.saver ?? downloadSaver,
      emit: opts.emit,
      backups: platform.backups,
      folders: platform.folders,
      logs,
      updates: opts.updates,
      offline,
    }),
  };
}
