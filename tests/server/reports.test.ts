import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { newFamily } from './families-fixture';
import { branches, kidVisits, sales, subscriptions } from '../../server/db/schema';
import type { Dashboard, Measures, ReportRow } from '../../shared/api/reports';

/**
 * Reports against totals worked out by hand. Branch 1 keeps Riyadh time (UTC+3, no daylight saving),
 * so a sale at 23:59 there is on a different day than its UTC date says.
 */
let server: TestServer;
let admin: string;
let cashier: string;
let manager: string;
let otherManager: string;

const ALL = { access: true, view: true, create: true, update: true, delete: true };
const VIEW = { access: true, view: true, create: false, update: false, delete: false };

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
  await server.database.db.update(branches).set({ time_zone: 'Asia/Riyadh' }).where(eq(branches.id, 1));
  const second = await server.post<{ id: number }>(
    '/branch/create',
    { name_en: 'Mall', name_ar: 'المول', time_zone: 'Asia/Riyadh' },
    admin,
  );
  expect(second.body.message).toBe('OK');
  cashier = await server.staff('0547000001', {
    Sales: ALL,
    Invoices: ALL,
    FrontDesk: ALL,
  });
  manager = await server.staff('0547000002', { Reports: VIEW, Dashboard: VIEW });
  otherManager = await server.staff('0547000003', { Reports: VIEW, Dashboard: VIEW, Sales: ALL }, second.body.data.id);
  await server.openShift(cashier);
  await server.openShift(otherManager);
});
afterAll(() => server.close());

const product = (name: string, price: number, included: 1 | 2) =>
  server.product(admin, name, price, { stock: 100, included });

type Sale = { id: number; payable: number };
async function sell(token: string, cart: { id: number; qty: number }[], payments: object, extra: object = {}) {
  const res = await server.post<Sale>(
    '/sale/sale/create',
    { cart: cart.map((product) => ({ product })), salesData: { payments }, ...extra },
    token,
  );
  expect(res.body.message).toBe('SALES_COMPLETED');
  return res.body.data;
}

/** Moves a sale (and its credit note, if any) to a moment, as if it had been made then. */
const madeAt = (ids: number[], at: string) =>
  server.database.db
    .update(sales)
    .set({ created_at: new Date(at) })
    .where(inArray(sales.id, ids));

type SalesReport = {
  invoices: Measures;
  creditNotes: Measures;
  total: Measures;
  periods: ReportRow[];
  products: ReportRow[];
  packages: ReportRow[];
  cashiers: ReportRow[];
  branches: ReportRow[];
  payments: { cash: number; card: number };
  coupons: { code: string; uses: number; discount: number }[];
};

const salesReport = async (from: string, to: string, token = manager, extra: object = {}) => {
  const res = await server.post<SalesReport>('/report/sales', { dates: { from, to }, ...extra }, token);
  expect(res.body.message).toBe('OK');
  return res.body.data;
};

const valuesOf = (rows: ReportRow[]) =>
  Object.fromEntries(rows.map((r) => [r.keys.map((k) => k.key).join('|'), r.values]));

describe('the sales report', () => {
  let juice: number;
  let toy: number;
  beforeAll(async () => {
    juice = await product('Juice', 1150, 1); // 11.50 with 15 % VAT in it: net 10.00, VAT 1.50
    toy = await product('Toy', 1000, 2); // 10.00 plus 15 % VAT: 11.50
    await server.post('/coupon/create', { code: 'TENOFF', type: 'percent', value: 10 }, admin);
    const coupon = await server.post<{ coupon_id: number }>(
      '/sale/coupon',
      { coupon: 'TENOFF', cart_total: 2300 },
      cashier,
    );
    expect(coupon.body.message).toBe('COUPON_APPLIED');
    // A: two juices in cash. B: a toy by card, then cancelled. C: a juice and a toy, 10 % off, paid half and half.
    const a = await sell(cashier, [{ id: juice, qty: 2 }], { cash: 5000 });
    const b = await sell(cashier, [{ id: toy, qty: 1 }], { pos: 1150, pos_reference: 'R1' });
    const note = await server.post<Sale>('/sale/cancelinvoice', { id: b.id }, cashier);
    expect(note.body.message).toBe('INVOICE_CANCELLED');
    const c = await sell(
      cashier,
      [
        { id: juice, qty: 1 },
        { id: toy, qty: 1 },
      ],
      { cash: 1000, pos: 1070, pos_reference: 'R2' },
      { coupon_id: coupon.body.data.coupon_id },
    );
    expect(c.payable).toBe(2070);
    // 23:59 and 00:01 in Riyadh: the same UTC day, two days on the branch's clock.
    await madeAt([a.id, b.id, note.body.data.id], '2026-03-10T20:59:00Z');
    await madeAt([c.id], '2026-03-10T21:01:00Z');
  });

  it('adds invoices and credit notes apart and nets them, VAT included and excluded, after the coupon', async () => {
    const r = await salesReport('2026-03-10', '2026-03-11');
    expect(r.invoices).toEqual({ count: 3, quantity: 5, discount: 230, net: 4800, vat: 720, gross: 5520 });
    // One sign, one count: a credit note counts +1 among credit notes, as in the shift report; amounts net.
    expect(r.creditNotes).toEqual({ count: 1, quantity: -1, discount: 0, net: -1000, vat: -150, gross: -1150 });
    expect(r.total).toEqual({ count: 3, quantity: 4, discount: 230, net: 3800, vat: 570, gross: 4370 });
    // Cash in the drawer after change (A 23.00, C 10.00); card C 10.70 (B's 11.50 came and went back).
    expect(r.payments).toEqual({ cash: 3300, card: 1070 });
    expect(r.coupons).toEqual([expect.objectContaining({ code: 'TENOFF', uses: 1, discount: 230 })]);
    expect(valuesOf(r.products)).toEqual({
      [juice]: { count: 2, quantity: 3, discount: 115, net: 2900, vat: 435, gross: 3335 },
      [toy]: { count: 2, quantity: 1, discount: 115, net: 900, vat: 135, gross: 1035 }, // B (cancelled) and C
    });
    expect(r.products.find((p) => p.keys[0]!.key === String(juice))!.keys[0]!.name_en).toBe('Juice');
    expect(r.cashiers).toHaveLength(1);
    expect(r.cashiers[0]!.values.gross).toBe(4370);
  });

  it('counts a sale at 23:59 on the branch clock on that day, and one at 00:01 on the next', async () => {
    const byDay = await salesReport('2026-03-10', '2026-03-11', manager, { period: 'day' });
    expect(byDay.periods.map((p) => [p.keys[0]!.key, p.values.count, p.values.gross])).toEqual([
      ['2026-03-10', 2, 2300], // A, and B (its credit note takes its amount back, not its count)
      ['2026-03-11', 1, 2070],
    ]);
    expect((await salesReport('2026-03-10', '2026-03-10')).total.gross).toBe(2300);
    expect((await salesReport('2026-03-11', '2026-03-11')).total.gross).toBe(2070);
    expect((await salesReport('2026-03-09', '2026-03-09')).total).toEqual({
      count: 0,
      quantity: 0,
      discount: 0,
      net: 0,
      vat: 0,
      gross: 0,
    });
    const byMonth = await salesReport('2026-03-01', '2026-03-31', manager, { period: 'month' });
    expect(byMonth.periods.map((p) => [p.keys[0]!.key, p.values.gross])).toEqual([['2026-03-01', 4370]]);
    // ISO weeks start on Monday: 9 March 2026 is one.
    const byWeek = await salesReport('2026-03-01', '2026-03-31', manager, { period: 'week' });
    expect(byWeek.periods.map((p) => [p.keys[0]!.key, p.values.gross])).toEqual([['2026-03-09', 4370]]);
  });

  it('a custom report cuts by the dimensions asked, in their order, and totals what it cut', async () => {
    const res = await server.post<{ rows: ReportRow[]; totals: Measures; truncated: boolean }>(
      '/report/custom',
      { dates: { from: '2026-03-10', to: '2026-03-11' }, dimensions: ['day', 'payment'], measures: ['gross', 'count'] },
      manager,
    );
    expect(res.body.message).toBe('OK');
    expect(valuesOf(res.body.data.rows)).toEqual({
      '2026-03-10|cash': { count: 1, quantity: 2, discount: 0, net: 2000, vat: 300, gross: 2300 },
      '2026-03-10|card': { count: 1, quantity: 0, discount: 0, net: 0, vat: 0, gross: 0 },
      '2026-03-11|split': { count: 1, quantity: 2, discount: 230, net: 1800, vat: 270, gross: 2070 },
    });
    expect(res.body.data.totals.gross).toBe(4370);
    expect(res.body.data.truncated).toBe(false);
  });

  it('refuses a custom report without a dimension, with one twice, or over more than two years', async () => {
    const ask = (body: object) => server.post('/report/custom', body, manager);
    const dates = { from: '2026-03-10', to: '2026-03-11' };
    expect((await ask({ dates, dimensions: [], measures: ['gross'] })).body).toMatchObject({
      message: 'VALIDATION_FAILED',
      errors: [{ path: 'dimensions', message: 'FIELD_REQUIRED' }],
    });
    expect((await ask({ dates, dimensions: ['day', 'day'], measures: ['gross'] })).body.errors).toEqual([
      { path: 'dimensions', message: 'FIELD_INVALID' },
    ]);
    expect((await ask({ dates, dimensions: ['colour'], measures: ['gross'] })).body.message).toBe('VALIDATION_FAILED');
    expect(
      (await ask({ dates: { from: '2023-01-01', to: '2026-03-11' }, dimensions: ['day'], measures: ['gross'] })).body
        .errors,
    ).toEqual([{ path: 'dates.to', message: 'FIELD_TOO_LARGE' }]);
  });

  it('keeps each branch to its own figures; an administrator sees one branch or all', async () => {
    const mall = await product('Mall snack', 500, 1);
    const there = await sell(otherManager, [{ id: mall, qty: 1 }], { cash: 500 });
    await madeAt([there.id], '2026-03-10T12:00:00Z');
    expect((await salesReport('2026-03-10', '2026-03-11', manager)).total.gross).toBe(4370);
    expect((await salesReport('2026-03-10', '2026-03-11', otherManager)).total.gross).toBe(500);
    expect(
      (
        await server.post(
          '/report/sales',
          { dates: { from: '2026-03-10', to: '2026-03-11' }, branch_id: 1 },
          otherManager,
        )
      ).body.message,
    ).toBe('NOT_FOUND');
    const all = await salesReport('2026-03-10', '2026-03-11', admin);
    expect(all.total.gross).toBe(4870);
    expect(all.branches.map((b) => [b.keys[0]!.name_en, b.values.gross])).toEqual([
      [expect.any(String), 4370],
      ['Mall', 500],
    ]);
    expect((await salesReport('2026-03-10', '2026-03-11', admin, { branch_id: 1 })).total.gross).toBe(4370);
  });

  it('a cashier without the Reports right is refused', async () => {
    expect(
      (await server.post('/report/sales', { dates: { from: '2026-03-10', to: '2026-03-11' } }, cashier)).body.message,
    ).toBe('NOT_AUTHORISED');
  });
});

describe('saved custom reports', () => {
  it('are kept per user by name, replaced under the same name, and deleted', async () => {
    const save = (name: string, dimensions: string[], token = manager) =>
      server.post<{ id: number }>(
        '/report/custom/save',
        { name, definition: { dimensions, measures: ['gross'] } },
        token,
      );
    const first = await save('By cashier', ['cashier']);
    expect(first.body.message).toBe('OK');
    const again = await save('By cashier', ['cashier', 'day']);
    expect(again.body.data.id).toBe(first.body.data.id);
    await save('Mine', ['product'], otherManager);
    const mine = await server.post<{ name: string; definition: { dimensions: string[] } }[]>(
      '/report/custom/list',
      {},
      manager,
    );
    expect(mine.body.data.map((r) => [r.name, r.definition.dimensions])).toEqual([['By cashier', ['cashier', 'day']]]);
    expect((await server.post('/report/custom/delete', { id: first.body.data.id }, otherManager)).body.message).toBe(
      'NOT_FOUND',
    );
    expect((await server.post('/report/custom/delete', { id: first.body.data.id }, manager)).body.message).toBe('OK');
    expect((await server.post<unknown[]>('/report/custom/list', {}, manager)).body.data).toEqual([]);
    expect((await save('', ['day'])).body.errors).toEqual([{ path: 'name', message: 'FIELD_REQUIRED' }]);
  });
});

describe('the dashboard', () => {
  const dashboard = async (token = manager, query = '') => {
    const res = await server.get<Dashboard>(`/admin/dashboard${query}`, token);
    expect(res.body.message).toBe('OK');
    return res.body.data;
  };

  it('counts kids, kids inside, employees on duty and today’s takings by hour against last week', async () => {
    const before = await dashboard();
    const family = await newFamily(server, { admin, cashier }, 2); // two kids, a package each: 2 × 50.00 today
    const after = await dashboard();
    expect(after.cardData.totalKids - before.cardData.totalKids).toBe(2);
    expect(after.cardData.todayRevenue - before.cardData.todayRevenue).toBe(10000);
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Riyadh', hour: '2-digit', hourCycle: 'h23' }).format(
        new Date(),
      ),
    );
    expect(after.revenueByHour).toHaveLength(24);
    expect(after.revenueByHour.reduce((s, h) => s + h.today, 0)).toBe(after.cardData.todayRevenue);
    // The hour may turn between the sale and the reading; the two hours around now hold it.
    const near = [hour, (hour + 23) % 24].reduce(
      (s, h) => s + after.revenueByHour[h]!.today - before.revenueByHour[h]!.today,
      0,
    );
    expect(near).toBe(10000);

    const checkedIn = await server.post(
      '/parent/kids/checkin',
      { parent_id: family.parent.id, badge: 'D-1', kidsList: [family.kids[0]!.id] },
      cashier,
    );
    expect(checkedIn.body.message).toBe('CHECKIN_DONE');
    expect((await dashboard()).cardData.chekinKids).toBe(after.cardData.chekinKids + 1);

    // A sale a week ago today shows beside today's, at its hour.
    const juice = await product('Week-old juice', 1150, 1);
    const old = await sell(cashier, [{ id: juice, qty: 1 }], { cash: 1150 });
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    await madeAt([old.id], weekAgo.toISOString());
    const withOld = await dashboard();
    expect(
      withOld.revenueByHour.reduce((s, h) => s + h.lastWeek, 0) -
        after.revenueByHour.reduce((s, h) => s + h.lastWeek, 0),
    ).toBe(1150);
    expect(withOld.cardData.todayRevenue).toBe(after.cardData.todayRevenue);
  });

  it('counts employees signed in today and not signed out', async () => {
    const before = (await dashboard()).cardData.activeEmployee;
    await server.staff('0547000009', { Reports: VIEW });
    expect((await dashboard()).cardData.activeEmployee).toBe(before + 1);
  });

  it('shows the rooms against capacity, today’s overtime collected and forgiven, and subscriptions ending', async () => {
    const room = await server.post<{ id: number }>(
      '/room/create',
      { name_en: 'Trampolines', name_ar: 'الترامبولين', capacity: 12, branch_id: 1 },
      admin,
    );
    const shown = (await dashboard()).rooms.find((r) => r.id === room.body.data.id);
    expect(shown).toMatchObject({ inside: 0, capacity: 12, name_en: 'Trampolines' });

    const before = await dashboard();
    const paid = await newFamily(server, { admin, cashier }, 1, { overtimePrice: 2500 });
    const forgiven = await newFamily(server, { admin, cashier }, 1, { overtimePrice: 2000 });
    for (const [i, f] of [paid, forgiven].entries()) {
      const [visit] = (
        await server.post<{ id: number }[]>(
          '/parent/kids/checkin',
          { parent_id: f.parent.id, badge: `OT-${i}`, kidsList: [f.kids[0]!.id] },
          cashier,
        )
      ).body.data;
      // 2 h allowed and 10 min margin; inside 4 h → two hours started over.
      await server.database.db
        .update(kidVisits)
        .set({ checkin_at: new Date(Date.now() - 240 * 60_000) })
        .where(eq(kidVisits.id, visit!.id));
      await server.post('/parent/kids/checkout', { ids: [f.kids[0]!.id] }, cashier);
      if (i === 0)
        expect(
          (
            await server.post(
              '/sale/sale/create',
              { overtime_session_id: visit!.id, salesData: { payments: { cash: 5000 } } },
              cashier,
            )
          ).body.message,
        ).toBe('SALES_COMPLETED');
      else
        expect(
          (
            await server.post(
              '/kids/session/fee',
              { session_id: visit!.id, action: 'forgive', reason: 'Birthday' },
              admin,
            )
          ).body.message,
        ).toBe('OK');
    }
    const after = await dashboard();
    expect(after.overtime.collected - before.overtime.collected).toBe(5000);
    expect(after.overtime.forgivenCount - before.overtime.forgivenCount).toBe(1);
    expect(after.overtime.forgivenAmount - before.overtime.forgivenAmount).toBe(4000);

    // The paid family's subscription ends in two days: listed with the parent's mobile.
    const [sub] = await server.database.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.kid_id, paid.kids[0]!.id));
    const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });
    await server.database.db.update(subscriptions).set({ end_date: inTwoDays }).where(eq(subscriptions.id, sub!.id));
    const ending = (await dashboard()).expiring;
    expect(ending.count).toBe(before.expiring.count + 1);
    expect(ending.rows.find((r) => r.subscription_id === sub!.id)).toMatchObject({
      mobile: paid.parent.mobile,
      end_date: inTwoDays,
    });
  });

  it('an administrator reads one branch or all; a manager only their own', async () => {
    const all = await dashboard(admin);
    const main = await dashboard(admin, '?branch_id=1');
    const mall = await dashboard(otherManager);
    expect(all.cardData.todayRevenue).toBe(main.cardData.todayRevenue + mall.cardData.todayRevenue);
    expect((await dashboard(manager)).cardData).toEqual(main.cardData);
    expect((await server.get('/admin/dashboard?branch_id=1', otherManager)).body.message).toBe('NOT_FOUND');
    expect((await server.get('/admin/dashboard?branch_id=abc', admin)).body.message).toBe('VALIDATION_FAILED');
    expect((await server.get('/admin/dashboard', cashier)).body.message).toBe('NOT_AUTHORISED');
  });
});

describe('the subscription report', () => {
  it('counts sold, ended and cancelled per month, and active, waiting and frozen at each month’s end', async () => {
    const family = await newFamily(server, { admin, cashier }, 4);
    const subs = await server.database.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        inArray(
          subscriptions.kid_id,
          family.kids.map((k) => k.id),
        ),
      )
      .orderBy(subscriptions.id);
    const shape = [
      { created_at: '2025-01-05T09:00:00Z', start_date: '2025-01-05', end_date: '2025-02-03' },
      { created_at: '2025-01-20T09:00:00Z', start_date: '2025-02-04', end_date: '2025-03-05' },
      {
        created_at: '2025-02-10T09:00:00Z',
        start_date: '2025-02-10',
        end_date: '2025-03-11',
        state: 'CANCELLED' as const,
      },
      {
        created_at: '2025-02-01T09:00:00Z',
        start_date: '2025-02-01',
        end_date: '2025-04-10',
        state: 'FREEZED' as const,
        frozen_at: '2025-03-25',
        freeze_days: 10,
      },
    ];
    for (const [i, { created_at, ...fields }] of shape.entries())
      await server.database.db
        .update(subscriptions)
        .set({ ...fields, created_at: new Date(created_at) })
        .where(eq(subscriptions.id, subs[i]!.id));
    const res = await server.post<{ periods: object[]; freezeDays: number }>(
      '/report/subscriptions',
      { dates: { from: '2025-01-01', to: '2025-03-31' }, period: 'month' },
      manager,
    );
    expect(res.body.message).toBe('OK');
    expect(res.body.data.periods).toEqual([
      { period: '2025-01-01', sold: 2, ended: 0, cancelled: 0, active: 1, waiting: 1, frozen: 0 },
      { period: '2025-02-01', sold: 2, ended: 1, cancelled: 1, active: 2, waiting: 0, frozen: 0 },
      { period: '2025-03-01', sold: 0, ended: 1, cancelled: 0, active: 0, waiting: 0, frozen: 1 },
    ]);
    expect(res.body.data.freezeDays).toBe(10);
    // The other branch sold none of them.
    const mall = await server.post<{ periods: { sold: number }[] }>(
      '/report/subscriptions',
      { dates: { from: '2025-01-01', to: '2025-03-31' } },
      otherManager,
    );
    expect(mall.body.data.periods.map((p) => p.sold)).toEqual([0, 0, 0]);
  });

  it('lists those ending within the days asked, with the parent’s mobile', async () => {
    const family = await newFamily(server, { admin, cashier }, 1);
    const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });
    await server.database.db
      .update(subscriptions)
      .set({ end_date: inThreeDays })
      .where(eq(subscriptions.kid_id, family.kids[0]!.id));
    const ending = async (expiringDays: number) =>
      (
        await server.post<{ expiring: { kid_id: number; mobile: string }[] }>(
          '/report/subscriptions',
          { dates: { from: '2026-01-01', to: '2026-01-31' }, expiringDays },
          manager,
        )
      ).body.data.expiring.filter((e) => e.kid_id === family.kids[0]!.id);
    expect(await ending(3)).toEqual([]);
    expect(await ending(4)).toEqual([expect.objectContaining({ mobile: family.parent.mobile })]);
  });
});

describe('the dashboard’s three lists', () => {
  type Visit = { kid_id: number; checked_in_by: { id: number; name_en: string }; checkout_at: string | null };
  const today = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });
  const tomorrow = () => new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Riyadh' });

  it('kids’ visits by kid, day and the employee who checked them in, within the branch', async () => {
    const family = await newFamily(server, { admin, cashier }, 1);
    const kid_id = family.kids[0]!.id;
    await server.post(
      '/parent/kids/checkin',
      { parent_id: family.parent.id, badge: 'V-1', kidsList: [kid_id] },
      cashier,
    );
    const list = (body: object, token = manager) =>
      server.post<{ rows: Visit[]; total: number }>('/kidsession/pagelist', { kid_id, ...body }, token);
    const [visit] = (await list({})).body.data.rows;
    expect(visit).toMatchObject({ kid_id, checkout_at: null });
    expect((await list({ user_id: visit!.checked_in_by.id, from: today(), to: today() })).body.data.total).toBe(1);
    expect((await list({ user_id: visit!.checked_in_by.id + 1000 })).body.data.total).toBe(0);
    expect((await list({ from: tomorrow() })).body.data.total).toBe(0);
    expect((await list({}, otherManager)).body.data.total).toBe(0);
    expect((await list({ from: tomorrow(), to: today() })).body.errors).toEqual([
      { path: 'to', message: 'FIELD_INVALID' },
    ]);
  });

  it('the login report by branch and day', async () => {
    const report = (body: object, token = admin) =>
      server.post<{ rows: { branch_id: number | null }[]; total: number }>(
        '/user/loginreport',
        { perPage: 200, ...body },
        token,
      );
    const mall = (await report({ branch_id: 2, from: today(), to: today() })).body.data;
    expect(mall.total).toBeGreaterThan(0);
    expect(mall.rows.every((r) => r.branch_id === 2)).toBe(true);
    expect((await report({ from: tomorrow() })).body.data.total).toBe(0);
    // A manager names another branch in vain: theirs is the only one they see.
    expect((await report({ branch_id: 2 }, manager)).body.data.rows.every((r) => r.branch_id === 1)).toBe(true);
  });
});
