import { defineConfig } from '@playwright/test';
import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Browser mode (`npm run web`) against a fresh embedded database, driven in Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 4310);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'playdesk-e2e-'));
chmodSync(dataDir, 0o755); // the embedded PostgreSQL runs as another user when CI runs as root
process.env.E2E_DATA_DIR = dataDir; // workers re-read this config; keep one data dir per run

export const e2eAdmin = { login: 'admin@playdesk.test', password: 'e2e-admin-pass' };
/** The main station's server, for checks the browser cannot make (the server refusing a role). */
export const e2eServerURL = `http://127.0.0.1:${port + 1}`;
/**
 * The parents' phones: the main server's SMS gateway is the test double that writes each message to
 * this file (never to the outbox, where codes are masked); tests read codes from it.
 */
export const e2eSmsFile = join(dataDir, 'sms.jsonl');
/** A second station on an empty database, for the first-run screen. */
export const firstRunURL = `http://127.0.0.1:${port + 2}`;

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties it at start, and the unit tests also leave pictures under test-results/.
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  webServer: [
    {
      command: `npx tsx scripts/web.ts --port ${port} --server-port ${port + 1} --data-dir "${join(dataDir, 'main')}"`,
      url: `http://127.0.0.1:${port}`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        POS_ADMIN_LOGIN: e2eAdmin.login,
        POS_ADMIN_PASSWORD: e2eAdmin.password,
        SMS_GATEWAY: 'test-file',
        SMS_TEST_FILE: e2eSmsFile,
      },
    },
    {
      // Serves the renderer the first server builds; it waits until dist/ answers.
      command: `npx tsx scripts/web.ts --no-build --port ${port + 2} --server-port ${port + 3} --data-dir "${join(dataDir, 'first-run')}"`,
      url: `${firstRunURL}/logo.svg`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { POS_ADMIN_LOGIN: '', POS_ADMIN_PASSWORD: '' },
    },
  ],
});
