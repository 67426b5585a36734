import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EventEmitter } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Electron replaced: the window module is checked for the security settings of ARCHITECTURE.md. */
const created: { options: Record<string, unknown>; contents: FakeContents }[] = [];
const handles = new Map<string, (event: unknown, arg: unknown) => unknown>();
const sessionHandlers: Record<string, (...args: never[]) => unknown> = {};
const schemes: unknown[] = [];
const protocols = new Map<string, (request: Request) => Promise<Response>>();
const loaded: string[] = [];

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
    loadURL = vi.fn(async (url: string) => void loaded.push(url));
    isDestroyed = () => false;
  }
  return {
    BrowserWindow,
    app: { isPackaged: true, on: vi.fn() },
    protocol: {
      registerSchemesAsPrivileged: (list: unknown[]) => schemes.push(...list),
      handle: (scheme: string, fn: (request: Request) => Promise<Response>) => protocols.set(scheme, fn),
    },
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
  loaded.length = 0;
  handles.clear();
});

describe('the desktop window', () => {
  it('is isolated and sandboxed, without Node in the page', () => {
    windowModule.createMainWindow({ preload: '/app/dist-electron/preload.cjs' });
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
    windowModule.createMainWindow({ preload: '/p.cjs' });
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
    windowModule.serveIpc(table as never);
    const call = handles.get('pos:app-info')!;
    expect(await call({ senderFrame: { url: 'app://playdesk/index.html#/home' } }, null)).toBe('served');
    for (const url of [
      'https://evil.example/',
      pathToFileURL('/app/dist/index.html').href,
      'app://playdesk/other.html',
      'app://evil/index.html',
      'app://user@playdesk/index.html',
      'app://playdesk:8080/index.html',
    ])
      expect(() => call({ senderFrame: { url } }, null), url).toThrow(/not the PlayDesk window/);
    expect(() => call({ senderFrame: null }, null)).toThrow();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('loads its page from the app:// origin, served from the built renderer with the CSP header', async () => {
    windowModule.registerAppScheme();
    expect(schemes).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true } }]);
    windowModule.createMainWindow({ preload: '/p.cjs' });
    expect(loaded).toEqual(['app://playdesk/index.html']);
    const root = mkdtempSync(join(tmpdir(), 'playdesk-window-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html>');
    windowModule.serveAppFiles(root);
    const response = await protocols.get('app')!(new Request(loaded[0]!));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<!doctype html>');
    expect(response.headers.get('content-security-policy')).toContain("connect-src 'none'");
  });
});
