import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { launchFile } from '../../electron/web/launch-file';
import { exited, killAll, startProcess, startServerProcess } from '../server/server-process';
import { browserCookie } from './global-setup';
import type { ResponseOf } from '../../shared/api/catalogue';
import type { OfflineStatus } from '../../shared/offline-status';
import type { BridgeEvent } from '../../shared/ipc';
import { WEB_BRIDGE_PATH } from '../../shared/bridge-wire';
import {
  adminOn,
  adminToken,
  api,
  chooseLanguage,
  e2eDatabaseUrl,
  employeeIn,
  flags,
  freshStation,
  productInStock,
  roleWith,
  seriousViolations,
  shiftOpen,
  shot,
  signIn,
  tillInMainBranch,
} from './helpers';

/*
 * Issue 28, the offline till, as the cashier and the manager see it, in English and Arabic.
 *
 * 1. The whole story: the station cut from its server sells, prints, says it is offline; back online
 *    its queue drains to zero; a check-in meanwhile is refused with the reason.
 * 2. The screens as drawn now, the station's side played on the page's bridge socket (as
 *    server-down.spec.ts does): its offline status, a sale it kept (negative id) and its receipt, and the
 *    server's review list; what the page sends otherwise goes to the real station.
 */

// ─── 1. The whole story ─────────────────────────────────────────────────────────────────────────────

/*
 * The e2e server cannot be stopped (the station serving every other story runs it in its own process),
 * so the story runs a server of its own on the e2e database, a second instance as a chain runs them,
 * and a station that talks only to it (`scripts/web.ts --server-url`), on fixed ports so the station
 * finds its server again when it is back (as chat-offline.spec.ts does). Cut off = that server stopped.
 */
const STATION_PORT = 48010;
const SERVER_PORT = 48011;
const PASSWORD = 'offline-till-1';

let server: { child: ChildProcess; url: string } | undefined;
let station: ChildProcess | undefined;
// Both on fixed ports: the next story's start must find them free.
test.afterEach(async () => {
  const started = [server?.child, station].filter((child) => child !== undefined);
  killAll();
  await Promise.all(started.map(exited));
  server = station = undefined;
});

const startServer = () =>
  startServerProcess(
    e2eDatabaseUrl(),
    { LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'playdesk-offline-till-server-')) },
    SERVER_PORT,
  );

const story = {
  en: {
    // The day too when the link was lost on an earlier one (a story run across midnight).
    offline: /Offline since ([\d/]+, )?\d{1,2}:\d{2} · 1 sale waiting/,
    soldOffline: /Sold offline: receipt #(\d+)/,
    needsServer: 'This needs the PlayDesk server, which cannot be reached now.',
  },
  ar: {
    offline: /دون اتصال منذ .* · عملية بيع واحدة بانتظار الإرسال/,
    soldOffline: /تم البيع دون اتصال: الإيصال رقم (\d+)/,
    needsServer: 'يتطلب هذا خادم PlayDesk، وهو غير متاح الآن.',
  },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: offline, the till sells and prints, says so, and sends its sale once back; a check-in says why it waits`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const w = story[lang];
    const tag = `off${lang}${Date.now() % 100000}`;
    const token = await adminToken();
    await productInStock(token, { name_en: `Juice ${tag}`, name_ar: `عصير ${tag}`, price: 1150 }, 5);
    const mobile = `0566${String(Date.now()).slice(-6)}`;
    const parent = (await api('parent/create', { name_en: `Rana ${tag}`, name_ar: `رنا ${tag}`, mobile }, token)).data;
    await api('kid/create', { parent_id: parent.id, name_en: 'Sami', name_ar: 'سامي' }, token);
    const role = await roleWith(token, [`Offline till ${tag}`, `بيع دون اتصال ${tag}`], {
      Sales: flags('access', 'view', 'create'),
      FrontDesk: flags('access', 'view', 'create', 'update'),
    });
    const cashier = {
      names: [`Lina ${tag}`, `لينا ${tag}`] as const,
      mobile: `0537${String(Date.now()).slice(-6)}`,
      password: PASSWORD,
    };
    await employeeIn(token, role, cashier);
    const cashierToken = (await api('user/login', { login: cashier.mobile, password: PASSWORD })).data.accessToken;
    await shiftOpen(cashierToken);

    server = await startServer();
    const stationDir = mkdtempSync(join(tmpdir(), 'playdesk-offline-till-station-'));
    const args = ['--no-build', '--port', String(STATION_PORT), '--server-url', server.url, '--data-dir', stationDir];
    station = (await startProcess(['scripts/web.ts', ...args], { LOG_LEVEL: 'silent' }, /PlayDesk is served/)).child;
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${STATION_PORT}` });
    const launch = await launchFile(join(stationDir, 'station', 'launch.json')).read();
    if (!launch) throw new Error('the story station wrote no launch file');
    await context.addCookies([browserCookie(launch)]);
    const page = await context.newPage();
    await freshStation(page);
    await chooseLanguage(page, lang);
    await signIn(page, cashier.mobile, PASSWORD);
    // The family is looked up at the front desk while the server is there, so the station knows it.
    await page.goto('/#/FrontDesk');
    await page.getByTestId('desk-search').locator('input').fill(mobile);
    await expect(page.locator('[data-testid^=desk-parent-]').first()).toBeVisible();
    await page.getByTestId('desk-search').locator('input').press('Enter');
    await expect(page.getByTestId('desk-badge')).toBeVisible();
    await page.goto('/#/Sales');
    await expect(page.getByTestId('cart-search')).toBeVisible();

    // Cut off: the server is stopped as an operator stops it.
    server.child.kill('SIGTERM');
    await exited(server.child);
    await page.getByTestId('cart-search').locator('input').fill(tag);
    await page.getByTestId('cart-search').locator('input').press('Enter');
    await page.locator('[data-testid=pay-cash] input, input[data-testid=pay-cash]').first().fill('20');
    await page.getByTestId('cart-complete').click();
    await expect(page.getByText(w.soldOffline)).toBeVisible();
    const printedNo = Number((await page.getByText(w.soldOffline).textContent())!.match(w.soldOffline)![1]);
    await expect(page.getByTestId('offline-since')).toHaveText(w.offline);
    await shot(page, `offline-story-sold-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('sale-print').click();
    await expect(page.getByTestId('invoice-a4')).toContainText(`#${printedNo}`);
    await shot(page, `offline-story-a4-${lang}`, { settled: true });

    // What only the server can do is refused with its reason.
    await page.goto('/#/FrontDesk');
    await page.getByTestId('desk-search').locator('input').fill(mobile);
    await expect(page.locator('[data-testid^=desk-parent-]').first()).toBeVisible();
    await page.getByTestId('desk-search').locator('input').press('Enter');
    await page.getByTestId('desk-badge').fill(`B-${tag}`);
    await page.getByTestId('desk-badge').press('Enter');
    await expect(page.getByText(w.needsServer)).toBeVisible();
    await shot(page, `offline-story-checkin-${lang}`, { settled: true });

    // Back: the queue drains to zero (one sale may be sent before "sending" is seen), then "all sent".
    server = await startServer();
    await expect(page.getByTestId('offline-sent')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('offline-sending')).toHaveCount(0);
    await expect(page.getByTestId('offline-stuck')).toHaveCount(0);
    // Recorded once, under the number printed, with the amount printed.
    const invoices = await api('sale/pagelist', { page: 1, perPage: 200 }, token);
    const recorded = invoices.data.rows.filter((r) => r.invoice_no === printedNo && r.branch_id === 1);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.payable).toBe(1150);
    await context.close();
  });
}

// ─── 2. The screens as drawn now ───────────────────────────────────────────────────────────────────

type Row = ResponseOf<'offline/review'>[number];

/** What the page's bridge socket carries, page → station. */
type Ask = { id: number; channel: string; arg: unknown };

/**
 * The station's offline side played on the page's bridge socket: `pos:offline-status` and its pushes, a
 * sale answered as kept offline (the real one, under a negative id), its receipt through
 * `pos:offline-receipt` (the real one, read from the server under the real id), the dashboard's count
 * and the review list. Everything else passes through to the real station.
 */
async function offlineStation(page: Page, status: OfflineStatus, rows: Row[]) {
  const state = { status, rows, push: (_event: BridgeEvent) => {} };
  // The sale kept "offline" (-7) is the real one the server recorded, under this id.
  const realSale = { id: 0 };
  await page.routeWebSocket(new RegExp(`${WEB_BRIDGE_PATH}\\b`), (ws) => {
    const server = ws.connectToServer();
    // Answers the station gives the page changed on their way: by the page's request id.
    const rewrite = new Map<number, (result: unknown) => unknown>();
    // Requests this socket makes of the station itself, and the page's request each answers.
    const forPage = new Map<number, number>();
    let ownId = 1_000_000;
    const answer = (id: number, result: unknown) => ws.send(JSON.stringify({ kind: 'result', id, result }));
    state.push = (event) => ws.send(JSON.stringify({ kind: 'event', event }));
    ws.onMessage((text) => {
      const ask = JSON.parse(String(text)) as Ask;
      const call = ask.channel === 'pos:api-call' ? (ask.arg as { name: string; body: Record<string, unknown> }) : null;
      if (ask.channel === 'pos:offline-status') return answer(ask.id, state.status);
      // The station prints a queued sale from its queue; the real one has no sale under a negative id.
      if (ask.channel === 'pos:print-receipt' && (ask.arg as { saleId: number }).saleId < 0)
        return answer(ask.id, { status: 'printed' });
      if (ask.channel === 'pos:offline-receipt') {
        const mine = ownId++;
        rewrite.set(mine, (result) => (result as { data: unknown }).data);
        forPage.set(mine, ask.id);
        return server.send(
          JSON.stringify({
            id: mine,
            channel: 'pos:api-call',
            arg: { name: 'sale/receipt/:id', body: { id: realSale.id } },
          }),
        );
      }
      if (call?.name === 'offline/review') return answer(ask.id, { status: true, message: 'OK', data: state.rows });
      if (call?.name === 'offline/review/done') {
        state.rows = state.rows.filter((r) => r.sale_id !== call.body.sale_id);
        return answer(ask.id, {
          status: true,
          message: 'OFFLINE_SALE_REVIEWED',
          data: { sale_id: call.body.sale_id, reviewed_at: new Date().toISOString() },
        });
      }
      if (call?.name === 'admin/dashboard')
        rewrite.set(ask.id, (result) => {
          const r = result as { data?: { offlineToReview?: number } };
          if (r.data) r.data.offlineToReview = state.rows.length;
          return r;
        });
      if (call?.name === 'sale/sale/create')
        rewrite.set(ask.id, (result) => {
          const r = result as { status: boolean; message: string; data?: { id: number } };
          if (!r.status || !r.data) return r;
          realSale.id = r.data.id;
          return { ...r, message: 'SALE_KEPT_OFFLINE', data: { ...r.data, id: -7 } };
        });
      server.send(text);
    });
    server.onMessage((text) => {
      const message = JSON.parse(String(text)) as {
        kind: string;
        id?: number;
        result?: unknown;
        event?: { type: string };
      };
      // The story plays the offline till: the real one's own status (online) would overwrite it.
      if (message.kind === 'event' && message.event?.type === 'offline-status') return;
      const change = message.kind === 'result' && message.id !== undefined ? rewrite.get(message.id) : undefined;
      if (!change) return ws.send(text);
      rewrite.delete(message.id!);
      const pageId = forPage.get(message.id!) ?? message.id!;
      ws.send(JSON.stringify({ ...message, id: pageId, result: change(message.result) }));
    });
  });
  return state;
}

const note = (kind: Row['notes'][number]['kind'], n: Partial<Row['notes'][number]> = {}) => ({
  kind,
  product_id: null,
  package_id: null,
  kid_id: null,
  printed: null,
  current: null,
  ...n,
});

const screens = {
  en: {
    // The day too when the link was lost on an earlier one (`since` is minutes back: it may be before midnight).
    offline: /Offline since ([\d/]+, )?\d{1,2}:\d{2} · 2 sales waiting/,
    soldOffline: /Sold offline: receipt #\d+/,
    sending: 'Back online · sending 1 sale…',
    stuck: '1 offline sale was refused by the server: it is kept on this station',
    card: /2 offline sales to review/,
    priceNote: /Price changed since the sale: printed .*11\.50, now .*12\.00\./,
    reviewed: 'Marked as reviewed.',
  },
  ar: {
    offline: /دون اتصال منذ .* · عمليتا بيع بانتظار الإرسال/,
    soldOffline: /تم البيع دون اتصال: الإيصال رقم \d+/,
    sending: 'عاد الاتصال · جارٍ إرسال عملية بيع واحدة…',
    stuck: 'رفض الخادم عملية بيع تمت دون اتصال: وهي محفوظة في هذه المحطة',
    card: /عمليتا بيع تمتا دون اتصال للمراجعة/,
    priceNote: /تغيّر السعر بعد البيع: المطبوع .*11\.50.*، والحالي .*12\.00/,
    reviewed: 'تم تعليمها كمُراجعة.',
  },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`${lang}: the offline till's screens (the station's side played on the bridge): header, a sale kept offline and its A4, the review list`, async ({
    page,
  }) => {
    const w = screens[lang];
    const tag = `ofs${lang}${Date.now() % 100000}`;
    const token = await adminToken();
    await productInStock(token, { name_en: `Juice ${tag}`, name_ar: `عصير ${tag}`, price: 1150 }, 5);
    await shiftOpen(token);
    const since = new Date(Date.now() - 25 * 60_000).toISOString();
    const rows: Row[] = [
      {
        sale_id: 1,
        branch_id: 1,
        invoice_no: 1,
        station_id: '6f1c2a9e-0b7d-4c1e-9a57-3d2f8e4b1c00',
        cashier_id: 1,
        sold_at: since,
        recorded_at: new Date().toISOString(),
        payable: 1150,
        notes: [
          note('PRICE_CHANGED', { product_id: 7, printed: 1150, current: 1200 }),
          note('STOCK_BELOW_ZERO', { product_id: 7 }),
        ],
      },
      {
        sale_id: 2,
        branch_id: 1,
        invoice_no: 2,
        station_id: '6f1c2a9e-0b7d-4c1e-9a57-3d2f8e4b1c00',
        cashier_id: 1,
        sold_at: since,
        recorded_at: new Date().toISOString(),
        payable: 2300,
        notes: [note('NUMBER_TAKEN', { printed: 2, current: 9 }), note('NO_SHIFT')],
      },
    ];
    const station = await offlineStation(
      page,
      { link: 'offline', since, waiting: 1, stuck: 0, numbersLeft: 48, catalogueAt: since },
      rows,
    );
    await adminOn(page, lang, 'Sales');
    await tillInMainBranch(page, lang);
    await page.getByTestId('cart-search').locator('input').fill(tag);
    await page.getByTestId('cart-search').locator('input').press('Enter');
    await page.locator('[data-testid=pay-cash] input, input[data-testid=pay-cash]').first().fill('20');
    await page.getByTestId('cart-complete').click();
    await expect(page.getByText(w.soldOffline)).toBeVisible();
    station.status = { ...station.status, waiting: 2 };
    station.push({ type: 'offline-status', status: station.status });
    await expect(page.getByTestId('offline-since')).toHaveText(w.offline);
    await expect(page.getByTestId('sale-send')).toHaveCount(0); // no parent: nothing to text
    await shot(page, `offline-sale-done-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);

    // Its A4 invoice, from the station's queue (pos:offline-receipt), not sale/receipt/:id.
    await page.getByTestId('sale-print').click();
    await expect(page).toHaveURL(/#\/Sales\/-7\/print$/);
    await expect(page.getByTestId('invoice-total')).toContainText('11.50');
    await shot(page, `offline-invoice-a4-${lang}`, { settled: true });

    // Back online: the queue drains; one sale the server refused stays, said so.
    station.push({ type: 'offline-status', status: { ...station.status, link: 'online', since: null, waiting: 1 } });
    await expect(page.getByTestId('offline-sending')).toHaveText(w.sending);
    station.push({
      type: 'offline-status',
      status: { ...station.status, link: 'online', since: null, waiting: 1, stuck: 1 },
    });
    await expect(page.getByTestId('offline-stuck')).toHaveText(w.stuck);
    await expect(page.getByTestId('offline-sending')).toHaveCount(0);

    // The manager's review, from the dashboard.
    await page.goto('/#/Dashboard');
    await expect(page.getByTestId('offline-review-card')).toContainText(w.card);
    await shot(page, `offline-dashboard-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('offline-review-open').click();
    await expect(page.getByTestId('offline-review-notes').first()).toContainText(w.priceNote);
    await shot(page, `offline-review-${lang}`, { settled: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('offline-review-done-1').click();
    await expect(page.getByText(w.reviewed)).toBeVisible();
    await expect(page.getByTestId('offline-review-done-1')).toHaveCount(0);
    await expect(page.getByTestId('offline-review-card')).toContainText(
      lang === 'en' ? '1 offline sale' : 'عملية بيع واحدة',
    );
  });
}
