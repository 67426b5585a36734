import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WINDOW_CSP, appFilePath, appFileResponse, isAppIndex } from '../../../electron/platform/node/app-files';

/** The app:// protocol's answers, in plain Node: a built renderer in a scratch folder, a secret beside it. */
let root = '';
let outside = '';

beforeAll(() => {
  const base = mkdtempSync(join(tmpdir(), 'playdesk-app-files-'));
  root = join(base, 'dist');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>PlayDesk</title>');
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'export {};');
  writeFileSync(join(root, 'assets', 'app-1a2b.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'inter.woff2'), 'wOF2');
  outside = join(base, 'secret.txt');
  writeFileSync(outside, 'secret');
});

const get = (url: string, method = 'GET') => appFileResponse({ url, method }, root);

describe('the app:// protocol', () => {
  it('serves the built renderer with its content types and the window CSP', async () => {
    const cases: [string, string][] = [
      ['app://playdesk/index.html', 'text/html; charset=utf-8'],
      ['app://playdesk/assets/app-1a2b.js', 'text/javascript; charset=utf-8'],
      ['app://playdesk/assets/app-1a2b.css', 'text/css; charset=utf-8'],
      ['app://playdesk/assets/inter.woff2', 'font/woff2'],
    ];
    for (const [url, type] of cases) {
      const response = await get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type'), url).toBe(type);
      expect(response.headers.get('content-security-policy'), url).toBe(WINDOW_CSP);
    }
    expect(await (await get('app://playdesk/index.html?x=1#/home')).text()).toContain('<title>PlayDesk</title>');
    expect(await (await get('app://playdesk/')).text()).toContain('<title>PlayDesk</title>');
  });

  it('refuses paths that leave the folder, other hosts and missing files with 404, still with the CSP', async () => {
    const refused = [
      'app://playdesk/..%2fsecret.txt',
      'app://playdesk/%2e%2e%2fsecret.txt',
      'app://playdesk/assets/%2E%2E%2F..%2Fsecret.txt',
      'app://playdesk/..%5csecret.txt',
      'app://playdesk/%2e%2e/secret.txt', // the URL parser drops it at the root: dist/secret.txt, missing
      'app://playdesk/../secret.txt',
      `app://playdesk/${encodeURIComponent(outside)}`,
      'app://playdesk//etc/passwd',
      'app://playdesk/C:%5cWindows%5cwin.ini',
      'app://playdesk/index.html%00.js',
      'app://playdesk/%E0%A4%A',
      'app://evil/index.html',
      'app://user@playdesk/index.html',
      'app://playdesk:1/index.html',
      'file:///etc/passwd',
      'app://playdesk/missing.js',
      'app://playdesk/assets',
      'not a url',
    ];
    for (const url of refused) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(response.headers.get('content-security-policy'), url).toBe(WINDOW_CSP);
      expect(await response.text(), url).not.toContain('secret');
    }
    expect(readFileSync(outside, 'utf8')).toBe('secret');
  });

  it('answers only reads', async () => {
    expect((await get('app://playdesk/index.html', 'POST')).status).toBe(405);
    const head = await get('app://playdesk/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('names files inside the folder only', () => {
    expect(appFilePath('app://playdesk/assets/app-1a2b.js', root)).toBe(join(root, 'assets', 'app-1a2b.js'));
    expect(appFilePath('app://playdesk/a/%2e%2e%2f%2e%2e%2f..%2fsecret.txt', root)).toBeNull();
  });

  it('knows its own page: the index of the app origin, with any route', () => {
    expect(isAppIndex('app://playdesk/index.html')).toBe(true);
    expect(isAppIndex('app://playdesk/index.html#/front-desk')).toBe(true);
    expect(isAppIndex('app://playdesk/assets/app.js')).toBe(false);
    expect(isAppIndex('https://playdesk/index.html')).toBe(false);
    expect(isAppIndex('')).toBe(false);
  });
});

/** A CSP as its directives: name → sources. */
const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources.join(' ')]),
  );

describe("the page's own policy (index.html's meta)", () => {
  it("is the header's, but for what browser mode needs and what a meta cannot say", () => {
    const html = readFileSync('renderer/index.html', 'utf8');
    const meta = directives(/http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)![1]!);
    const header = directives(WINDOW_CSP);
    // Both apply in the desktop window, so its connect-src is the header's 'none'; browser mode's page
    // talks to its bridge over a same-origin WebSocket. A meta policy cannot carry frame-ancestors.
    expect(meta.get('connect-src')).toBe("'self'");
    expect(header.get('connect-src')).toBe("'none'");
    meta.delete('connect-src');
    header.delete('connect-src');
    header.delete('frame-ancestors');
    expect(Object.fromEntries(meta)).toEqual(Object.fromEntries(header));
  });
});
