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
  type PendingCommandStore,
  type SecretStore,
  type SettingsStore,
} from '../platform/ports';
import { ApiClient } from './api-client';
import { OnceCommands } from './once-commands';
import { RealtimeClient } from './realtime';
import { Session } from './session';
import { logPrinterFailuresTo } from './printing/print-jobs';

export interface Platform {
  secrets: SecretStore;
  pending: PendingCommandStore;
  settings: SettingsStore;
  transport: HttpTransport;
  files?: FilePicker;
  documents?: DocumentPrinter;
  saver?: FileSaver;
}

/** The main-process services over the given platform ports; Electron and browser mode both build them here. */
export function composeServices(
  platform: Platform,
  opts: {
    serverUrl: () => string;
    emit: (event: BridgeEvent) => void;
    appInfo: () => AppInfo;
    log?: (message: string, detail?: unknown) => void;
  },
): { api: ApiClient; session: Session; realtime: RealtimeClient; handlers: ChannelHandlers } {
  if (opts.log) logPrinterFailuresTo(opts.log);
  const session = new Session(platform.secrets);
  const api = new ApiClient({
    transport: platform.transport,
    session,
    serverUrl: opts.serverUrl,
    emit: opts.emit,
    log: opts.log,
  });
  const commands = new OnceCommands(api, session, platform.pending);
  // Open while someone is signed in: it follows the session on its own.
  const realtime = new RealtimeClient({
    session,
    serverUrl: opts.serverUrl,
    emit: opts.emit,
    refresh: () => api.refreshOnce(),
  });
  return {
    api,
    session,
    realtime,
    handlers: createHandlers({
      api,
      commands,
      session,
      settings: platform.settings,
      appInfo: opts.appInfo,
      files: platform.files ?? noFilePicker,
      documents: platform.documents ?? noDocumentPrinter,
      saver: platform.saver ?? downloadSaver,
      emit: opts.emit,
    }),
  };
}
