import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { sales } from '../../server/db/schema';
import type { ShiftSummary } from '../../shared/api/cashup';

let server: TestServer;
let admin: string;
let cashier: string;
let colleague: string;
let manager: string;
let juice: number;
let toy: number;

const ALL = { access: true, view: true, create: true, update: true, delete: true };

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
  cashier = await server.staff('0548000001', { Sales: ALL, Invoices: ALL });
  colleague = await server.staff('0548000002', { Sales: ALL, Invoices: ALL });
  manager = await server.staff('0548000003', {
    Reports: { access: true, view: true, create: false, update: false, delete: false },
  });
  const product = async (name: string, price: number, included: 1 | 2) => {
    const { id } = (
      await server.post<{ id: number }>(
        '/product/create',
        { name_en: name, name_ar: name, price, tax_id: 1, included },
        admin,
      )
    ).body.data;
    await server.post('/product/addstock', { id, qty: 500 }, admin);
    return id;
  };
  juice = await product('Juice', 1150, 1);
  toy = await product('Toy', 1000, 2);
});
afterAll(() => server.close());

async function sell(token: string, id: number, payments: object) {
  const res = await server.post<{ id: number }>(
    '/sale/sale/create',
    { cart: [{ product: { id, qty: 1 } }], salesData: { payments } },
    token,
  );
  expect(res.body.message).toBe('SALES_COMPLETED');
  return res.body.data.id;
}

const call = <T = ShiftSummary>(path: string, body: object, token = cashier) => server.post<T>(path, body, token);

describe('a cashier’s shift', () => {
  it('counts the float, cash after change, card and refunds; the Z report shows 5.00 short', async () => {
    await sell(cashier, juice, { cash: 2000 }); // before the shift: not in it
    const opened = await call('/cashup/open', { opening_float: 20000 });
    expect(opened.body.message).toBe('OK');
    expect(opened.body.data).toMatchObject({ opening_float: 20000, expected_cash: 20000, closed_at: null });
    expect((await call('/cashup/open', { opening_float: 100 })).body.message).toBe('SHIFT_ALREADY_OPEN');

    await sell(cashier, juice, { cash: 5000 }); // 11.50, 38.50 back
    const byCard = await sell(cashier, toy, { pos: 1150, pos_reference: 'R-1' });
    await sell(cashier, juice, { cash: 1150 });
    await sell(colleague, juice, { cash: 1150 }); // another cashier's drawer
    expect((await call('/sale/cancelinvoice', { id: byCard }, cashier)).body.message).toBe('INVOICE_CANCELLED');

    const x = (await call<ShiftSummary | null>('/cashup/current', {})).body.data!;
    expect(x).toMatchObject({
      id: opened.body.data.id,
      invoices: { count: 3, cash: 2300, card: 1150, total: 3450 },
      creditNotes: { count: 1, cash: 0, card: -1150, total: -1150 },
      vat: 300, // 1.50 + 1.50 + 1.50 − 1.50
      expected_cash: 22300,
      counted_cash: null,
      difference: null,
      closed_at: null,
    });
    // The X report closes nothing.
    expect((await call<ShiftSummary | null>('/cashup/current', {})).body.data!.closed_at).toBeNull();

    const z = await call('/cashup/close', { id: x.id, counted_cash: 21800 });
    expect(z.body.message).toBe('OK');
    expect(z.body.data).toMatchObject({ expected_cash: 22300, counted_cash: 21800, difference: -500 });
    expect(z.body.data.closed_at).not.toBeNull();
    // The same close again (its answer lost) is the same report; another count is refused.
    expect((await call('/cashup/close', { id: x.id, counted_cash: 21800 })).body.data).toEqual(z.body.data);
    expect((await call('/cashup/close', { id: x.id, counted_cash: 22300 })).body.message).toBe('SHIFT_CLOSED');

    // After the close: no shift open, and a sale stays outside the closed one.
    expect((await call('/cashup/current', {})).body.data).toBeNull();
    await sell(cashier, juice, { cash: 1150 });
    expect((await call('/cashup/report', { id: x.id }, manager)).body.data).toEqual(z.body.data);
  });

  it("a cashier reads their own shift's report (the station prints its X/Z slip from it), never a colleague's", async () => {
    const own = (await call('/cashup/open', { opening_float: 500 }, cashier)).body.data;
    const theirs = (await call('/cashup/open', { opening_float: 700 }, colleague)).body.data;
    const x = await call('/cashup/report', { id: own.id }, cashier);
    expect(x.body).toMatchObject({ status: true, data: { id: own.id, opening_float: 500, closed_at: null } });
    expect((await call('/cashup/report', { id: theirs.id }, cashier)).body.message).toBe('NOT_FOUND');
    const z = (await call('/cashup/close', { id: own.id, counted_cash: 500 }, cashier)).body.data;
    expect((await call('/cashup/report', { id: own.id }, cashier)).body.data).toEqual({
      ...z,
      as_of: expect.any(String),
    });
    expect((await call('/cashup/report', { id: theirs.id }, manager)).body.data.id).toBe(theirs.id);
    await call('/cashup/close', { id: theirs.id, counted_cash: 700 }, colleague);
  });

  it('only its cashier closes it; a manager reads and lists shifts, a cashier cannot list', async () => {
    const mine = (await call('/cashup/open', { opening_float: 0 }, colleague)).body.data;
    expect((await call('/cashup/close', { id: mine.id, counted_cash: 0 }, cashier)).body.message).toBe('NOT_FOUND');
    const list = await server.post<{ rows: ShiftSummary[]; total: number }>('/cashup/list', { open: true }, manager);
    expect(list.body.data.rows.map((r) => r.id)).toEqual([mine.id]);
    expect((await server.post('/cashup/list', {}, cashier)).body.message).toBe('NOT_AUTHORISED');
    expect((await call('/cashup/open', { opening_float: -1 }, cashier)).body).toMatchObject({
      message: 'VALIDATION_FAILED',
      errors: [{ path: 'opening_float' }],
    });
    expect((await call('/cashup/close', { id: mine.id, counted_cash: 0 }, colleague)).body.data.difference).toBe(0);
  });

  it('a sale racing the close is either in the Z report or outside the shift, never in a closed shift unseen', async () => {
    const shift = (await call('/cashup/open', { opening_float: 0 })).body.data;
    const racing = Array.from({ length: 6 }, () => sell(cashier, juice, { cash: 1150 }));
    const closing = call('/cashup/close', { id: shift.id, counted_cash: 0 });
    const [z] = await Promise.all([closing, ...racing]);
    const inShift = await server.database.db.select({ id: sales.id }).from(sales).where(eq(sales.shift_id, shift.id));
    expect(z.body.data.invoices.count).toBe(inShift.length);
    expect(z.body.data.expected_cash).toBe(inShift.length * 1150);
  });
});
