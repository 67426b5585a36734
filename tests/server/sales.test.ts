import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';
import { decodeTaxQr } from '../fixtures/tax-qr-decoder';

let server: TestServer;
let admin: string;
let cashier: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
  cashier = await server.staff('0540000000', {
    Sales: { access: true, view: true, create: true, update: false, delete: false },
    Invoices: { access: true, view: true, create: false, update: true, delete: false },
  });
  await server.openShift(cashier);
});
afterAll(() => server.close());

type Sale = {
  id: number;
  invoice_no: number;
  gross: number;
  discount: number;
  net: number;
  vat: number;
  payable: number;
  change: number;
  kind: string;
  original_id: number | null;
  lines: { qty: number; gross: number }[];
};

const product = (name: string, price: number, stock: number, included: 1 | 2 = 1) =>
  server.product(admin, name, price, { stock, included });

const stockOf = async (id: number) => {
  const list = await server.post<{ rows: { id: number; stock: number }[] }>(
    '/product/pagelist',
    { perPage: 200 },
    admin,
  );
  return list.body.data.rows.find((p) => p.id === id)!.stock;
};

const sell = (
  cart: { id: number; qty: number }[],
  cash: number,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) =>
  server.post<Sale>(
    '/sale/sale/create',
    { cart: cart.map((product) => ({ product })), salesData: { payments: { cash } }, ...extra },
    cashier,
    undefined,
    headers,
  );

describe('a sale', () => {
  it('prices the cart from the database, takes stock, gives change and numbers the invoice', async () => {
    const juice = await product('Juice', 1150, 10); // VAT included
    const toy = await product('Toy', 1000, 10, 2); // VAT added
    const res = await sell(
      [
        { id: juice, qty: 2 },
        { id: toy, qty: 1 },
        { id: juice, qty: 1 },
      ],
      10000,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('SALES_COMPLETED');
    expect(res.body.data).toMatchObject({
      gross: 4600,
      discount: 0,
      net: 4000,
      vat: 600,
      payable: 4600,
      change: 5400,
      kind: 'invoice',
    });
    expect(res.body.data.lines.map((l) => l.qty)).toEqual([3, 1]);
    expect(await stockOf(juice)).toBe(7);
    const next = await sell([{ id: toy, qty: 1 }], 1150);
    expect(next.body.data.invoice_no).toBe(res.body.data.invoice_no + 1);
  });

  it('answers how an invoice was paid (GET /sale/payments/{id}) and what the till may sell', async () => {
    const id = await product('Cap', 4000, 2);
    await product('Sold out', 100, 0);
    const sale = (
      await server.post<Sale>(
        '/sale/sale/create',
        {
          cart: [{ product: { id, qty: 1 } }],
          salesData: { payments: { cash: 1000, pos: 3000, pos_reference: 'T-9' } },
        },
        cashier,
      )
    ).body.data;
    const res = await fetch(`${server.url}/sale/payments/${sale.id}`, {
      headers: { authorization: `Bearer ${cashier}` },
    });
    expect(await res.json()).toEqual({
      status: true,
      message: 'OK',
      data: { payable: 4000, cash: 1000, pos: 3000, pos_reference: 'T-9', change: 0 },
    });
    expect(
      (await fetch(`${server.url}/sale/payments/99999`, { headers: { authorization: `Bearer ${cashier}` } })).status,
    ).toBe(404);
    const sellable = (await server.post<{ name_en: string }[]>('/sale/product/list', {}, cashier)).body.data.map(
      (p) => p.name_en,
    );
    expect(sellable).toContain('Cap');
    expect(sellable).not.toContain('Sold out');
    expect(
      (await server.post<{ name_en: string }[]>('/sale/product/list', { getAll: true }, cashier)).body.data.map(
        (p) => p.name_en,
      ),
    ).toContain('Sold out');
  });

  it('answers how an invoice was paid by POST /sale/payments/{id} too, as the spec lists it among the POST calls', async () => {
    const kite = await product('Kite', 2000, 1);
    const sale = (await sell([{ id: kite, qty: 1 }], 5000)).body.data;
    const paid = {
      status: true,
      message: 'OK',
      data: { payable: 2000, cash: 5000, pos: 0, pos_reference: null, change: 3000 },
    };
    expect((await server.get(`/sale/payments/${sale.id}`, cashier)).body).toEqual(paid);
    expect(await server.post(`/sale/payments/${sale.id}`, {}, cashier)).toEqual({ status: 200, body: paid });
    expect(await server.post('/sale/payments/99999', {}, cashier)).toEqual({
      status: 404,
      body: { status: false, message: 'NOT_FOUND' },
    });
    expect((await server.post('/sale/payments/abc', {}, cashier)).body).toMatchObject({
      status: false,
      message: 'VALIDATION_FAILED',
    });
  });

  it('refuses short payment, a card over the total, a card without its reference, and a sale without a branch', async () => {
    const id = await product('Sock', 500, 5);
    expect((await sell([{ id, qty: 1 }], 499)).body.errors).toEqual([
      { path: 'salesData.payments.cash', message: 'FIELD_TOO_SMALL' },
    ]);
    const card = (pos: number, pos_reference?: string) =>
      server.post(
        '/sale/sale/create',
        { cart: [{ product: { id, qty: 1 } }], salesData: { payments: { pos, pos_reference } } },
        cashier,
      );
    expect((await card(600, 'A1')).body.errors).toEqual([
      { path: 'salesData.payments.pos', message: 'FIELD_TOO_LARGE' },
    ]);
    expect((await card(500)).body.errors).toEqual([
      { path: 'salesData.payments.pos_reference', message: 'FIELD_REQUIRED' },
    ]);
    expect((await card(500, 'TERM-7781')).body.status).toBe(true);
    const adminSale = await server.post(
      '/sale/sale/create',
      { cart: [{ product: { id, qty: 1 } }], salesData: { payments: { cash: 500 } } },
      admin,
    );
    expect(adminSale.body.errors).toEqual([{ path: 'salesData.branch_id', message: 'FIELD_REQUIRED' }]);
    expect(await stockOf(id)).toBe(4);
  });

  it('INSUFFICIENT_STOCK writes nothing and uses no invoice number', async () => {
    const a = await product('Ball', 100, 5);
    const b = await product('Kite', 100, 1);
    const before = (await sell([{ id: a, qty: 1 }], 200)).body.data.invoice_no;
    const refused = await sell(
      [
        { id: a, qty: 2 },
        { id: b, qty: 2 },
      ],
      1000,
    );
    expect(refused).toEqual({ status: 409, body: { status: false, message: 'INSUFFICIENT_STOCK' } });
    expect(await stockOf(a)).toBe(4); // the first line's stock came back with the rollback
    expect((await sell([{ id: a, qty: 1 }], 200)).body.data.invoice_no).toBe(before + 1);
  });

  it('twenty tills selling the last unit at once: exactly one sale, nineteen INSUFFICIENT_STOCK, invoice numbers without gaps', async () => {
    const last = await product('Last one', 300, 1);
    const first = (await sell([{ id: await product('Marker', 1, 1), qty: 1 }], 1)).body.data.invoice_no;
    const results = await Promise.all(Array.from({ length: 20 }, () => sell([{ id: last, qty: 1 }], 300)));
    expect(results.filter((r) => r.body.message === 'SALES_COMPLETED')).toHaveLength(1);
    expect(results.filter((r) => r.body.message === 'INSUFFICIENT_STOCK')).toHaveLength(19);
    expect(await stockOf(last)).toBe(0);
    expect((await sell([{ id: await product('After', 1, 1), qty: 1 }], 1)).body.data.invoice_no).toBe(first + 2);
  });

  it('twenty tills selling the same three products at once, in any cart order: every sale, every unit, numbers 1 apart', async () => {
    const ids = [await product('Cup', 100, 100), await product('Plate', 100, 100), await product('Straw', 100, 100)];
    const carts = Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? [...ids].reverse() : ids).map((id, k) => ({ id, qty: 1 + ((i + k) % 2) })),
    );
    const results = await Promise.all(carts.map((cart) => sell(cart, 1000)));
    expect(results.map((r) => r.body.message)).toEqual(carts.map(() => 'SALES_COMPLETED'));
    for (const id of ids) {
      const sold = carts.reduce((n, cart) => n + cart.find((line) => line.id === id)!.qty, 0);
      expect(await stockOf(id)).toBe(100 - sold);
    }
    const numbers = results.map((r) => r.body.data.invoice_no).sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
  });

  it('a coupon with one use left, used by ten sales at once, applies exactly once', async () => {
    const id = await product('Party pack', 5000, 50);
    await server.post('/coupon/create', { code: 'LASTONE', type: 'amount', value: 1000, use_limit: 1 }, admin);
    const couponId = (
      await server.post<{ coupon_id: number }>('/sale/coupon', { coupon: 'LASTONE', cart_total: 5000 }, cashier)
    ).body.data.coupon_id;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => sell([{ id, qty: 1 }], 5000, { coupon_id: couponId })),
    );
    expect(results.filter((r) => r.body.status)).toHaveLength(1);
    expect(results.filter((r) => r.body.message === 'COUPON_USE_LIMIT_EXHAUSTED')).toHaveLength(9);
    const won = results.find((r) => r.body.status)!.body.data;
    expect(won).toMatchObject({ gross: 5000, discount: 1000, payable: 4000, change: 1000 });
    expect(won.net + won.vat).toBe(4000);
  });

  it('retried five times with its Idempotency-Key, it is one sale', async () => {
    const id = await product('Retry', 700, 10);
    const headers = { 'idempotency-key': 'till-3-sale-8841' };
    const sequential = await sell([{ id, qty: 2 }], 1400, {}, headers);
    const again = await Promise.all(Array.from({ length: 4 }, () => sell([{ id, qty: 2 }], 1400, {}, headers)));
    expect(new Set([sequential, ...again].map((r) => r.body.data.id)).size).toBe(1);
    expect(await stockOf(id)).toBe(8);
  });
});

describe('a sale retried with its Idempotency-Key', () => {
  const saleCount = async () =>
    (await server.post<{ statistics: { count: number } }>('/sale/pagelist', {}, cashier)).body.data.statistics.count;

  it('keeps a key of 199 and 200 characters: the retry answers the first sale', async () => {
    const id = await product('Long key', 300, 10);
    for (const length of [199, 200]) {
      const headers = { 'idempotency-key': 'k'.repeat(length) };
      const first = await sell([{ id, qty: 1 }], 300, {}, headers);
      expect(first.status, `key of ${length}`).toBe(200);
      const retried = await sell([{ id, qty: 1 }], 300, {}, headers);
      expect(retried.body.data.id).toBe(first.body.data.id);
    }
    expect(await stockOf(id)).toBe(8);
  });

  it('refuses a key over 200 characters instead of ignoring it, and sells nothing', async () => {
    const id = await product('Too long key', 300, 10);
    const before = await saleCount();
    const refused = await sell([{ id, qty: 1 }], 300, {}, { 'idempotency-key': 'k'.repeat(201) });
    expect(refused).toEqual({
      status: 400,
      body: {
        status: false,
        message: 'VALIDATION_FAILED',
        errors: [{ path: 'Idempotency-Key', message: 'FIELD_TOO_LONG' }],
      },
    });
    expect(await saleCount()).toBe(before);
    expect(await stockOf(id)).toBe(10);
  });

  it('answers 422 IDEMPOTENCY_KEY_REUSED to the same key with another cart, and sells it once', async () => {
    const id = await product('Reused key', 300, 10);
    const headers = { 'idempotency-key': 'till-1-sale-reused' };
    expect((await sell([{ id, qty: 1 }], 300, {}, headers)).status).toBe(200);
    expect(await sell([{ id, qty: 2 }], 600, {}, headers)).toEqual({
      status: 422,
      body: { status: false, message: 'IDEMPOTENCY_KEY_REUSED' },
    });
    expect(await stockOf(id)).toBe(9);
  });

  it('one key belongs to one cashier: the same key from another is another sale', async () => {
    const id = await product('Two tills', 300, 10);
    const other = await server.staff('0540000001', {
      Sales: { access: true, view: true, create: true, update: false, delete: false },
    });
    await server.openShift(other);
    const body = { cart: [{ product: { id, qty: 1 } }], salesData: { payments: { cash: 300 } } };
    const headers = { 'idempotency-key': 'same-key-two-tills' };
    const a = await server.post<Sale>('/sale/sale/create', body, cashier, undefined, headers);
    const b = await server.post<Sale>('/sale/sale/create', body, other, undefined, headers);
    expect(a.body.data.id).not.toBe(b.body.data.id);
    expect(await stockOf(id)).toBe(8);
  });
});

describe('invoices', () => {
  it('are listed for today with their count and value', async () => {
    const list = await server.post<{ rows: Sale[]; statistics: { count: number; value: number } }>(
      '/sale/pagelist',
      {},
      cashier,
    );
    expect(list.body.data.rows.length).toBe(Math.min(10, list.body.data.statistics.count)); // 10 per page
    expect(list.body.data.statistics.count).toBeGreaterThan(5);
    const sum = (
      await server.post<{ rows: Sale[] }>('/sale/pagelist', { perPage: 200 }, cashier)
    ).body.data.rows.reduce((s, r) => s + r.payable, 0);
    expect(list.body.data.statistics.value).toBe(sum);
    const past = await server.post<{ statistics: { count: number } }>(
      '/sale/pagelist',
      { dates: { from: '2020-01-01', to: '2020-01-31' } },
      cashier,
    );
    expect(past.body.data.statistics.count).toBe(0);
    expect(
      (await server.post('/sale/pagelist', { dates: { from: '2020-02-01', to: '2020-01-01' } }, cashier)).status,
    ).toBe(400);
  });

  it('are cancelled by a credit note that returns the stock and the coupon use; a second cancel is ALREADY_CANCELLED', async () => {
    const id = await product('Cancel me', 2000, 3);
    await server.post('/coupon/create', { code: 'BACKAGAIN', type: 'percent', value: 10, use_limit: 1 }, admin);
    const couponId = (
      await server.post<{ coupon_id: number }>('/sale/coupon', { coupon: 'BACKAGAIN', cart_total: 4000 }, cashier)
    ).body.data.coupon_id;
    const sale = (await sell([{ id, qty: 2 }], 5000, { coupon_id: couponId })).body.data;
    expect(await stockOf(id)).toBe(1);

    const cancels = await Promise.all(
      [1, 2].map(() => server.post<Sale>('/sale/cancelinvoice', { id: sale.id }, cashier)),
    );
    const note = cancels.find((c) => c.body.status)!;
    expect(cancels.map((c) => c.body.message).sort()).toEqual(['ALREADY_CANCELLED', 'INVOICE_CANCELLED']);
    expect(note.body.data).toMatchObject({
      kind: 'credit_note',
      original_id: sale.id,
      original_invoice_no: sale.invoice_no,
      payable: -sale.payable,
      vat: -sale.vat,
    });
    expect(note.body.data.invoice_no).toBeGreaterThan(sale.invoice_no);
    expect(await stockOf(id)).toBe(3);
    expect((await server.post('/sale/coupon', { coupon: 'BACKAGAIN', cart_total: 4000 }, cashier)).body.message).toBe(
      'COUPON_APPLIED',
    );
    expect((await server.post('/sale/cancelinvoice', { id: sale.id }, cashier)).body.message).toBe('ALREADY_CANCELLED');
    expect((await server.post('/sale/cancelinvoice', { id: note.body.data.id }, cashier)).status).toBe(404); // a credit note is not cancelled
  });

  it('the list counts invoices and credit notes apart, neither negatively, and nets their value', async () => {
    type Stats = { count: number; credit_notes: number; value: number };
    const today = async () =>
      (await server.post<{ statistics: Stats; total: number }>('/sale/pagelist', {}, cashier)).body.data;
    const before = await today();
    const id = await product('Counted once', 700, 1);
    const sale = (await sell([{ id, qty: 1 }], 700)).body.data;
    expect((await server.post('/sale/cancelinvoice', { id: sale.id }, cashier)).body.message).toBe('INVOICE_CANCELLED');
    const after = await today();
    expect(after.statistics).toEqual({
      count: before.statistics.count + 1,
      credit_notes: before.statistics.credit_notes + 1,
      value: before.statistics.value,
    });
    // The list shows both kinds: its rows are the invoices and the credit notes.
    expect(after.total).toBe(after.statistics.count + after.statistics.credit_notes);
  });
});

describe('the printable receipt', () => {
  it('GET /sale/receipt/{id}: seller, cashier, lines, totals, payments and a QR that decodes to the sale', async () => {
    await server.post(
      '/branch/update',
      { id: 1, name_en: 'Main branch', name_ar: 'الفرع الرئيسي', vat_number: '310122393500003', address: 'Riyadh' },
      admin,
    );
    const id = await product('Balloon', 1150, 3);
    const sale = (await sell([{ id, qty: 2 }], 3000)).body.data;
    const res = await server.get<{
      number: number;
      seller: { vatNumber: string };
      cashier: { name_en: string };
      lines: { qty: number }[];
      totals: { total: number; vat: number };
      payments: { change: number };
      qr: string;
    }>(`/sale/receipt/${sale.id}`, cashier);
    expect(res.body.data).toMatchObject({
      number: sale.invoice_no,
      seller: { vatNumber: '310122393500003' },
      lines: [{ qty: 2 }],
      totals: { total: 2300, vat: 300 },
      payments: { change: 700 },
    });
    expect(decodeTaxQr(res.body.data.qr)).toMatchObject({
      vatNumber: '310122393500003',
      total: '23.00',
      vatTotal: '3.00',
    });
    expect((await server.get('/sale/receipt/999999', cashier)).body.message).toBe('NOT_FOUND');
  });

  it('a seller whose role does not read invoices prints the receipts of their own sales, and no one else’s', async () => {
    const seller = await server.staff('0540000077', {
      Sales: { access: true, view: true, create: true, update: false, delete: false },
    });
    await server.openShift(seller);
    const id = await product('Kazoo', 500, 5);
    const own = (
      await server.post<Sale>(
        '/sale/sale/create',
        { cart: [{ product: { id, qty: 1 } }], salesData: { payments: { cash: 500 } } },
        seller,
      )
    ).body.data;
    const others = (await sell([{ id, qty: 1 }], 500)).body.data;
    const mine = await server.get<{ number: number }>(`/sale/receipt/${own.id}`, seller);
    expect(mine.status).toBe(200);
    expect(mine.body.data.number).toBe(own.invoice_no);
    expect(await server.get(`/sale/receipt/${others.id}`, seller)).toMatchObject({
      status: 404,
      body: { message: 'NOT_FOUND' },
    });
    // Reading invoices still reads anyone's.
    expect((await server.get(`/sale/receipt/${own.id}`, cashier)).status).toBe(200);
    // Neither right: refused before anything is read.
    const browser = await server.staff('0540000078', {
      Products: { access: true, view: true, create: false, update: false, delete: false },
    });
    expect(await server.get(`/sale/receipt/${own.id}`, browser)).toMatchObject({
      status: 403,
      body: { message: 'NOT_AUTHORISED' },
    });
  });
});
