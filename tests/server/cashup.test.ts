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
let supervisor: string;
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
  supervisor = await server.staff('0548000004', { Sales: ALL, Invoices: ALL });
  juice = await product('Juice', 1150, 1);
  toy = await product('Toy', 1000, 2);
});
afterAll(() => server.close());

async function sellAnswer(token: string, id: number, payments: object) {
  const res = await server.post<{ id: number }>(
    '/sale/sale/create',
    { cart: [{ product: { id, qty: 1 } }], salesData: { payments } },
    token,
  );
  return res.body;
}

async function sell(token: string, id: number, payments: object) {
  const answer = await sellAnswer(token, id, payments);
  expect(answer.message).toBe('SALES_COMPLETED');
  return answer.data.id;
}

const call = <T = ShiftSummary>(path: string, body: object, token = cashier) => server.post<T>(path, body, token);

describe('a cashier’s shift', () => {
  it('counts the float, cash after change, card and refunds; the Z report shows 5.00 short', async () => {
    // Before the shift: no drawer counts this cash, so it is refused and nothing is written.
    const before = await server.database.db.$count(sales);
    expect((await sellAnswer(cashier, juice, { cash: 2000 })).message).toBe('SHIFT_NOT_OPEN');
    expect(await server.database.db.$count(sales)).toBe(before);
    const opened = await call('/cashup/open', { opening_float: 20000 });
    expect(opened.body.message).toBe('OK');
    expect(opened.body.data).toMatchObject({ opening_float: 20000, expected_cash: 20000, closed_at: null });
    expect((await call('/cashup/open', { opening_float: 100 })).body.message).toBe('SHIFT_ALREADY_OPEN');

    await sell(cashier, juice, { cash: 5000 }); // 11.50, 38.50 back
    const byCard = await sell(cashier, toy, { pos: 1150, pos_reference: 'R-1' });
    await sell(cashier, juice, { cash: 1150 });
    const theirs = (await call('/cashup/open', { opening_float: 0 }, colleague)).body.data;
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

    // After the close: no shift open; a cash sale is refused, and the closed one is unchanged.
    expect((await call('/cashup/current', {})).body.data).toBeNull();
    expect((await sellAnswer(cashier, juice, { cash: 1150 })).message).toBe('SHIFT_NOT_OPEN');
    expect((await call('/cashup/report', { id: x.id }, manager)).body.data).toEqual(z.body.data);
    expect((await call('/cashup/close', { id: theirs.id, counted_cash: 1150 }, colleague)).body.data.difference).toBe(
      0,
    );
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

  it('a cash sale racing the close is either in the Z report or refused, never in a closed shift unseen', async () => {
    const shift = (await call('/cashup/open', { opening_float: 0 })).body.data;
    const racing = Array.from({ length: 6 }, () => sellAnswer(cashier, juice, { cash: 1150 }));
    const closing = call('/cashup/close', { id: shift.id, counted_cash: 0 });
    const [z, ...answers] = await Promise.all([closing, ...racing]);
    const inShift = await server.database.db.select({ id: sales.id }).from(sales).where(eq(sales.shift_id, shift.id));
    const sold = answers.filter((a) => a.message === 'SALES_COMPLETED');
    const refused = answers.filter((a) => a.message !== 'SALES_COMPLETED').map((a) => a.message);
    expect(refused).toEqual(refused.map(() => 'SHIFT_NOT_OPEN'));
    const ids = (list: number[]) => list.sort((a, b) => a - b);
    expect(ids(sold.map((a) => a.data.id))).toEqual(ids(inShift.map((r) => r.id)));
    expect(z.body.data.invoices.count).toBe(inShift.length);
    expect(z.body.data.expected_cash).toBe(inShift.length * 1150);
  });
});

describe('cash goes through a counted drawer', () => {
  const cancel = (id: number, token: string) =>
    call<{ id: number; invoice_no: number }>('/sale/cancelinvoice', { id }, token);
  const shiftOf = async (saleId: number) =>
    (await server.database.db.select({ shift_id: sales.shift_id }).from(sales).where(eq(sales.id, saleId)))[0]!
      .shift_id;
  const countsCash = async (counts_cash: boolean) => {
    const { rows } = (await server.post<{ rows: Record<string, unknown>[] }>('/branch/pagelist', {}, admin)).body.data;
    const { id, name_en, name_ar, address, phone, vat_number, currency, time_zone, country } = rows.find(
      (b) => b.id === 1,
    )!;
    const update = { id, name_en, name_ar, address, phone, vat_number, currency, time_zone, country, counts_cash };
    const res = await server.post<{ counts_cash: boolean }>('/branch/update', update, admin);
    expect(res.body.data.counts_cash).toBe(counts_cash);
  };

  it('without a shift a card sale goes through; a cash one only where the branch does not count its cash', async () => {
    const byCard = await sell(cashier, toy, { pos: 1150, pos_reference: 'R-2' });
    expect(await shiftOf(byCard)).toBeNull();
    expect((await sellAnswer(cashier, juice, { cash: 1150, pos: 0 })).message).toBe('SHIFT_NOT_OPEN');
    expect((await sellAnswer(cashier, juice, { cash: 150, pos: 1000, pos_reference: 'R-3' })).message).toBe(
      'SHIFT_NOT_OPEN',
    );
    await countsCash(false);
    try {
      expect(await shiftOf(await sell(cashier, juice, { cash: 1150 }))).toBeNull();
    } finally {
      await countsCash(true);
    }
    expect((await sellAnswer(cashier, juice, { cash: 1150 })).message).toBe('SHIFT_NOT_OPEN');
  });

  it("a refund is paid by the canceller's open shift, else by the sale's own open shift, and the slip says whose", async () => {
    const hers = (await call('/cashup/open', { opening_float: 10000 }, cashier)).body.data;
    const first = await sell(cashier, juice, { cash: 2000 }); // 11.50 kept
    const second = await sell(cashier, juice, { cash: 1150 });

    // A supervisor with no shift of their own cancels her sale: the refund leaves her drawer.
    const note = (await cancel(first, supervisor)).body;
    expect(note.message).toBe('INVOICE_CANCELLED');
    const x = (await call('/cashup/current', {}, cashier)).body.data!;
    expect(x).toMatchObject({
      invoices: { count: 2, cash: 2300 },
      creditNotes: { count: 1, cash: -1150, card: 0, total: -1150 },
      expected_cash: 10000 + 2300 - 1150,
      refunds: [
        {
          credit_note_no: note.data.invoice_no,
          cash: -1150,
          card: 0,
          sold_by: { name_en: expect.any(String) },
          sold_in_shift: hers.id,
          refunded_by: { name_en: expect.any(String) },
        },
      ],
    });
    expect(x.refunds[0]!.sold_by.id).toBe(hers.cashier.id);
    expect(x.refunds[0]!.refunded_by.id).not.toBe(hers.cashier.id);

    // With a shift of their own open, the supervisor pays from their own drawer: hers is unchanged.
    const own = (await call('/cashup/open', { opening_float: 5000 }, supervisor)).body.data;
    const secondNote = (await cancel(second, supervisor)).body.data;
    expect(await shiftOf(secondNote.id)).toBe(own.id);
    const theirs = (await call('/cashup/current', {}, supervisor)).body.data!;
    expect(theirs).toMatchObject({ creditNotes: { count: 1, cash: -1150 }, expected_cash: 5000 - 1150 });
    expect(theirs.refunds.map((r) => r.sold_in_shift)).toEqual([hers.id]);
    expect((await call('/cashup/current', {}, cashier)).body.data!.expected_cash).toBe(x.expected_cash);
    await call('/cashup/close', { id: own.id, counted_cash: 3850 }, supervisor);

    // Her shift closed and nobody's open: a cash refund has no drawer to come from; a card one has no cash to pay.
    const third = await sell(cashier, juice, { cash: 1150 });
    const byCard = await sell(cashier, toy, { pos: 1150, pos_reference: 'R-4' });
    await call('/cashup/close', { id: hers.id, counted_cash: 10000 + 2300 + 1150 - 1150 }, cashier);
    expect((await cancel(third, supervisor)).body.message).toBe('SHIFT_NOT_OPEN');
    expect(await server.database.db.$count(sales, eq(sales.original_id, third))).toBe(0);
    expect((await cancel(byCard, supervisor)).body.message).toBe('INVOICE_CANCELLED');
  });
});
