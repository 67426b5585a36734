import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { wireRequestSchema, type BridgeEvent, type WireMessage } from '../../shared/ipc';
import { WEB_BRIDGE_PATH } from '../../shared/bridge-wire';
import type { ChannelHandlers } from '../ipc/handlers';

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
 * the socket opens only with the secret this launch handed to the page in a cookie.
 */
export async function startBridgeServer(opts: BridgeServerOptions): Promise<BridgeServer> {
  const root = resolve(opts.root);
  const host = opts.host ?? '127.0.0.1';
  const sockets = new Map<WebSocket, string>();
  const key = bridgeKey();
  const http: Server = createServer((req, res) => void serveStatic(root, req, res, key));
  const wss = new WebSocketServer({ noServer: true, maxPayload: 2 * 1024 * 1024 });

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
  return {
    url: `http://${host}:${port}`,
    port,
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
  setCookie(req: IncomingMessage): string;
  matches(req: IncomingMessage): boolean;
}

/**
 * A secret made at each launch and handed to the page as an HttpOnly, SameSite=Strict cookie: the
 * Origin header alone is whatever a local process chooses to send, the cookie is what the page was given.
 */
function bridgeKey(): BridgeKey {
  const secret = randomBytes(32).toString('base64url');
  // Compared as digests, so the comparison takes the same time whatever was sent and however long.
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expected = digest(secret);
  return {
    setCookie: (req) => `${cookieName(req)}=${secret}; Path=/; HttpOnly; SameSite=Strict`,
    matches(req) {
      const sent = cookieOf(req.headers.cookie, cookieName(req));
      return sent !== null && timingSafeEqual(digest(sent), expected);
    },
  };
}

/** The name carries the port: a browser shares a host's cookies across its ports (two stations on one machine). */
const cookieName = (req: IncomingMessage) => `playdesk_bridge_${req.socket.localPort ?? 0}`;

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

async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse, key: BridgeKey) {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405).end();
    return;
  }
  let path: string;
  try {
    path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    res.writeHead(400).end();
    return;
  }
  const file = normalize(join(root, path));
  if (file !== root && !file.startsWith(root + sep)) {
    res.writeHead(403).end();
    return;
  }
  const target = (await isFile(file)) ? file : join(root, 'index.html');
  try {
    const body = await readFile(target);
    const page = target.endsWith('index.html');
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extname(target)] ?? 'application/octet-stream',
      'Cache-Control': page ? 'no-cache' : 'public, max-age=31536000, immutable',
      ...(page ? { 'Set-Cookie': key.setCookie(req) } : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  } catch {
    res.writeHead(404).end();
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
