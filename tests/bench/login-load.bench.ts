import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { launchFile } from '../../electron/web/launch-file';
import { browserCookie } from '../e2e/station-cookie';
import { goal } from './goals';

/**
 * What the login screen costs a station, each figure beside its floor measured in the same run:
 * - the login form usable on a fresh cache (a new browser context each time): from the navigation
 *   until both its inputs are enabled, editable and hold what was typed into them (Playwright's
 *   `fill`, which waits for exactly that), beside the same two fills on a bare form page (one HTML
 *   file, no script) served by plain Node;
 * - sign-in → the first screen (the administrator's dashboard): from the click on Sign in until the
 *   dashboard's heading shows and its figures are drawn (it stops being aria-busy), beside the sign-in
 *   answer alone over the bridge (its request frame to its answer frame on the page's WebSocket);
 * - the JS and CSS fetched before the form is usable (gzip bytes) beside antd's own gzip size.
 * Medians of RUNS, the two sides of each pair taken alternately so that the machine's load falls on both.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PORT = Number(process.env.BENCH_PORT ?? 4290);
const ADMIN = { login: 'bench@playdesk.test', password: 'bench-login-pass' };
const gzipBytes = (body: Uint8Array | string) => gzipSync(body, { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
const ms = (x: number) => `${x.toFixed(0)} ms`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * antd alone: its own minified build (dist/antd.min.js: every component, React and dayjs left out),
 * gzipped. The login screen needs a few of its components, so it should weigh well under it.
 */
const antdGzip = () => gzipBytes(readFileSync(resolve('node_modules/antd/dist/antd.min.js')));

function startStation(dataDir: string): Promise<ChildProcess> {
  const child = spawn(
    'npx',
    [
      'tsx',
      'scripts/web.ts',
      '--no-build',
      '--port',
      String(PORT),
      '--server-port',
      String(PORT + 1),
      '--data-dir',
      dataDir,
    ],
    {
      env: { ...process.env, POS_ADMIN_LOGIN: ADMIN.login, POS_ADMIN_PASSWORD: ADMIN.password },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  return new Promise((resolveStarted, reject) => {
    const timer = setTimeout(() => reject(new Error('station did not start in 120 s')), 120_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('PlayDesk is served')) {
        clearTimeout(timer);
        resolveStarted(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`station exited with ${code}`)));
  });
}

/** The floor: a sign-in form as one HTML file with no script, as plain Node serves a file. */
const BARE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8"><title>Sign in</title>
<style>body{font-family:sans-serif;display:grid;place-items:center;min-height:100vh;margin:0}
form{display:grid;gap:12px;width:320px}input,button{font-size:16px;padding:8px}</style></head>
<body><form method="post"><h1>Sign in</h1>
<label>Login <input name="login" autocomplete="username" data-testid="login-input" autofocus></label>
<label>Password <input name="password" type="password" autocomplete="current-password" data-testid="password-input"></label>
<button data-testid="login-submit">Sign in</button></form></body></html>`;

async function startBarePage(): Promise<{ server: Server; url: string }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BARE_PAGE);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

/**
 * Navigation → the form usable: both inputs typed into. A new context each time, so nothing is cached;
 * the scripts and stylesheets that arrived meanwhile are counted (gzip bytes).
 */
async function formUsable(
  context: BrowserContext,
  url: string,
  takenOver = false,
): Promise<{ ms: number; app: number; bytes: number; files: number }> {
  const page = await context.newPage();
  const pending: Promise<number>[] = [];
  let usable = false;
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (!usable && (type === 'script' || type === 'stylesheet')) pending.push(response.body().then(gzipBytes, () => 0));
  });
  const t0 = performance.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.getByTestId('login-input').fill(ADMIN.login);
  await page.getByTestId('password-input').fill(ADMIN.password);
  const took = performance.now() - t0;
  usable = true;
  // The app's own form (antd's) in place of the first one, what was typed carried over: ready to sign in.
  if (takenOver) await page.locator('form.ant-form[data-testid="login-form"]').waitFor({ state: 'attached' });
  const app = performance.now() - t0;
  const sizes = await Promise.all(pending);
  await page.close();
  return { ms: took, app, bytes: sizes.reduce((a, b) => a + b, 0), files: sizes.length };
}

/** Sign-in → the first screen drawn with its data, and the sign-in answer's own round trip over the bridge. */
async function signIn(context: BrowserContext, url: string): Promise<{ total: number; answer: number }> {
  const page = await context.newPage();
  let callId: number | null = null;
  let sentAt = 0;
  let answeredAt = 0;
  page.on('websocket', (ws) => {
    ws.on('framesent', (frame) => {
      const sent = JSON.parse(String(frame.payload)) as { id?: number; channel?: string };
      if (sent.channel === 'pos:auth-login' && sent.id !== undefined) {
        callId = sent.id;
        sentAt = performance.now();
      }
    });
    ws.on('framereceived', (frame) => {
      if (callId === null || answeredAt) return;
      const received = JSON.parse(String(frame.payload)) as { id?: number };
      if (received.id === callId) answeredAt = performance.now();
    });
  });
  await page.goto(url);
  await page.getByTestId('login-input').fill(ADMIN.login);
  await page.getByTestId('password-input').fill(ADMIN.password);
  await page.waitForTimeout(1500); // a cashier types for longer than this: what the page does meanwhile counts
  const t0 = performance.now();
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-shell').getByRole('heading', { level: 1 }).waitFor();
  await page.locator('[data-testid="dashboard-page"][aria-busy="false"]').waitFor();
  const total = performance.now() - t0;
  await page.close();
  return { total, answer: answeredAt - sentAt };
}

export async function run(): Promise<void> {
  if (!process.env.BENCH_NO_BUILD) await build({ configFile: resolve('vite.config.ts'), logLevel: 'warn' });
  const antd = antdGzip();
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-bench-login-'));
  chmodSync(dataDir, 0o755);
  const station = await startStation(dataDir);
  const bare = await startBarePage();
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const launch = await launchFile(join(dataDir, 'station', 'launch.json')).read();
    if (!launch) throw new Error('the station wrote no launch file');
    // A fresh context is a fresh cache; the station's pass is the cookie its launcher's browser holds.
    const fresh = async () => {
      const context = await browser.newContext();
      await context.addCookies([browserCookie(launch)]);
      return context;
    };
    const once = async <T>(f: (context: BrowserContext) => Promise<T>): Promise<T> => {
      const context = await fresh();
      try {
        return await f(context);
      } finally {
        await context.close();
      }
    };
    // Warm up: the database's first queries, the station's file cache, the browser's own start.
    await once((c) => signIn(c, launch.url));
    await once((c) => formUsable(c, bare.url));

    const app: { ms: number; app: number; bytes: number; files: number }[] = [];
    const floor: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      app.push(await once((c) => formUsable(c, launch.url, true)));
      floor.push((await once((c) => formUsable(c, bare.url))).ms);
    }
    const usable = median(app.map((r) => r.ms));
    const bareUsable = median(floor);
    const load = app[0]!;
    console.log(
      `login screen JS+CSS   ${kB(load.bytes).padStart(7)} gzip in ${load.files} files   antd alone ${kB(antd)} gzip   ratio ${(load.bytes / antd).toFixed(2)}`,
    );
    console.log(
      `login form usable, fresh cache ${ms(usable).padStart(8)} median of ${RUNS}   bare form page ${ms(bareUsable)}   ratio ${(usable / bareUsable).toFixed(2)}`,
    );
    console.log(
      `the app's own form in its place ${ms(median(app.map((r) => r.app))).padStart(8)} median of ${RUNS} (what was typed carried over)`,
    );
    goal({
      name: 'login form usable, fresh cache (both inputs typed into)',
      figure: ms(usable),
      floor: `${ms(bareUsable)} (a bare form page from plain Node, fresh cache)`,
      ratio: usable / bareUsable,
      atMost: 2,
    });

    const runs: { total: number; answer: number }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await once((c) => signIn(c, launch.url)));
    const total = median(runs.map((r) => r.total));
    const answer = median(runs.map((r) => r.answer));
    console.log(
      `sign-in → first screen ${ms(total).padStart(8)} median of ${RUNS}   sign-in answer alone ${ms(answer)}   ratio ${(total / answer).toFixed(2)}`,
    );
    goal({
      name: 'sign-in → first screen with its data',
      figure: ms(total),
      floor: `${ms(answer)} (the sign-in answer alone over the bridge)`,
      ratio: total / answer,
      atMost: 2,
    });
  } finally {
    await browser.close();
    bare.server.close();
    if (station.pid) process.kill(-station.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
