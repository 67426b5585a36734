import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';

/** Electron replaced: the window module is checked for the security settings of ARCHITECTURE.md. */
const created: { options: Record<string, unknown>; contents: FakeContents }[] = [];
const handles = new Map<string, (event: unknown, arg: unknown) => unknown>();
const sessionHandlers: Record<string, (...args: never[]) => unknown> = {};

class FakeContents extends EventEmitter {
  openHandler?: () => { action: string };
  setWindowOpenHandler(handler: () => { action: string }) {
    this.openHandler = handler;
  }
  send = vi.fn();
}

vi.mock('electron', () => {
  class BrowserWindow {
    webContents = new FakeContents();
    constructor(options: Record<string, unknown>) {
      created.push({ options, contents: this.webContents });
    }
    once() {}
    loadFile = vi.fn(async () => {});
    isDestroyed = () => false;
  }
  return {
    BrowserWindow,
    app: { isPackaged: true, on: vi.fn() },
    ipcMain: { handle: (channel: string, fn: (event: unknown, arg: unknown) => unknown) => handles.set(channel, fn) },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: never) => (sessionHandlers.request = fn),
        setPermissionCheckHandler: (fn: never) => (sessionHandlers.check = fn),
        webRequest: { onHeadersReceived: (fn: never) => (sessionHandlers.headers = fn) },
      },
    },
  };
});

const windowModule = await import('../../../electron/platform/electron/window');

beforeEach(() => {
  created.length = 0;
  handles.clear();
});

describe('the desktop window', () => {
  it('is isolated and sandboxed, without Node in the page', () => {
    windowModule.createMainWindow({ indexHtml: '/app/dist/index.html', preload: '/app/dist-electron/preload.cjs' });
    const prefs = created[0]!.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      devTools: false,
    });
  });

  it('denies new windows and navigation away', () => {
    windowModule.createMainWindow({ indexHtml: '/app/dist/index.html', preload: '/p.cjs' });
    const contents = created[0]!.contents;
    expect(contents.openHandler?.()).toEqual({ action: 'deny' });
    const navigation = { preventDefault: vi.fn() };
    contents.emit('will-navigate', navigation, 'https://evil.example');
    expect(navigation.preventDefault).toHaveBeenCalled();
  });

  it('denies every permission request and sets a strict content security policy', () => {
    windowModule.hardenApp();
    const callback = vi.fn();
    (sessionHandlers.request as (...a: unknown[]) => void)({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect((sessionHandlers.check as () => boolean)()).toBe(false);
    const headers = vi.fn();
    (sessionHandlers.headers as (...a: unknown[]) => void)({ responseHeaders: {} }, headers);
    expect(headers.mock.calls[0]![0].responseHeaders['Content-Security-Policy'][0]).toContain("script-src 'self'");
  });

  it('serves IPC only to its own page', async () => {
    const handler = vi.fn(async () => 'served');
    const table = Object.fromEntries(
      [
        'pos:api-call',
        'pos:auth-login',
        'pos:auth-logout',
        'pos:auth-current',
        'pos:settings-get',
        'pos:settings-set',
        'pos:app-info',
        'pos:file-pick',
        'pos:products-sheet',
      ].map((c) => [c, handler]),
    );
    windowModule.serveIpc(table as never, '/app/dist/index.html');
    const call = handles.get('pos:app-info')!;
    const own = pathToFileURL('/app/dist/index.html').href;
    expect(await call({ senderFrame: { url: `${own}#/home` } }, null)).toBe('served');
    expect(() => call({ senderFrame: { url: 'https://evil.example/' } }, null)).toThrow(/not the PlayDesk window/);
    expect(() => call({ senderFrame: null }, null)).toThrow();
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
