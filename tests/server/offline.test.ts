import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { newFamily } from './families-fixture';
import { taxes, users } from '../../server/db/schema';
import { priceCart } from '../../shared/domain/money';
import { OFFLINE_NUMBERS_HELD } from '../../shared/domain/offline';
import type { OfflineNote, OfflineSaleRequest } from '../../shared/api/offline';

let server: TestServer;
let admin: string;
let cashier: string;
let cashierId: number;
let other: string;
let rateBp: number;
let east: number;
const rights = {
  Sales: { access: true, view: true, create: true, update: false, delete: false },
  Invoices: { access: true, view: true, create: false, update: true, delete: false },
};
beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
  cashier = await server.staff('0541000001', rights);
  other = await server.staff('0541000002', rights);
  await server.openShift(cashier);
  await server.openShift(other);
  const [me] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.mobile, '0541000001'));
  cashierId = me!.id;
  const [tax] = await server.database.db.select({ rate_bp: taxes.rate_bp }).from(taxes).where(eq(taxes.id, 1));
  rateBp = tax!.rate_bp;
  east = (await server.post<{ id: number }>('/branch/create', { name_en: 'Offline East', name_ar: 'الشرق' }, admin))
    .body.data.id;
});
afterAll(() => server.close());

type Sale = {
  id: number;
  invoice_no: number;
  created_at: string;
  cashier_id: number;
  gross: number;
  payable: number;
  lines: Record<string, unknown>[];
  subscriptions: { kid_id: number; start_date: string }[];
  notes: OfflineNote[];
};

const reserve = (station: string, token = cashier, branch_id?: number) =>
  server.post<{ branch_id: number; numbers: number[] }>(
    '/offline/numbers/reserve',
    { station_id: station, branch_id },
    token,
  );
const release = (station: string, numbers: number[], branch_id = 1, token = cashier) =>
  server.post<{ released: number[] }>('/offline/numbers/release', { station_id: station, branch_id, numbers }, token);
const sellOnline = (token: string, productId: number, qty = 1) =>
  server.post<{ id: number; invoice_no: number }>(
    '/sale/sale/create',
    { cart: [{ product: { id: productId, qty } }], salesData: { payments: { cash: 100_000 } } },
    token,
  );
const product = (name: string, price: number, stock: number) => server.product(admin, name, price, { stock });

type Item =
  | { product_id: number; price: number; qty: number; name?: string }
  | { package_id: number; price: number; kid_ids: number[]; name?: string };

/** A sale as the station prints and queues it: its amounts are priceCart's, like the till's. */
function offline(station: string, invoice_no: number, items: Item[], over: Partial<OfflineSaleRequest> = {}) {
  const inputs = items.map((i) => ({
    unitPrice: i.price,
    qty: 'kid_ids' in i ? i.kid_ids.length : i.qty,
    rateBp,
    included: 1 as const,
  }));
  const cart = priceCart(inputs);
  const request: OfflineSaleRequest = {
    station_id: station,
    branch_id: 1,
    invoice_no,
    sold_at: new Date().toISOString(),
    sold_by: cashierId,
    lines: items.map((item, i) => ({
      product_id: 'product_id' in item ? item.product_id : null,
      package_id: 'package_id' in item ? item.package_id : null,
      kid_ids: 'kid_ids' in item ? item.kid_ids : null,
      name_en: item.name ?? 'Printed name',
      name_ar: 'اسم مطبوع',
      unit_price: item.price,
      qty: inputs[i]!.qty,
      rate_bp: rateBp,
      included: 1,
      net: cart.lines[i]!.net,
      vat: cart.lines[i]!.vat,
      gross: cart.lines[i]!.gross,
      discount: cart.lines[i]!.discount,
    })),
    totals: { gross: cart.gross, discount: cart.discount, net: cart.net, vat: cart.vat, payable: cart.payable },
    payments: { cash: cart.payable, pos: 0, pos_reference: null, change: 0 },
    parentInfo: null,
    ...over,
  };
  return request;
}
const send = (request: OfflineSaleRequest, key: string = randomUUID(), token = cashier) =>
  server.post<Sale>('/offline/sale', request, token, undefined, { 'idempotency-key': key });

/** The branch's numbers: every sale's and every held or free one, sorted, and the counter's last. */
async function numbering(branch = 1) {
  const { rows } = await server.database.db.execute<{ n: number }>(sql`
    select invoice_no as n from sales where branch_id = ${branch}
    union all select invoice_no from offline_numbers where branch_id = ${branch} order by 1`);
  const { rows: counter } = await server.database.db.execute<{ last_no: number }>(
    sql`select last_no from invoice_counters where branch_id = ${branch}`,
  );
  return { numbers: rows.map((r) => r.n), last: counter[0]?.last_no ?? 0 };
}
const oneToLast = (last: number) => Array.from({ length: last }, (_, i) => i + 1);

describe('invoice numbers held for offline sales', () => {
  it('tops a station up to OFFLINE_NUMBERS_HELD, answers the same when asked again, and hands back only its own', async () => {
    const station = randomUUID();
    const first = await reserve(station);
    expect(first.body.message).toBe('OK');
    expect(first.body.data.branch_id).toBe(1);
    expect(first.body.data.numbers).toHaveLength(OFFLINE_NUMBERS_HELD);
    const before = await numbering();
    expect(first.body.data.numbers).toEqual(oneToLast(before.last).slice(-OFFLINE_NUMBERS_HELD));
    const again = await reserve(station);
    expect(again.body.data.numbers).toEqual(first.body.data.numbers);
    expect((await numbering()).last).toBe(before.last);

    const [a, b, c] = first.body.data.numbers;
    const stranger = randomUUID();
    expect((await release(stranger, [a!])).body.data.released).toEqual([]);
    const released = await release(station, [c!, a!, 999_999]);
    expect(released.body.data.released).toEqual([a, c]);
    // Topped up again: the freed ones come back first, no new number is drawn.
    const topped = await reserve(station);
    expect(topped.body.data.numbers).toEqual(first.body.data.numbers);
    expect((await numbering()).last).toBe(before.last);
    expect(b).toBe(a! + 1);
  });

  it('gives handed-back numbers to the next online sales and credit notes, lowest first, then the counter', async () => {
    const juice = await product('Freed juice', 500, 50);
    const station = randomUUID();
    const held = (await reserve(station)).body.data.numbers;
    await release(station, [held[7]!, held[3]!]);
    const first = await sellOnline(cashier, juice);
    expect(first.body.data.invoice_no).toBe(held[3]);
    // Refused for stock: it takes no number.
    const refused = await sellOnline(cashier, juice, 60);
    expect(refused.body.message).toBe('INSUFFICIENT_STOCK');
    const note = await server.post<{ invoice_no: number }>('/sale/cancelinvoice', { id: first.body.data.id }, cashier);
    expect(note.body.data.invoice_no).toBe(held[7]);
    const { last } = await numbering();
    const after = await sellOnline(cashier, juice);
    expect(after.body.data.invoice_no).toBe(last + 1);
    const branch = await numbering();
    expect(branch.numbers).toEqual(oneToLast(branch.last));
  });

  it('keeps a branch gapless through concurrent online sales, reserves, hand-backs and offline sales', async () => {
    const toy = await product('Concurrent toy', 300, 1000);
    const [s1, s2] = [randomUUID(), randomUUID()];
    const [h1, h2] = await Promise.all([reserve(s1), reserve(s2, other)]);
    const n1 = h1.body.data.numbers;
    const n2 = h2.body.data.numbers;
    const work: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 6; i++) {
      work.push(sellOnline(cashier, toy), sellOnline(other, toy));
      work.push(send(offline(s1, n1[i]!, [{ product_id: toy, price: 300, qty: 1 }])));
      work.push(send(offline(s2, n2[i]!, [{ product_id: toy, price: 300, qty: 2 }]), randomUUID(), other));
    }
    work.push(
      release(s1, n1.slice(30, 40)),
      release(s2, n2.slice(20, 45), 1, other),
      reserve(s1),
      reserve(randomUUID()),
    );
    work.push(release(s1, n1.slice(10, 20)), reserve(s2, other));
    const answers = await Promise.all(work);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const { numbers, last } = await numbering();
    expect(numbers).toEqual(oneToLast(last));
  });
});

describe('a sale made offline', () => {
  it('is recorded once, exactly as printed, into the shift open when it was sold', async () => {
    const cake = await product('Cake', 1150, 20);
    const station = randomUUID();
    const [no] = (await reserve(station)).body.data.numbers;
    const shiftBefore = await server.post<{ id: number; invoices: { count: number; cash: number } }>(
      '/cashup/current',
      {},
      cashier,
    );
    const soldAt = new Date().toISOString();
    const request = offline(station, no!, [{ product_id: cake, price: 1150, qty: 3, name: 'Cake as printed' }], {
      sold_at: soldAt,
      payments: { cash: 5000, pos: 0, pos_reference: null, change: 5000 - 3450 },
    });
    const key = randomUUID();
    const [once, twice] = await Promise.all([send(request, key), send(request, key)]);
    expect(once.body.message).toBe('OFFLINE_SALE_RECORDED');
    expect(twice.body.data).toEqual(once.body.data);
    const sale = once.body.data;
    expect(sale.invoice_no).toBe(no);
    expect(new Date(sale.created_at).toISOString()).toBe(soldAt);
    expect(sale.cashier_id).toBe(cashierId);
    expect(sale).toMatchObject({ ...request.totals, cash: 5000, change: 1550, pos: 0 });
    expect(sale.lines).toEqual(request.lines.map((l) => ({ ...l })));
    expect(sale.notes).toEqual([]);
    // Sent again later under another employee's sign-in (the queue outlived the shift): still the same sale.
    const later = await send(request, key, other);
    expect(later.body.data.id).toBe(sale.id);
    const reused = await send({ ...request, sold_at: new Date().toISOString() }, key);
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe('IDEMPOTENCY_KEY_REUSED');
    const { rows } = await server.database.db.execute(
      sql`select count(*)::int as n from sales where invoice_no = ${no} and branch_id = 1`,
    );
    expect(rows[0]).toEqual({ n: 1 });
    // The number is no longer held: the station's top-up draws one more.
    expect((await reserve(station)).body.data.numbers).not.toContain(no);
    const shift = await server.post<{ invoices: { count: number; cash: number } }>(
      '/cashup/report',
      { id: shiftBefore.body.data.id },
      cashier,
    );
    expect(shift.body.data.invoices.count).toBe(shiftBefore.body.data.invoices.count + 1);
    expect(shift.body.data.invoices.cash).toBe(shiftBefore.body.data.invoices.cash + 3450);
  });

  it('takes stock below zero, notes what changed meanwhile, and still records every line', async () => {
    // Sold now, before what follows changes: inside the cashier's shift, opened in beforeAll.
    const soldAt = new Date().toISOString();
    const [bun, gum, kit] = [
      await product('Bun', 200, 1),
      await product('Gum', 100, 10),
      await product('Kit', 900, 10),
    ];
    const family = await newFamily(server, { admin, cashier: admin }, 1, { subscribe: false });
    const pack = (
      await server.post<{ id: number }>(
        '/package/create',
        {
          name_en: 'Day',
          name_ar: 'يوم',
          price: 4000,
          tax_id: 1,
          included: 1,
          validity_days: 1,
          daily_limits: 2,
          margin_minutes: '0',
        },
        admin,
      )
    ).body.data.id;
    const station = randomUUID();
    const [no] = (await reserve(station)).body.data.numbers;
    const kid = family.kids[0]!.id;
    // Meanwhile: a price change, a deletion, and the kid's subscriptions changed (a package bought at the till).
    await server.post(
      '/product/update',
      { id: gum, name_en: 'Gum', name_ar: 'علكة', price: 150, tax_id: 1, included: 1 },
      admin,
    );
    await server.post('/product/delete', { id: kit }, admin);
    const bought = await server.post(
      '/sale/sale/create',
      { cart: [{ package: { id: pack }, kids: [kid] }], salesData: { payments: { cash: 4000 } } },
      cashier,
    );
    expect(bought.body.message).toBe('SALES_COMPLETED');
    const request = offline(
      station,
      no!,
      [
        { product_id: bun, price: 200, qty: 3 },
        { product_id: gum, price: 100, qty: 1 },
        { product_id: kit, price: 900, qty: 1 },
        { package_id: pack, price: 4000, kid_ids: [kid] },
      ],
      { sold_at: soldAt, parentInfo: { parent_id: family.parent.id } },
    );
    const res = await send(request);
    expect(res.body.message).toBe('OFFLINE_SALE_RECORDED');
    const byKind = (kind: string) => res.body.data.notes.filter((n) => n.kind === kind);
    expect(byKind('STOCK_BELOW_ZERO')).toEqual([expect.objectContaining({ product_id: bun, current: -2 })]);
    expect(byKind('PRICE_CHANGED')).toEqual([expect.objectContaining({ product_id: gum, printed: 100, current: 150 })]);
    expect(byKind('PRODUCT_DELETED')).toEqual([expect.objectContaining({ product_id: kit })]);
    expect(byKind('SUBSCRIPTION_CHANGED')).toEqual([expect.objectContaining({ kid_id: kid, package_id: pack })]);
    expect(res.body.data.notes).toHaveLength(4);
    expect(res.body.data.invoice_no).toBe(no);
    expect(res.body.data.lines).toHaveLength(4);
    expect(res.body.data.subscriptions).toEqual([expect.objectContaining({ kid_id: kid })]);
    const stock = await server.post<{ rows: { id: number; stock: number }[] }>(
      '/product/pagelist',
      { perPage: 200 },
      admin,
    );
    expect(stock.body.data.rows.find((p) => p.id === bun)!.stock).toBe(-2);
    // The package deleted after that sale, in another offline sale: noted too.
    await server.post('/package/delete', { id: pack }, admin);
    const [, second] = (await reserve(station)).body.data.numbers;
    const gone = await send(offline(station, second!, [{ package_id: pack, price: 4000, kid_ids: [kid] }]));
    expect(gone.body.data.notes.map((n) => n.kind)).toContain('PACKAGE_DELETED');
  });

  it('takes the next number when its own was used meanwhile, and notes both', async () => {
    const tea = await product('Tea', 300, 50);
    const station = randomUUID();
    const held = (await reserve(station)).body.data.numbers;
    const mine = held[0]!;
    // Handed back by mistake and sold online since.
    await release(station, [mine]);
    expect((await sellOnline(cashier, tea)).body.data.invoice_no).toBe(mine);
    const res = await send(offline(station, mine, [{ product_id: tea, price: 300, qty: 1 }]));
    const note = res.body.data.notes.find((n) => n.kind === 'NUMBER_TAKEN');
    expect(note).toMatchObject({ printed: mine, current: res.body.data.invoice_no });
    expect(res.body.data.invoice_no).not.toBe(mine);
    // Handed back and still free: simply taken.
    await release(station, [held[1]!]);
    const free = await send(offline(station, held[1]!, [{ product_id: tea, price: 300, qty: 1 }]));
    expect(free.body.data.invoice_no).toBe(held[1]);
    expect(free.body.data.notes).toEqual([]);
  });

  it('notes cash sold with no shift open, and a cashier deleted since', async () => {
    const pop = await product('Pop', 400, 50);
    const station = randomUUID();
    const held = (await reserve(station)).body.data.numbers;
    // Before the cashier's shift opened: no drawer counted it.
    const early = await send(
      offline(station, held[0]!, [{ product_id: pop, price: 400, qty: 1 }], { sold_at: '2020-01-01T10:00:00Z' }),
    );
    expect(early.body.data.notes.map((n) => n.kind)).toEqual(['NO_SHIFT']);
    const gone = await server.addEmployee({ branch_id: 1, deleted_at: new Date() });
    const res = await send(
      offline(station, held[1]!, [{ product_id: pop, price: 400, qty: 1 }], {
        sold_by: gone,
        payments: { cash: 0, pos: 400, pos_reference: 'R1', change: 0 },
      }),
    );
    expect(res.body.data.notes.map((n) => n.kind)).toEqual(['CASHIER_GONE']);
  });

  it('counts a sale sold in a shift closed since in that shift, whose expected cash grows with it', async () => {
    const ice = await product('Ice', 700, 50);
    const station = randomUUID();
    const [no] = (await reserve(station, other)).body.data.numbers;
    const [seller] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, '0541000002'));
    const soldAt = new Date().toISOString();
    const open = await server.post<{ id: number }>('/cashup/current', {}, other);
    const closed = await server.post<{ expected_cash: number; invoices: { count: number } }>(
      '/cashup/close',
      { id: open.body.data.id, counted_cash: 0 },
      other,
    );
    expect(closed.body.status).toBe(true);
    const res = await send(
      offline(station, no!, [{ product_id: ice, price: 700, qty: 1 }], { sold_at: soldAt, sold_by: seller!.id }),
      randomUUID(),
      other,
    );
    expect(res.body.data.notes).toEqual([]);
    const z = await server.post<{ expected_cash: number; invoices: { count: number } }>(
      '/cashup/report',
      { id: open.body.data.id },
      admin,
    );
    expect(z.body.data.invoices.count).toBe(closed.body.data.invoices.count + 1);
    expect(z.body.data.expected_cash).toBe(closed.body.data.expected_cash + 700);
  });

  it('refuses a corrupt or foreign entry with VALIDATION_FAILED, never a 500', async () => {
    const nut = await product('Nut', 250, 50);
    const station = randomUUID();
    // This station's numbers in the other branch; here, another station's block comes before its own.
    const eastNos = (await reserve(station, admin, east)).body.data.numbers;
    await reserve(randomUUID());
    const heldHere = (await reserve(station)).body.data.numbers;
    const no = heldHere[0];
    const good = offline(station, no!, [{ product_id: nut, price: 250, qty: 2 }]);
    const cases: [OfflineSaleRequest, string][] = [
      [{ ...good, totals: { ...good.totals, payable: good.totals.payable + 1 } }, 'totals'],
      [{ ...good, lines: [{ ...good.lines[0]!, gross: 1 }] }, 'totals'],
      [{ ...good, invoice_no: 9_999_999 }, 'invoice_no'],
      [{ ...good, sold_by: 9_999_999 }, 'sold_by'],
      [{ ...good, lines: [{ ...good.lines[0]!, product_id: 9_999_999 }] }, 'lines.0.product_id'],
      [{ ...good, lines: [{ ...good.lines[0]!, name_en: 'n'.repeat(121) }] }, 'lines.0.name_en'],
    ];
    // A number this station holds in the other branch, sent for this one (issued here, but someone else's).
    const { last } = await numbering();
    const foreign = eastNos.find((n) => !heldHere.includes(n) && n <= last);
    cases.push([{ ...good, invoice_no: foreign! }, 'invoice_no']);
    for (const [request, path] of cases) {
      const res = await send(request);
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe('VALIDATION_FAILED');
      expect(res.body.errors?.[0]?.path).toBe(path);
    }
    expect((await send(good)).body.message).toBe('OFFLINE_SALE_RECORDED');
  });
});

describe('the review of offline sales', () => {
  it('lists those with notes oldest first, counts them on the dashboard, and drops one once done', async () => {
    const dash = async () =>
      (await server.get<{ offlineToReview: number }>('/admin/dashboard?branch_id=1', admin)).body.data.offlineToReview;
    // Two with a note each (cash taken before the shift opened), sent newest first.
    const pop = await product('Review pop', 100, 10);
    const station = randomUUID();
    const held = (await reserve(station)).body.data.numbers;
    const early = (no: number, sold_at: string) =>
      send(offline(station, no, [{ product_id: pop, price: 100, qty: 1 }], { sold_at }));
    await early(held[0]!, '2021-02-01T10:00:00Z');
    await early(held[1]!, '2021-01-01T10:00:00Z');
    const list = await server.get<{ sale_id: number; sold_at: string; notes: OfflineNote[] }[]>(
      '/offline/review',
      cashier,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThanOrEqual(2);
    const soldAts = list.body.data.map((r) => new Date(r.sold_at).getTime());
    expect(soldAts).toEqual([...soldAts].sort((a, b) => a - b));
    expect(list.body.data.every((r) => r.notes.length > 0)).toBe(true);
    expect(await dash()).toBe(list.body.data.length);
    const first = list.body.data[0]!.sale_id;
    const done = await server.post<{ sale_id: number }>('/offline/review/done', { sale_id: first }, cashier);
    expect(done.body).toMatchObject({ message: 'OFFLINE_SALE_REVIEWED', data: { sale_id: first } });
    expect(await dash()).toBe(list.body.data.length - 1);
    const after = await server.get<{ sale_id: number }[]>('/offline/review', cashier);
    expect(after.body.data.map((r) => r.sale_id)).not.toContain(first);
    const eastCashier = await server.staff('0541000003', rights, east);
    const outside = await server.post('/offline/review/done', { sale_id: after.body.data[0]!.sale_id }, eastCashier);
    expect(outside.body.message).toBe('NOT_FOUND');
    expect((await server.get<unknown[]>('/offline/review', eastCashier)).body.data).toEqual([]);
  });
});
