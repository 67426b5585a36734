import { readFile, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative } from 'node:path';

/**
 * The desktop window's pages come from `app://playdesk/…`, served from the built `dist/` by the
 * main process (a custom protocol rather than file://: a real origin for 'self', and no file://
 * privileges — the grantFileProtocolExtraPrivileges fuse is off). What a request gets is decided
 * here, in plain Node, so it is tested without Electron.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'playdesk';
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** Only our own scripts and styles; the renderer talks to nothing but the preload bridge. */
export const WINDOW_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

/** Every answer, a file or a refusal, carries the window's policy: it is the page's CSP header. */
function headers(contentType?: string): Headers {
  const result = new Headers({
    'Content-Security-Policy': WINDOW_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  });
  if (contentType) result.set('Content-Type', contentType);
  return result;
}

const refuse = (status: 404 | 405) => new Response(null, { status, headers: headers() });

/**
 * The file under `root` an `app://` URL names, or null. Refused: another scheme or host, a path
 * that does not decode, and any segment that could leave `root` or name something other than a plain
 * file on Windows (`..`, `.`, a backslash, a drive or stream colon, NUL) — whether written plainly or
 * percent-encoded, since the URL parser resolves only the plain dot segments.
 */
export function appFilePath(url: string, root: string): string | null {
  const parsed = appUrl(url);
  if (!parsed) return null;
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.length === 0) segments.push('index.html');
  if (segments.some((segment) => segment === '.' || segment === '..' || /[\\:\0]/.test(segment))) return null;
  const file = join(root, ...segments);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  return file;
}

/** The answer to one request of the window: the file with its type, or 404/405, always with the CSP. */
export async function appFileResponse(request: { url: string; method: string }, root: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405);
  const file = appFilePath(request.url, root);
  if (!file) return refuse(404);
  try {
    if (!(await stat(file)).isFile()) return refuse(404);
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
    const body = request.method === 'HEAD' ? null : await readFile(file);
    return new Response(body, { status: 200, headers: headers(type) });
  } catch {
    return refuse(404);
  }
}

/** Whether a frame's URL is our own page: the app origin's index, with any hash route or query. */
export function isAppIndex(url: string): boolean {
  return appUrl(url)?.pathname === '/index.html';
}

/** The URL when it is on our origin exactly: our scheme and host, no port, no credentials. */
function appUrl(url: string): URL | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  const ours = parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  return ours && parsed.username === '' && parsed.password === '' ? parsed : null;
}
