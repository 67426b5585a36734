import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Browser mode (`npm run web`) against fresh embedded databases, driven in Debian's Chromium.
const firstPort = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'playdesk-e2e-'));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as another user when CI runs as root
process.env.E2E_DATA_DIR = dataDir; // workers re-read this config; keep one data dir per run

/**
 * Test files run on two workers at once, each against a stack of its own (station, server and
 * database, and a second station on an empty database for the first-run screen): the stories change
 * chain-wide settings (idle time, a branch's clock, the printer) that another story must not see
 * change under it. Playwright sets TEST_PARALLEL_INDEX (0 … workers−1) in each worker, which reads
 * this file again: there it picks that worker's stack; in the runner it is unset.
 */
const workers = Number(process.env.E2E_WORKERS ?? 2);
const stack = (index: number) => ({
  port: firstPort + 10 * index,
  dir: join(dataDir, `stack-${index}`),
  smsFile: join(dataDir, `stack-${index}`, 'sms.jsonl'),
});
const mine = stack(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

export const e2eAdmin = { login: 'admin@playdesk.test', password: 'e2e-admin-pass' };
/** This worker's main station folder (its server's data and the station's own files). */
export const e2eStackDir = join(mine.dir, 'main');
/** This worker's main server, for checks the browser cannot make (the server refusing a role). */
export const e2eServerURL = `http://127.0.0.1:${mine.port + 1}`;
/**
 * The parents' phones: the main server's SMS gateway is the test double that writes each message to
 * this file (never to the outbox, where codes are masked); tests read codes from it.
 */
export const e2eSmsFile = mine.smsFile;
/** A second station on an empty database, for the first-run screen. */
export const firstRunURL = `http://127.0.0.1:${mine.port + 2}`;
/** Every station's launch file (its address and page cookie, 0600), read by tests/e2e/global-setup.ts. */
export const e2eLaunchFiles = Array.from({ length: workers }, (_, index) =>
  ['main', 'first-run'].map((station) => join(stack(index).dir, station, 'station', 'launch.json')),
).flat();
/** The stations' cookies for every browser the tests open, as the launchers' own browsers hold them. */
export const e2eBrowserState = join(dataDir, 'browser-state.json');

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];
const stackServers = (index: number): WebServer[] => {
  const { port, dir, smsFile } = stack(index);
  return [
    {
      // The first stack builds the renderer; the others serve that build once dist/ answers.
      command: `npx tsx scripts/web.ts ${index === 0 ? '' : '--no-build '}--port ${port} --server-port ${port + 1} --data-dir "${join(dir, 'main')}"`,
      url: index === 0 ? `http://127.0.0.1:${port}` : `http://127.0.0.1:${port}/logo.svg`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        POS_ADMIN_LOGIN: e2eAdmin.login,
        POS_ADMIN_PASSWORD: e2eAdmin.password,
        SMS_GATEWAY: 'test-file',
        SMS_TEST_FILE: smsFile,
      },
    },
    {
      command: `npx tsx scripts/web.ts --no-build --port ${port + 2} --server-port ${port + 3} --data-dir "${join(dir, 'first-run')}"`,
      url: `http://127.0.0.1:${port + 2}/logo.svg`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { POS_ADMIN_LOGIN: '', POS_ADMIN_PASSWORD: '' },
    },
  ];
};

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties it at start, and the unit tests also leave pictures under test-results/.
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  reporter: [['list']],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${mine.port}`,
    storageState: e2eBrowserState,
    viewport: { width: 1366, height: 800 },
    // A failure in CI leaves a picture of the screen in test-results/playwright.
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: Array.from({ length: workers }, (_, index) => stackServers(index)).flat(),
});
