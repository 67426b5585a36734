import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { MAX_BRIDGE_MESSAGE_BYTES, wireRequestSchema, type BridgeEvent, type WireMessage } from '../../shared/ipc';
import { WEB_BRIDGE_PATH } from '../../shared/bridge-wire';
import type { ChannelHandlers } from '../ipc/handlers';
import enCommon from '../../locales/en/common.json';
import arCommon from '../../locales/ar/common.json';

export interface BridgeServerOptions {
  /** The built renderer (dist/). */
  root: string;
  /**
   * The pages' services: `open` when a page's socket opens (its id, from the page's own tab), `close`
   * when it closes. A session belongs to a page, not to the station (see PageSessions).
   */
  pages: { open(page: string): ChannelHandlers; close(page: string): void };
  port: number;
  host?: string;
  log?: (message: string) => void;
}

export interface BridgeServer {
  url: string;
  port: number;
  /**
   * An address to open once, what the launcher prints: its one-time token is exchanged for the page's
   * cookie. Anyone else who asks the station for a page gets no secret.
   */
  visitUrl(): string;
  /** The page's cookie, for the launcher's owner-only file (the browser tests give it to their browsers). */
  cookie: { name: string; value: string };
  /** An event for the sockets of one page. */
  sendTo(page: string, event: BridgeEvent): void;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

/** The same policy as the desktop window: our own scripts only, the bridge socket as the only connection. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/**
 * Browser mode: serves the built renderer and the main-process services over one WebSocket, for tests
 * and for administrators without the desktop build. Bound to loopback; other origins are refused, and
 * the socket opens only with this launch's secret, which only the browser that opened the launcher's
 * one-time address holds in its cookie (any local process, or another user, can reach the port).
 */
export async function startBridgeServer(opts: BridgeServerOptions): Promise<BridgeServer> {
  const root = resolve(opts.root);
  const host = opts.host ?? '127.0.0.1';
  const sockets = new Map<WebSocket, string>();
  const key = bridgeKey();
  const http: Server = createServer((req, res) => void serve(root, req, res, key));
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_BRIDGE_MESSAGE_BYTES });

  http.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const page = url.searchParams.get('page');
    if (url.pathname !== WEB_BRIDGE_PATH || !sameOrigin(req) || page === null || !PAGE_ID.test(page)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    if (!key.matches(req)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const handlers = opts.pages.open(page);
      sockets.set(ws, page);
      ws.on('close', () => {
        sockets.delete(ws);
        opts.pages.close(page);
      });
      ws.on('message', (raw) => void answer(ws, handlers, raw.toString()));
    });
  });

  async function answer(ws: WebSocket, handlers: ChannelHandlers, raw: string) {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return;
    }
    const request = wireRequestSchema.safeParse(json);
    if (!request.success) {
      // A call this bridge does not know still gets an answer, so the page is not left waiting.
      const id = (json as { id?: unknown } | null)?.id;
      if (typeof id === 'number' && ws.readyState === ws.OPEN)
        ws.send(JSON.stringify({ kind: 'error', id, message: 'UnknownChannel' } satisfies WireMessage));
      return;
    }
    const { id, channel, arg } = request.data;
    let message: WireMessage;
    try {
      message = { kind: 'result', id, result: await handlers[channel](arg) };
    } catch (error) {
      opts.log?.(`bridge ${channel}: ${String(error)}`);
      message = { kind: 'error', id, message: error instanceof Error ? error.name : 'Error' };
    }
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  }

  await new Promise<void>((done, reject) => {
    http.once('error', reject);
    http.listen(opts.port, host, () => done());
  });
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const url = `http://${host}:${port}`;
  return {
    url,
    port,
    visitUrl: () => `${url}/?${VISIT_PARAM}=${key.visit()}`,
    cookie: { name: cookieNameOf(port), value: key.secret },
    sendTo(page, event) {
      const text = JSON.stringify({ kind: 'event', event } satisfies WireMessage);
      for (const [ws, of] of sockets) if (of === page && ws.readyState === ws.OPEN) ws.send(text);
    },
    async close() {
      for (const ws of sockets.keys()) ws.terminate();
      wss.close();
      http.closeAllConnections();
      await new Promise<void>((done) => http.close(() => done()));
    },
  };
}

/** A page's id: random, made by the page (`pageId` in web-bridge.ts), long enough not to be guessed. */
const PAGE_ID = /^[A-Za-z0-9_-]{22,64}$/;

interface BridgeKey {
  secret: string;
  /** A new one-time token for the launcher's address. */
  visit(): string;
  /** True once for each token `visit` made: it is used up. */
  redeem(token: string): boolean;
  setCookie(req: IncomingMessage): string;
  matches(req: IncomingMessage): boolean;
}

/** The query parameter of the launcher's one-time address. */
const VISIT_PARAM = 'visit';
/** Addresses printed and not opened yet: asking for more forgets the oldest. */
const MAX_OPEN_VISITS = 20;

/**
 * A secret made at each launch and handed, as an HttpOnly, SameSite=Strict cookie, only to a browser
 * that opens one of the launcher's one-time addresses: the Origin header alone is whatever a local
 * process chooses to send, the cookie is what the launcher's browser was given.
 */
function bridgeKey(): BridgeKey {
  const secret = randomBytes(32).toString('base64url');
  // Compared as digests, so the comparison takes the same time whatever was sent and however long.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expected = digest(secret);
  const visits = new Set<string>();
  return {
    secret,
    visit() {
      const token = randomBytes(32).toString('base64url');
      visits.add(digest(token).toString('hex'));
      for (const oldest of visits) if (visits.size > MAX_OPEN_VISITS) visits.delete(oldest);
      return token;
    },
    redeem: (token) => visits.delete(digest(token).toString('hex')),
    setCookie: (req) => `${cookieName(req)}=${secret}; Path=/; HttpOnly; SameSite=Strict`,
    matches(req) {
      const sent = cookieOf(req.headers.cookie, cookieName(req));
      return sent !== null && timingSafeEqual(digest(sent), expected);
    },
  };
}

/** The name carries the port: a browser shares a host's cookies across its ports (two stations on one machine). */
const cookieNameOf = (port: number) => `playdesk_bridge_${port}`;
const cookieName = (req: IncomingMessage) => cookieNameOf(req.socket.localPort ?? 0);

function cookieOf(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return null;
}

/** A page from another site (or a DNS-rebound name) must not drive the till through the bridge. */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  const host = req.headers.host;
  if (!origin || !host) return false;
  const hostname = host.replace(/:\d+$/, '');
  return origin === `http://${host}` && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]');
}

async function serve(root: string, req: IncomingMessage, res: ServerResponse, key: BridgeKey) {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405).end();
    return;
  }
  let url: URL;
  let path: string;
  try {
    url = new URL(req.url ?? '/', 'http://x');
    path = decodeURIComponent(url.pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const visit = url.searchParams.get(VISIT_PARAM);
  if (visit !== null) {
    // A HEAD (a link preview, a checker) gets the answer's shape, never the one use.
    const redeemed = req.method === 'GET' && key.redeem(visit);
    if (redeemed || key.matches(req)) {
      // Off the one-time address at once, so it stays out of the history and the address bar.
      res.writeHead(303, {
        Location: '/',
        'Cache-Control': 'no-store',
        ...(redeemed ? { 'Set-Cookie': key.setCookie(req) } : {}),
      });
      res.end();
    } else noPass(req, res);
    return;
  }
  const file = normalize(join(root, path));
  if (file !== root && !file.startsWith(root + sep)) {
    res.writeHead(403).end();
    return;
  }
  const target = (await isFile(file)) ? file : join(root, 'index.html');
  const page = target.endsWith('index.html');
  // The app's scripts and pictures are no secret; the page that opens the bridge is.
  if (page && !key.matches(req)) {
    noPass(req, res);
    return;
  }
  try {
    const body = await readFile(target);
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
      'Cache-Control': page ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404).end();
  }
}

/** A browser without this launch's cookie, or an address used already: where to open the station, in both languages. */
function noPass(req: IncomingMessage, res: ServerResponse) {
  const section = (lang: 'en' | 'ar', text: typeof enCommon.station) =>
    `<section lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><h${lang === 'en' ? 1 : 2}>${escapeHtml(text.openFromLauncher)}</h${lang === 'en' ? 1 : 2}><p>${escapeHtml(text.openFromLauncherHint)}</p></section>`;
  const body = `<!doctype html><html lang="en"><meta charset="utf-8"><title>PlayDesk</title><main style="font-family:sans-serif;max-width:40em;margin:3em auto">${section('en', enCommon.station)}${section('ar', arCommon.station)}</main></html>`;
  res.writeHead(403, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : body);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
