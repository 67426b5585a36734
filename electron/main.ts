import { app, BrowserWindow, dialog } from 'electron';
import { join } from 'node:path';
import { composeServices } from './services/compose';
import { AxiosTransport } from './platform/node/axios-transport';
import { FilePendingStore } from './platform/node/file-pending-store';
import { FileChatStore } from './platform/node/file-chat-store';
import { createSecretStore } from './platform/electron/safe-secret-store';
import { ElectronSettingsStore } from './platform/electron/store-settings';
import { createMainWindow, hardenApp, sendEvent, serveIpc } from './platform/electron/window';
import { startEmbeddedServer, type EmbeddedServer } from './platform/electron/embedded-server';
import { electronFilePicker } from './platform/electron/file-picker';
import { electronFileSaver } from './platform/electron/file-saver';
import { electronDocumentPrinter } from './platform/electron/document-printer';
import { useReceiptFonts } from './services/printing/thermal-receipt';
import { appUpdateConfig, electronUpdater } from './platform/electron/updater';
import { updateFeed, UpdateService } from './services/updates';

/** The composition root of the desktop app: one instance, one hardened window, its server, its services. */
if (!app.requestSingleInstanceLock()) app.quit();

const bundle = __dirname; // dist-electron/, beside dist/ in the package
const indexHtml = join(bundle, '..', 'dist', 'index.html');
useReceiptFonts(join(bundle, 'fonts'));
let win: BrowserWindow | null = null;
let server: EmbeddedServer | null = null;
let updates: UpdateService | null = null;

app.on('second-instance', () => {
  if (win?.isMinimized()) win.restore();
  win?.focus();
});

app.whenReady().then(async () => {
  hardenApp();
  const settingsStore = new ElectronSettingsStore();
  const settings = await settingsStore.load();
  let serverUrl = settings.serverMode === 'remote' && settings.serverUrl ? settings.serverUrl : '';
  if (!serverUrl) {
    try {
      server = await startEmbeddedServer({
        entry: join(bundle, 'server.mjs'),
        dataDir: join(app.getPath('userData'), 'server'),
        migrationsDir: join(bundle, 'migrations'),
      });
      serverUrl = server.url;
    } catch (error) {
      dialog.showErrorBox('PlayDesk', error instanceof Error ? error.message : String(error));
      app.quit();
      return;
    }
  }
  // The generic feed from the station's environment (PLAYDESK_UPDATE_URL, https only); none: updates off.
  const feed = updateFeed(process.env.PLAYDESK_UPDATE_URL, appUpdateConfig());
  updates = new UpdateService({
    updater: feed.status === 'on' ? electronUpdater(feed.url) : null,
    off: feed.status === 'off' ? feed.reason : undefined,
    emit: (event) => sendEvent(win, event),
    log: (message, detail) => console.warn(message, detail ?? ''),
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
    },
    {
      serverUrl: () => serverUrl,
      emit: (event) => sendEvent(win, event),
      appInfo: () => ({ version: app.getVersion(), shell: 'electron', serverUrl }),
      updates,
    },
  );
  updates.checkRegularly();
  serveIpc(handlers, indexHtml);
  win = createMainWindow({ indexHtml, preload: join(bundle, 'preload.cjs') });
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
