import { app, BrowserWindow, dialog } from 'electron';
import { join } from 'node:path';
import { composeServices } from './services/compose';
import { AxiosTransport } from './platform/node/axios-transport';
import { FilePendingStore } from './platform/node/file-pending-store';
import { FileChatStore } from './platform/node/file-chat-store';
import { createSecretStore } from './platform/electron/safe-secret-store';
import { ElectronSettingsStore } from './platform/electron/store-settings';
import {
  createMainWindow,
  hardenApp,
  registerAppScheme,
  sendEvent,
  serveAppFiles,
  serveIpc,
} from './platform/electron/window';
import { electronServerLauncher } from './platform/electron/embedded-server';
import { ServerSupervisor } from './services/server-supervisor';
import { electronFilePicker } from './platform/electron/file-picker';
import { electronFileSaver } from './platform/electron/file-saver';
import { electronDocumentPrinter } from './platform/electron/document-printer';
import { useReceiptFonts } from './services/printing/thermal-receipt';
import { BackupService } from './services/backups';
import { FileBackupStateStore } from './platform/node/file-backup-state';
import { backupRunner } from './platform/electron/backup-runner';
import { electronFolderPicker } from './platform/electron/folder-picker';
import { StationLogs } from './services/station-logs';
import { appUpdateConfig, electronUpdater } from './platform/electron/updater';
import { updateFeed, UpdateService } from './services/updates';
import { OfflineStation } from './services/offline/station-store';
import { offlineFilesIn } from './platform/node/offline-files';

/** The composition root of the desktop app: one instance, one hardened window, its server, its services. */
if (!app.requestSingleInstanceLock()) app.quit();

const bundle = __dirname; // dist-electron/, beside dist/ in the package
registerAppScheme();
useReceiptFonts(join(bundle, 'fonts'));
let win: BrowserWindow | null = null;
let server: ServerSupervisor | null = null;
let updates: UpdateService | null = null;

// Rotating, redacted log files under the app's data folder (see station-logs.ts); the server's own
// exits are written by its supervisor through `logs.logger('server')`.
const logs = new StationLogs(join(app.getPath('userData'), 'logs'));
const logMain = logs.logger('main');
// The monitor only watches: Electron's own handling of an uncaught exception stays as it was.
process.on('uncaughtExceptionMonitor', (error, origin) => logMain(`uncaught exception (${origin})`, error));
// A rejection nobody handled is logged, and still printed as Node would warn of it.
process.on('unhandledRejection', (reason) => {
  logMain('unhandled rejection', reason);
  console.error('Unhandled rejection:', reason);
});

app.on('second-instance', () => {
  if (win?.isMinimized()) win.restore();
  win?.focus();
});

app.whenReady().then(async () => {
  hardenApp();
  serveAppFiles(join(bundle, '..', 'dist'));
  const settingsStore = new ElectronSettingsStore();
  const settings = await settingsStore.load();
  let serverUrl = settings.serverMode === 'remote' && settings.serverUrl ? settings.serverUrl : '';
  if (!serverUrl) {
    try {
      // Restarted whenever it ends unasked (the pages show a banner meanwhile), on the same port.
      server = new ServerSupervisor({
        launcher: electronServerLauncher({
          entry: join(bundle, 'server.mjs'),
          dataDir: join(app.getPath('userData'), 'server'),
          env: { PLAYDESK_MIGRATIONS_DIR: join(bundle, 'migrations') },
        }),
        emit: (event) => sendEvent(win, event),
        log: logs.logger('server'),
      });
      serverUrl = await server.start();
    } catch (error) {
      dialog.showErrorBox('PlayDesk', error instanceof Error ? error.message : String(error));
      app.quit();
      return;
    }
  }
  // The embedded database's backups run in a one-shot child of the server bundle (backup-runner.ts).
  const backups = new BackupService({
    engine: server
      ? backupRunner(join(bundle, 'server.mjs'), join(bundle, 'migrations'), () => server?.databaseUrl() ?? null)
      : null,
    store: new FileBackupStateStore(join(app.getPath('userData'), 'backups.json')),
    log: logMain,
  });
  void backups.start();
  // The generic feed from the station's environment (PLAYDESK_UPDATE_URL, https only); none: updates off.
  const feed = updateFeed(process.env.PLAYDESK_UPDATE_URL, appUpdateConfig());
  updates = new UpdateService({
    updater: feed.status === 'on' ? electronUpdater(feed.url) : null,
    off: feed.status === 'off' ? feed.reason : undefined,
    emit: (event) => sendEvent(win, event),
    log: logMain,
  });
  const { handlers } = composeServices(
    {
      secrets: createSecretStore(),
      pending: new FilePendingStore(join(app.getPath('userData'), 'pending-commands.json')),
      chat: new FileChatStore(join(app.getPath('userData'), 'chat')),
      settings: settingsStore,
      transport: new AxiosTransport(),
      files: electronFilePicker,
      documents: electronDocumentPrinter(() => win),
      saver: electronFileSaver,
      backups,
      folders: electronFolderPicker,
      logs,
      offline: new OfflineStation(offlineFilesIn(join(app.getPath('userData'), 'offline'), logMain), logMain),
    },
    {
      serverUrl: () => server?.url() || serverUrl,
      emit: (event) => sendEvent(win, event),
      appInfo: () => ({ version: app.getVersion(), shell: 'electron', serverUrl }),
      log: logMain,
      updates,
    },
  );
  updates.checkRegularly();
  serveIpc(handlers);
  win = createMainWindow({ preload: join(bundle, 'preload.cjs') });
});

app.on('window-all-closed', () => app.quit());
app.on('before-quit', (event) => {
  if (!server && !updates) return;
  event.preventDefault();
  const stopping = server;
  const closing = updates;
  server = null;
  updates = null;
  const stop = async () => void (await stopping?.stop());
  // A downloaded update waits for the sale, shift close or print job in flight, then installs after the server stopped.
  void (closing ? closing.quit(stop) : stop()).finally(() => app.quit());
});
