import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { launchFile } from '../../electron/web/launch-file';
import { exited, killAll, startProcess, startServerProcess } from '../server/server-process';
import { browserCookie } from './global-setup';
import {
  adminToken,
  chooseLanguage,
  e2eDatabase,
  e2eDatabaseUrl,
  employeeIn,
  flags,
  freshStation,
  roleWith,
  seriousViolations,
  shot,
  signIn,
} from './helpers';

/**
 * Issue 24: a message written at a station while its server is stopped shows the clock, stays through
 * a reload, and after the server is back arrives once: one row on the server, one message at the
 * receiver, and the sender sees it stored, then delivered.
 *
 * The e2e server cannot be stopped (the station that serves every other story runs it inside its own
 * process), so this story starts a server of its own, a second instance on the e2e database (as a
 * deployment with two instances would), and a station that talks only to it (`scripts/web.ts
 * --server-url`), both on fixed ports so the station finds its server again after the restart. The
 * receiver stays on the e2e station, reached through the other instance: the message crosses instances.
 */
const STATION_PORT = 48000;
const SERVER_PORT = 48001;
const PASSWORD = 'offline-pass-1';
const words = {
  en: { text: 'Written while the server was off.', someone: 'A colleague' },
  ar: { text: 'كُتبت والخادم متوقف.', someone: 'زميل' },
} as const;

/** The story's station: `npm run web` on the story's own server; resolves once it serves the page. */
async function startStation(serverUrl: string, dataDir: string): Promise<ChildProcess> {
  const args = ['--no-build', '--port', String(STATION_PORT), '--server-url', serverUrl, '--data-dir', dataDir];
  return (await startProcess(['scripts/web.ts', ...args], { LOG_LEVEL: 'silent' }, /PlayDesk is served/)).child;
}

let server: { child: ChildProcess; url: string } | undefined;
let station: ChildProcess | undefined;
let stationDir = '';
// Both on fixed ports: the next story's start must find them free.
test.afterEach(async () => {
  const started = [server?.child, station].filter((child) => child !== undefined);
  killAll();
  await Promise.all(started.map(exited));
  server = station = undefined;
});

/** A page of `baseURL` (a station) signed in by `mobile` in `lang`. */
async function signedIn(browser: Browser, lang: 'en' | 'ar', mobile: string, baseURL?: string): Promise<Page> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  if (baseURL) {
    const launch = await launchFile(join(stationDir, 'station', 'launch.json')).read();
    if (!launch) throw new Error('the story station wrote no launch file');
    await context.addCookies([browserCookie(launch)]);
  }
  const page = await context.newPage();
  await freshStation(page);
  await chooseLanguage(page, lang);
  await signIn(page, mobile, PASSWORD);
  return page;
}

async function openConversation(page: Page, name: string) {
  await page.goto('/#/Chat');
  await page.getByTestId('chat-search').fill(name);
  await expect(page.getByTestId('chat-contact')).toHaveCount(1);
  await page.getByTestId('chat-contact').click();
  await expect(page.getByTestId('chat-conversation')).toBeVisible();
}

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: a message written with the server stopped waits with the clock and arrives once after it is back`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const { text } = words[lang];
    const databaseUrl = e2eDatabaseUrl();
    const serverEnv = { LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'playdesk-offline-server-')) };
    server = await startServerProcess(databaseUrl, serverEnv, SERVER_PORT);
    stationDir = mkdtempSync(join(tmpdir(), 'playdesk-offline-station-'));
    station = await startStation(server.url, stationDir);

    const token = await adminToken();
    const n = `${lang === 'en' ? 5 : 6}${String(Date.now()).slice(-5)}`;
    const role = await roleWith(token, [`Offline chat ${n}`, `محادثة دون خادم ${n}`], {
      Chat: flags('access', 'view', 'create'),
      FrontDesk: flags('access', 'view'),
    });
    const nada = { names: [`Nada ${n}`, `ندى ${n}`] as const, mobile: `0534${n}`, password: PASSWORD };
    const fahd = { names: [`Fahd ${n}`, `فهد ${n}`] as const, mobile: `0535${n}`, password: PASSWORD };
    await employeeIn(token, role, nada);
    await employeeIn(token, role, fahd);
    const name = (p: { names: readonly [string, string] }) => (lang === 'en' ? p.names[0] : p.names[1]);

    const sender = await signedIn(browser, lang, nada.mobile, `http://127.0.0.1:${STATION_PORT}`);
    const receiver = await signedIn(browser, lang, fahd.mobile);
    await openConversation(sender, name(fahd));
    await openConversation(receiver, name(nada));

    // The server is stopped as an operator stops it (SIGTERM, a clean close); the sender writes.
    server.child.kill('SIGTERM');
    await exited(server.child);
    await sender.getByTestId('chat-input').fill(text);
    await sender.getByTestId('chat-input').press('Enter');
    const mine = sender.getByTestId('chat-message').filter({ hasText: text });
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId('chat-state')).toHaveAttribute('data-state', 'pending');
    await sender.mouse.move(0, 0);
    await shot(sender, `chat-pending-${lang}`, { settled: true });
    expect(await seriousViolations(sender)).toEqual([]);

    // It waits in the station, not in the page: the page is reloaded before the server is back. Away
    // from the server the reloaded page cannot have the receiver's name, but it shows what waits for
    // them, with its clock, under "A colleague".
    await sender.reload();
    await expect(sender.getByTestId('chat-page')).toBeVisible();
    await expect(sender.getByTestId('chat-conversation').getByRole('heading')).toHaveText(words[lang].someone);
    await expect(mine).toHaveCount(1);
    await expect(mine.getByTestId('chat-state')).toHaveAttribute('data-state', 'pending');
    await sender.mouse.move(0, 0);
    await shot(sender, `chat-pending-reloaded-${lang}`, { settled: true });
    expect(await seriousViolations(sender)).toEqual([]);
    const db = await e2eDatabase();
    try {
      const rows = async () =>
        (await db.query<{ n: number }>('select count(*)::int as n from chat_messages where body = $1', [text])).rows[0]!
          .n;
      expect(await rows()).toBe(0);
      await expect(receiver.getByTestId('chat-body').filter({ hasText: text })).toHaveCount(0);

      // The server is back: the station reconnects and sends it, once.
      server = await startServerProcess(databaseUrl, serverEnv, SERVER_PORT);
      // The receiver has the conversation open, so it is delivered at once: stored, then two ticks.
      await expect(mine.getByTestId('chat-state')).toHaveAttribute('data-state', 'delivered', { timeout: 30_000 });
      await expect(receiver.getByTestId('chat-body').filter({ hasText: text })).toHaveCount(1);
      await expect(mine).toHaveCount(1);
      expect(await rows()).toBe(1);
      // Still once on both screens loaded afresh from the server, and still one row.
      for (const page of [sender, receiver]) {
        await page.reload();
        await expect(page.getByTestId('chat-conversation')).toBeVisible();
        await expect(page.getByTestId('chat-body').filter({ hasText: text })).toHaveCount(1);
      }
      await expect(mine.getByTestId('chat-state')).toHaveAttribute('data-state', 'delivered');
      expect(await rows()).toBe(1);
    } finally {
      await db.end();
    }
  });
}
