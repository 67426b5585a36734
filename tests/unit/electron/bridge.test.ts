import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { InvalidBridgeArgument } from '../../../electron/ipc/handlers';
import { startBridgeServer, type BridgeServer } from '../../../electron/web/bridge-server';
import { ApiClient } from '../../../electron/services/api-client';
import { Session } from '../../../electron/services/session';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { FileSettingsStore } from '../../../electron/platform/node/file-settings-store';
import type { WireMessage } from '../../../shared/ipc';
import { WEB_BRIDGE_PATH } from '../../../shared/bridge-wire';
import { FakeServer, okBody, tokens, stationHandlers } from './fakes';

const root = mkdtempSync(join(tmpdir(), 'playdesk-bridge-'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>PlayDesk</title><div id="root"></div>');
const server = new FakeServer().on('/user/login', () => okBody(tokens(1)));
const session = new Session(new MemorySecretStore());
const api = new ApiClient({ transport: server, session, serverUrl: () => 'http://server', emit: () => {} });
const handlers = stationHandlers(api, session, {
  settings: new FileSettingsStore(join(root, 'settings.json')),
  appInfo: () => ({ version: '1.0.0', shell: 'web', serverUrl: 'http://server' }),
});
let bridge: BridgeServer;

beforeAll(async () => {
  bridge = await startBridgeServer({ root, pages: { open: () => handlers, close: () => {} }, port: 0 });
});
afterAll(async () => {
  await bridge.close();
  rmSync(root, { recursive: true, force: true });
});

/** The bridge cookie as the launcher's browser keeps it from opening the printed address: `name=value`. */
async function pageCookie(): Promise<string> {
  const visit = await fetch(bridge.visitUrl(), { redirect: 'manual' });
  return (visit.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A tab's page id, as the page makes it (`pageIdOf`). */
const PAGE = 'tab-0123456789abcdefghijklmnopq';

async function open(origin: string, cookie?: string, page: string | null = PAGE): Promise<WebSocket> {
  const headers = { cookie: cookie ?? (await pageCookie()) };
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${bridge.port}${WEB_BRIDGE_PATH}${page === null ? '' : `?page=${page}`}`, {
      origin,
      headers,
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
  });
}

function ask(ws: WebSocket, id: number, channel: string, arg: unknown): Promise<WireMessage> {
  return new Promise((resolve) => {
    const onMessage = (raw: WebSocket.RawData) => {
      const message = JSON.parse(raw.toString()) as WireMessage;
      if (message.kind !== 'event' && message.id === id) {
        ws.off('message', onMessage);
        resolve(message);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, channel, arg }));
  });
}

describe('the channel table', () => {
  it('validates every argument: a bad one is refused before any service runs', async () => {
    await expect(
      handlers['pos:settings-set']({ serverMode: 'remote', serverUrl: 'file:///etc/passwd' }),
    ).rejects.toBeInstanceOf(InvalidBridgeArgument);
    await expect(handlers['pos:auth-current']({ sneaky: true })).rejects.toBeInstanceOf(InvalidBridgeArgument);
    expect(await handlers['pos:api-call']({ name: 42 })).toEqual({ status: false, message: 'VALIDATION_FAILED' });
    expect(await handlers['pos:auth-login']({ login: 'a@x.test' })).toMatchObject({
      status: false,
      message: 'PASSWORD_MISSING',
    });
    await expect(handlers['pos:file-pick']({ extensions: ['../exe'] })).rejects.toBeInstanceOf(InvalidBridgeArgument);
    expect(server.requests).toHaveLength(0);
  });

  it('reads and checks a products spreadsheet in the main process', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Products');
    sheet.addRow(['Name EN', 'Name AR', 'Price', 'Stock']);
    sheet.addRow(['Juice', 'عصير', 7.5, 3]);
    sheet.addRow(['', 'بلا اسم', 1, 1]);
    const contentBase64 = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
    const result = await handlers['pos:products-sheet']({ contentBase64 });
    expect(result).toMatchObject({
      status: 'checked',
      check: { accepted: [{ name_en: 'Juice', price: 750, stock: 3 }], rejected: [{ row: 3 }] },
    });
    expect(
      await handlers['pos:products-sheet']({ contentBase64: Buffer.from('not a workbook').toString('base64') }),
    ).toEqual({ status: 'unreadable' });
  });

  it('browser mode has no native file dialog and says so, so the page uses its own file input', async () => {
    expect(await handlers['pos:file-pick']({ extensions: ['pdf'] })).toEqual({ status: 'unsupported' });
  });

  it('browser mode cannot list the system printers or print the page itself, so the page opens the browser print dialog', async () => {
    expect(await handlers['pos:printers-list'](null)).toEqual({ status: 'unsupported' });
    expect(await handlers['pos:print-document']({ action: 'print' })).toEqual({ status: 'unsupported' });
  });
});

describe('the browser-mode bridge server', () => {
  it('answers bridge calls from its own origin over the WebSocket', async () => {
    const ws = await open(`http://127.0.0.1:${bridge.port}`);
    try {
      expect(await ask(ws, 1, 'pos:app-info', null)).toEqual({
        kind: 'result',
        id: 1,
        result: { version: '1.0.0', shell: 'web', serverUrl: 'http://server' },
      });
      const login = await ask(ws, 2, 'pos:auth-login', { login: 'admin@x.test', password: 'pw' });
      expect(login).toMatchObject({ kind: 'result', result: { status: true, data: { user: { id: 1 } } } });
      expect(JSON.stringify(login)).not.toContain('refresh-1');
      expect(await ask(ws, 3, 'pos:settings-set', { serverMode: 'remote', serverUrl: 'javascript:alert(1)' })).toEqual({
        kind: 'error',
        id: 3,
        message: 'InvalidBridgeArgument',
      });
    } finally {
      ws.close();
    }
  });

  it('never hands tokens to the page: sign-in, token refresh and sign-out are refused as api calls', async () => {
    server.on('/jwt/refresh-token', () => okBody(tokens(2))).on('/user/logout', () => okBody(null));
    const sent = server.requests.length;
    const ws = await open(`http://127.0.0.1:${bridge.port}`);
    try {
      const calls = [
        { name: 'user/login', body: { login: 'admin@x.test', password: 'another' } },
        { name: 'jwt/refresh-token', body: { refreshToken: 'refresh-1' } },
        { name: 'user/logout', body: { refreshToken: 'refresh-1' } },
      ];
      for (const [i, arg] of calls.entries()) {
        const answer = await ask(ws, 20 + i, 'pos:api-call', arg);
        expect(answer).toEqual({ kind: 'result', id: 20 + i, result: { status: false, message: 'NOT_FOUND' } });
      }
      expect(server.requests).toHaveLength(sent);
    } finally {
      ws.close();
    }
  });

  it('answers a call on a channel it does not know instead of leaving the page waiting', async () => {
    const ws = await open(`http://127.0.0.1:${bridge.port}`);
    try {
      expect(await ask(ws, 9, 'pos:no-such-channel', null)).toEqual({
        kind: 'error',
        id: 9,
        message: 'UnknownChannel',
      });
    } finally {
      ws.close();
    }
  });

  it('refuses a WebSocket from another origin', async () => {
    await expect(open('http://evil.example')).rejects.toThrow(/refused 403/);
  });

  it('refuses a WebSocket that names no page, or a page id short enough to guess (a session belongs to its page)', async () => {
    const origin = `http://127.0.0.1:${bridge.port}`;
    await expect(open(origin, undefined, null)).rejects.toThrow(/refused 403/);
    await expect(open(origin, undefined, 'tab1')).rejects.toThrow(/refused 403/);
  });

  it("hands a per-launch secret only to the launcher's one-time address, as an HttpOnly, SameSite=Strict cookie for this port only, then leaves that address", async () => {
    const launch = bridge.visitUrl();
    const peek = await fetch(launch, { method: 'HEAD', redirect: 'manual' });
    expect(peek.headers.get('set-cookie')).toBeNull();
    expect(launch).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${bridge.port}/\\?visit=[A-Za-z0-9_-]{43}$`));
    const visit = await fetch(launch, { redirect: 'manual' });
    expect(visit.status).toBe(303);
    expect(visit.headers.get('location')).toBe('/');
    const setCookie = visit.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^playdesk_bridge_${bridge.port}=[A-Za-z0-9_-]{43};`));
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(bridge.cookie).toEqual({
      name: `playdesk_bridge_${bridge.port}`,
      value: setCookie.split(';')[0]?.split('=')[1],
    });
    const page = await fetch(`http://127.0.0.1:${bridge.port}/`, {
      headers: { cookie: setCookie.split(';')[0] ?? '' },
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expect(page.headers.get('set-cookie')).toBeNull();

    const again = await fetch(launch, { redirect: 'manual' });
    expect(again.status).toBe(403);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).not.toContain(bridge.cookie.value);

    const other = await startBridgeServer({ root, pages: { open: () => handlers, close: () => {} }, port: 0 });
    try {
      const otherCookie = (await fetch(other.visitUrl(), { redirect: 'manual' })).headers.get('set-cookie') ?? '';
      expect(otherCookie.split('=')[1]).not.toBe(setCookie.split('=')[1]);
    } finally {
      await other.close();
    }
  });

  it('gives any other GET no secret: a page in both languages saying to open the address the launcher printed', async () => {
    for (const path of ['/', '/index.html', '/Sales', `/?visit=${'A'.repeat(43)}`, '/?visit=']) {
      const res = await fetch(`http://127.0.0.1:${bridge.port}${path}`, { redirect: 'manual' });
      expect(res.status, path).toBe(403);
      expect(res.headers.get('set-cookie'), path).toBeNull();
      const text = await res.text();
      expect(text, path).not.toContain(bridge.cookie.value);
      expect(text).toContain('Open the address the launcher printed');
      expect(text).toContain('افتح العنوان الذي طبعته نافذة التشغيل');
      expect(text).not.toContain('<div id="root">');
    }
    const cookie = await pageCookie();
    const origin = `http://127.0.0.1:${bridge.port}`;
    await expect(open(origin, '')).rejects.toThrow(/refused 401/);
    const ws = await open(origin, cookie);
    ws.close();
  });

  it("refuses a WebSocket with the right Origin but without the page's cookie, or with a wrong one (401)", async () => {
    const origin = `http://127.0.0.1:${bridge.port}`;
    const cookie = await pageCookie();
    const forged = cookie.replace(/=(.)/, (_, c: string) => `=${c === 'A' ? 'B' : 'A'}`);
    for (const wrong of ['', 'other=1', forged, `${cookie}x`, cookie.split('=')[0] + '=']) {
      await expect(open(origin, wrong), wrong).rejects.toThrow(/refused 401/);
    }
    const ws = await open(origin, `theme=dark; ${cookie}`);
    try {
      expect(await ask(ws, 1, 'pos:app-info', null)).toMatchObject({ kind: 'result', id: 1 });
    } finally {
      ws.close();
    }
  });

  it('serves the app with its security policy and never a file outside dist/', async () => {
    const page = await fetch(`http://127.0.0.1:${bridge.port}/`, { headers: { cookie: await pageCookie() } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    for (const path of ['/..%2f..%2f..%2fetc%2fpasswd', '/%2e%2e/%2e%2e/etc/passwd']) {
      const res = await fetch(`http://127.0.0.1:${bridge.port}${path}`);
      expect(await res.text()).not.toContain('root:');
    }
  });
});
