import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { startWithAdministrator, type TestServer } from './harness';
import { sales } from '../../server/db/schema';
import { localDateTime } from '../../shared/domain/time-zone';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  ({ server, admin } = await startWithAdministrator());
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

type Sale = { id: number; subscriptions: { start_date: string; status: string }[] };

describe('a branch’s time zone', () => {
  it('is an IANA name the server knows: an unknown one is VALIDATION_FAILED; a new branch gets the server’s', async () => {
    const bad = await server.post(
      '/branch/update',
      { id: 1, name_en: 'Main branch', name_ar: 'الفرع الرئيسي', time_zone: 'Mars/Olympus' },
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: 'VALIDATION_FAILED',
      errors: [{ path: 'time_zone', message: 'FIELD_INVALID' }],
    });
    const created = await server.post<{ time_zone: string; country: string }>(
      '/branch/create',
      { name_en: 'East', name_ar: 'الشرق' },
      admin,
    );
    expect(created.body.data).toMatchObject({
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      country: 'SA',
    });
  });

  it('a sale at 23:30 UTC in Asia/Riyadh (UTC+3) is the next day: on the receipt, in the invoice list’s today, and as the subscription’s start', async () => {
    const set = await server.post<{ time_zone: string }>(
      '/branch/update',
      { id: 1, name_en: 'Main branch', name_ar: 'الفرع الرئيسي', time_zone: 'asia/riyadh' },
      admin,
    );
    expect(set.body.data.time_zone).toBe('Asia/Riyadh');
    // The server's clock (this process's) reads 23:30 UTC on the 23rd: 02:30 on the 24th in Riyadh.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T23:30:00Z'));
    admin = (await server.login()).accessToken; // signed in again on this clock
    const cashier = await server.staff('0545555555', {
      Sales: { access: true, view: true, create: true, update: false, delete: false },
      Invoices: { access: true, view: true, create: false, update: true, delete: false },
      FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
    });
    await server.openShift(cashier);
    const parent = (
      await server.post<{ id: number }>(
        '/parent/create',
        { name_en: 'Night owl', name_ar: 'بومة الليل', mobile: '0509998877' },
        admin,
      )
    ).body.data;
    const kid = (
      await server.post<{ id: number }>('/kid/create', { parent_id: parent.id, name_en: 'Kid', name_ar: 'طفل' }, admin)
    ).body.data;
    const pkg = (
      await server.post<{ id: number }>(
        '/package/create',
        { name_en: 'Week', name_ar: 'أسبوع', price: 1000, tax_id: 1, included: 1, validity_days: 7, daily_limits: 2 },
        admin,
      )
    ).body.data;
    const sold = await server.post<Sale>(
      '/sale/sale/create',
      { cart: [{ package: { id: pkg.id }, kids: [kid.id] }], salesData: { payments: { cash: 1000 } } },
      cashier,
    );
    expect(sold.body.data.subscriptions).toMatchObject([{ start_date: '2026-11-24', status: 'ACTIVE' }]);

    // The database stamps the sale by its own clock; put it where this test's clock is.
    await server.database.db
      .update(sales)
      .set({ created_at: new Date('2026-11-23T23:30:00Z') })
      .where(eq(sales.id, sold.body.data.id));
    const receipt = await server.get<{ issuedAt: string; timeZone: string }>(
      `/sale/receipt/${sold.body.data.id}`,
      cashier,
    );
    expect(receipt.body.data.timeZone).toBe('Asia/Riyadh');
    expect(localDateTime(receipt.body.data.issuedAt, receipt.body.data.timeZone)).toBe('2026-11-24 02:30');

    // The evening before (23:30 in Riyadh, 20:30 UTC) is yesterday's.
    const evening = (
      await server.post<Sale>(
        '/sale/sale/create',
        { cart: [{ package: { id: pkg.id }, kids: [kid.id] }], salesData: { payments: { cash: 1000 } } },
        cashier,
      )
    ).body.data;
    await server.database.db
      .update(sales)
      .set({ created_at: new Date('2026-11-23T20:30:00Z') })
      .where(eq(sales.id, evening.id));
    const today = await server.post<{ rows: { id: number }[]; days: { from: string; to: string } }>(
      '/sale/pagelist',
      {},
      cashier,
    );
    expect(today.body.data.days).toMatchObject({ from: '2026-11-24', to: '2026-11-24' });
    expect(today.body.data.rows.map((r) => r.id)).toEqual([sold.body.data.id]);
    const yesterday = await server.post<{ rows: { id: number }[] }>(
      '/sale/pagelist',
      { dates: { from: '2026-11-23', to: '2026-11-23' } },
      cashier,
    );
    expect(yesterday.body.data.rows.map((r) => r.id)).toEqual([evening.id]);

    // An administrator's list of every branch gives each invoice its own branch's zone to be read in.
    const dubai = (
      await server.post<{ id: number }>(
        '/branch/create',
        { name_en: 'Dubai', name_ar: 'دبي', time_zone: 'Asia/Dubai', country: 'AE' },
        admin,
      )
    ).body.data.id;
    await server.database.db.update(sales).set({ branch_id: dubai }).where(eq(sales.id, evening.id));
    const everywhere = await server.post<{ rows: { id: number; time_zone: string }[] }>(
      '/sale/pagelist',
      { dates: { from: '2026-11-23', to: '2026-11-24' } },
      admin,
    );
    expect(everywhere.body.data.rows.map((r) => [r.id, r.time_zone])).toEqual([
      [sold.body.data.id, 'Asia/Riyadh'],
      [evening.id, 'Asia/Dubai'],
    ]);
  });
});
