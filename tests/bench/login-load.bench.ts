import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { chromium, type Browser } from '@playwright/test';

/**
 * What the login screen costs a station: the JS and CSS the browser fetches before the form can be
 * used (gzip bytes) beside antd's own gzip size, and sign-in → first screen (median of RUNS) beside
 * the sign-in answer itself, measured in the same run. Figures, not a pass/fail test.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const PORT = Number(process.env.BENCH_PORT ?? 4290);
const ADMIN = { login: 'bench@playdesk.test', password: 'bench-login-pass' };
const gzipBytes = (body: Uint8Array | string) => gzipSync(body, { level: 9 }).length;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;
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
      if (chunk.toString().includes(`${PORT}`)) {
        clearTimeout(timer);
        resolveStarted(child);
      }
    });
    child.on('exit', (code) => reject(new Error(`station exited with ${code}`)));
  });
}

/** Gzip bytes of every script and stylesheet a fresh load fetched before the login form showed. */
async function loginLoad(browser: Browser): Promise<{ bytes: number; files: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<number>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet') pending.push(response.body().then(gzipBytes, () => 0));
  });
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByTestId('login-form').waitFor();
  // What is asked for from here on (the screens prefetched while the form waits) is not the login's.
  const counted = pending.length;
  const sizes = await Promise.all(pending.slice(0, counted));
  await context.close();
  return { bytes: sizes.reduce((a, b) => a + b, 0), files: counted };
}

/** Sign-in → the first screen's heading, and the sign-in answer's own round trip over the bridge. */
async function signIn(browser: Browser): Promise<{ total: number; answer: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  let sentAt = 0;
  let answeredAt = 0;
  page.on('websocket', (ws) => {
    ws.on('framesent', (frame) => {
      if (!sentAt && String(frame.payload).includes('auth-login')) sentAt = performance.now();
    });
    ws.on('framereceived', () => {
      if (sentAt && !answeredAt) answeredAt = performance.now();
    });
  });
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByTestId('login-input').fill(ADMIN.login);
  await page.getByTestId('password-input').fill(ADMIN.password);
  await page.waitForTimeout(1500); // a cashier types for longer than this: what the page does meanwhile counts
  const t0 = performance.now();
  await page.getByTestId('login-submit').click();
  await page.getByTestId('app-shell').getByRole('heading', { level: 1 }).waitFor();
  const total = performance.now() - t0;
  await context.close();
  return { total, answer: answeredAt - sentAt };
}

export async function run(): Promise<void> {
  if (!process.env.BENCH_NO_BUILD) await build({ configFile: resolve('vite.config.ts'), logLevel: 'warn' });
  const antd = antdGzip();
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-bench-login-'));
  chmodSync(dataDir, 0o755);
  const station = await startStation(dataDir);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    await signIn(browser); // warm up: the database's first queries, the page cache
    const load = await loginLoad(browser);
    console.log(
      `login screen JS+CSS   ${kB(load.bytes).padStart(7)} gzip in ${load.files} files   antd alone ${kB(antd)} gzip   ratio ${(load.bytes / antd).toFixed(2)} (goal < 0.60)`,
    );
    const runs: { total: number; answer: number }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await signIn(browser));
    const total = median(runs.map((r) => r.total));
    const answer = median(runs.map((r) => r.answer));
    console.log(
      `sign-in → first screen ${total.toFixed(0).padStart(5)} ms median of ${RUNS}   sign-in answer alone ${answer.toFixed(0)} ms   ratio ${(total / answer).toFixed(2)}`,
    );
  } finally {
    await browser.close();
    if (station.pid) process.kill(-station.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
