import { BrowserWindow, app, ipcMain, protocol, session, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { BRIDGE_CHANNELS, EVENT_CHANNEL, type BridgeEvent } from '../../../shared/ipc';
import type { ChannelHandlers } from '../../ipc/handlers';
import { APP_INDEX_URL, APP_SCHEME, WINDOW_CSP, appFileResponse, isAppIndex } from '../node/app-files';

export interface WindowOptions {
  preload: string;
}

/**
 * The app:// scheme as a standard (relative URLs, its own origin for 'self') and secure (a secure
 * context) one; nothing more: no CSP bypass, no fetch/CORS privileges. Electron accepts this only
 * before the app is ready.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true } }]);
}

/** The built renderer (`dist/`) served on app://, the window's only origin. */
export function serveAppFiles(root: string): void {
  protocol.handle(APP_SCHEME, (request) => appFileResponse(request, root));
}

/** Settings every web contents gets: no navigation away, no new windows, no permissions, no webviews. */
export function hardenApp(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  session.defaultSession.webRequest.onHeadersReceived((details, callback) =>
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [WINDOW_CSP] } }),
  );
  app.on('web-contents-created', (_event, contents) => lockDown(contents));
}

function lockDown(contents: WebContents) {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function createMainWindow(opts: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1366,
    height: 840,
    minWidth: 1024,
    minHeight: 640,
    show: false,
    title: 'PlayDesk',
    backgroundColor: '#f5f7fb',
    webPreferences: {
      // electronegativity's PRELOAD_JS_CHECK asks for this to be reviewed: our own bundle, in the asar,
      // sandboxed and isolated; it exposes only the zod-checked channels of shared/ipc.ts.
      preload: opts.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
      // A middle click opens nothing (no new windows, no navigation): not even its event.
      disableBlinkFeatures: 'Auxclick',
      devTools: !app.isPackaged,
    },
  });
  lockDown(win.webContents);
  win.once('ready-to-show', () => win.show());
  void win.loadURL(APP_INDEX_URL);
  return win;
}

/** A call is served only when it comes from our own page's main frame. */
export function isOwnPage(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const url = event.senderFrame?.url;
  return url ? isAppIndex(url) : false;
}

/** Each bridge channel as an IPC channel; its handler checks the argument (`servedFrom`). */
export function serveIpc(handlers: ChannelHandlers): void {
  for (const channel of BRIDGE_CHANNELS) {
    ipcMain.handle(channel, (event, arg: unknown) => {
      if (!isOwnPage(event)) throw new Error('Refused: the caller is not the PlayDesk window');
      return handlers[channel](arg);
    });
  }
}

export function sendEvent(win: BrowserWindow | null, event: BridgeEvent): void {
  if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, event);
}
