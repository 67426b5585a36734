import { BrowserWindow, app, ipcMain, session, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { pathToFileURL } from 'node:url';
import { BRIDGE_CHANNELS, EVENT_CHANNEL, type BridgeEvent } from '../../../shared/ipc';
import type { ChannelHandlers } from '../../ipc/handlers';

/** Only our own scripts and styles; the renderer talks to nothing but the preload bridge. */
export const WINDOW_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

export interface WindowOptions {
  indexHtml: string;
  preload: string;
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
      preload: opts.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      spellcheck: false,
      devTools: !app.isPackaged,
    },
  });
  lockDown(win.webContents);
  win.once('ready-to-show', () => win.show());
  void win.loadFile(opts.indexHtml);
  return win;
}

/** A call is served only when it comes from our own page's main frame. */
export function isOwnPage(event: Pick<IpcMainInvokeEvent, 'senderFrame'>, indexHtml: string): boolean {
  const url = event.senderFrame?.url;
  if (!url) return false;
  const own = pathToFileURL(indexHtml).href;
  return url === own || url.startsWith(`${own}#`) || url.startsWith(`${own}?`);
}

/** Each bridge channel as an IPC channel; its handler checks the argument (`servedFrom`). */
export function serveIpc(handlers: ChannelHandlers, indexHtml: string): void {
  for (const channel of BRIDGE_CHANNELS) {
    ipcMain.handle(channel, (event, arg: unknown) => {
      if (!isOwnPage(event, indexHtml)) throw new Error('Refused: the caller is not the PlayDesk window');
      return handlers[channel](arg);
    });
  }
}

export function sendEvent(win: BrowserWindow | null, event: BridgeEvent): void {
  if (win && !win.isDestroyed()) win.webContents.send(EVENT_CHANNEL, event);
}
