import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { newFamily } from './families-fixture';
import { branches, rollupClock, saleLines, sales } from '../../server/db/schema';
import { rebuildRollups } from '../../server/modules/reports/rollups';
import { dayIn, localDateTime } from '../../shared/domain/time-zone';

/**
 * The roll-ups kept by the triggers, against a rebuild and against the invoices themselves, to the
 * halala. The invoices are read here in TypeScript, their days and hours by the runtime's own zone
 * rules, so neither PostgreSQL's reading of a zone nor the rebuild's SQL is taken on trust.
 */
let server: TestServer;
let admin: string;
let riyadh: string; // a cashier of branch 1 (UTC+3)
let angeles: string; // a cashier of branch 2 (UTC−8 in winter)
let angelesManager: string;
let branch2: number;

const ALL = { access: true, view: true, create: true, update: true, delete: true };

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
  await server.database.db.update(branches).set({ time_zone: 'Asia/Riyadh' }).where(eq(branches.id, 1));
  branch2 = (
    await server.post<{ id: number }>(
      '/branch/create',
      { name_en: 'Pier', name_ar: 'الرصيف', time_zone: 'America/Los_Angeles' },
      admin,
    )
  ).body.data.id;
  riyadh = await server.staff('0548000001', { Sales: ALL, Invoices: ALL, FrontDesk: ALL });
  angeles = await server.staff('0548000002', { Sales: ALL, Invoices: ALL, FrontDesk: ALL }, branch2);
  angelesManager = await server.staff('0548000003', { Sales: ALL, Invoices: ALL, Reports: ALL }, branch2);
  for (const token of [riyadh, angeles, angelesManager]) await server.openShift(token);
});
afterAll(() => server.close());

type Row = Record<string, number | string>;
type Table = Map<string, Row>;

/** Rows by their key, measures as numbers; rows with nothing in them are no rows. */
function tableOf(rows: Row[], keys: string[]): Table {
  return new Map(rows.map((r) => [keys.map((k) => String(r[k])).join('|'), r]));
}

const KEYS = {
  rollup_sales: ['branch_id', 'day', 'cashier_id', 'payment', 'kind', 'coupon_id'],
  rollup_items: ['branch_id', 'day', 'cashier_id', 'payment', 'kind', 'product_id', 'package_id'],
  rollup_hours: ['branch_id', 'day', 'hour', 'cashier_id'],
} as const;
type RollupTable = keyof typeof KEYS;

async function rollups(): Promise<Record<RollupTable, Table>> {
  const read = async (table: RollupTable) => {
    // As JSON: a day as its text, sums (bigint) as numbers.
    const result = await server.database.pool.query<{ r: Row }>(`select row_to_json(t) as r from ${table} t`);
    return tableOf(
      result.rows.map((x) => x.r),
      [...KEYS[table]],
    );
  };
  return {
    rollup_sales: await read('rollup_sales'),
    rollup_items: await read('rollup_items'),
    rollup_hours: await read('rollup_hours'),
  };
}

/** What the roll-ups must hold, worked out line by line from the invoices in this process. */
async function fromInvoices(): Promise<Record<RollupTable, Table>> {
  const { db } = server.database;
  const [clock] = await db.select().from(rollupClock);
  const zones = new Map(
    (await db.select({ id: branches.id, time_zone: branches.time_zone }).from(branches)).map((b) => [
      b.id,
      b.time_zone ?? clock!.server_zone,
    ]),
  );
  const docs = await db.select().from(sales);
  const lines = await db.select().from(saleLines);
  const out: Record<RollupTable, Table> = { rollup_sales: new Map(), rollup_items: new Map(), rollup_hours: new Map() };
  const add = (table: RollupTable, key: Row, measures: Row) => {
    const id = KEYS[table].map((k) => String(key[k])).join('|');
    const row = out[table].get(id) ?? { ...key };
    for (const [k, v] of Object.entries(measures)) row[k] = Number(row[k] ?? 0) + Number(v);
    out[table].set(id, row);
  };
  for (const s of docs) {
    const zone = zones.get(s.branch_id)!;
    const [day, time] = localDateTime(s.created_at, zone).split(' ');
    expect(day).toBe(dayIn(zone, s.created_at));
    const payment = s.pos === 0 ? 'cash' : s.cash - s.change === 0 ? 'card' : 'split';
    const place = { branch_id: s.branch_id, day: day!, cashier_id: s.cashier_id, payment, kind: s.kind };
    const mine = lines.filter((l) => l.sale_id === s.id);
    const charged = (l: (typeof mine)[number]) => l.gross - l.discount;
    // priceCart's split of what was charged: net half up, per line, the sign kept.
    const net = (l: (typeof mine)[number]) =>
      Math.sign(charged(l)) *
      Math.floor((Math.abs(charged(l)) * 20000 + 10000 + l.rate_bp) / ((10000 + l.rate_bp) * 2));
    const sum = (f: (l: (typeof mine)[number]) => number) => mine.reduce((n, l) => n + f(l), 0);
    add(
      'rollup_sales',
      { ...place, coupon_id: s.coupon_id ?? 0 },
      {
        sales: 1,
        payable: s.payable,
        cash: s.cash - s.change,
        card: s.pos,
        sale_discount: s.discount,
        quantity: sum((l) => l.qty),
        discount: sum((l) => l.discount),
        net: sum(net),
        paid: sum(charged),
        no_product: mine.some((l) => l.product_id === null) ? 1 : 0,
        no_package: mine.some((l) => l.package_id === null) ? 1 : 0,
      },
    );
    add(
      'rollup_hours',
      { branch_id: s.branch_id, day: day!, hour: Number(time!.slice(0, 2)), cashier_id: s.cashier_id },
      { sales: 1, payable: s.payable },
    );
    const items = new Set(mine.map((l) => `${l.product_id ?? 0}|${l.package_id ?? 0}`));
    for (const item of items) {
      const [product_id, package_id] = item.split('|').map(Number);
      const of = mine.filter((l) => (l.product_id ?? 0) === product_id && (l.package_id ?? 0) === package_id);
      add(
        'rollup_items',
        { ...place, product_id: product_id!, package_id: package_id! },
        {
          sales: 1,
          quantity: of.reduce((n, l) => n + l.qty, 0),
          discount: of.reduce((n, l) => n + l.discount, 0),
          net: of.reduce((n, l) => n + net(l), 0),
          paid: of.reduce((n, l) => n + charged(l), 0),
        },
      );
    }
  }
  return out;
}

const sorted = (t: Record<RollupTable, Table>) =>
  Object.fromEntries(Object.entries(t).map(([name, rows]) => [name, [...rows.entries()].sort()]));

/** Kids on the books per branch, as the roll-up keeps them and as the kids and parents say. */
async function kidCounts() {
  const count = (text: string) =>
    server.database.pool.query<{ branch_id: number; kids: number }>(text).then((r) => r.rows);
  return {
    kept: await count('select branch_id, kids from rollup_kids order by 1'),
    counted: await count(`select coalesce(p.branch_id, 0) as branch_id, count(*)::int as kids
      from kids k join parents p on p.id = k.parent_id where k.deleted_at is null and p.deleted_at is null
      group by 1 order by 1`),
  };
}

/** The roll-ups as the triggers left them equal the invoices' (and the kids'), and a rebuild changes nothing. */
async function expectExact() {
  const incremental = sorted(await rollups());
  expect(incremental).toEqual(sorted(await fromInvoices()));
  const kids = await kidCounts();
  expect(kids.kept).toEqual(kids.counted);
  await rebuildRollups(server.database.db);
  expect(sorted(await rollups())).toEqual(incremental);
  expect((await kidCounts()).kept).toEqual(kids.kept);
}

const product = (name: string, price: number, included: 1 | 2) =>
  server.product(admin, name, price, { stock: 500, included });

type Sale = { id: number; payable: number };
async function sell(token: string, body: object) {
  const res = await server.post<Sale>('/sale/sale/create', body, token);
  expect(res.body).toMatchObject({ message: 'SALES_COMPLETED' });
  return res.body.data;
}
const cart = (...items: [number, number][]) => items.map(([id, qty]) => ({ product: { id, qty } }));
const madeAt = (ids: number[], at: string) =>
  server.database.db
    .update(sales)
    .set({ created_at: new Date(at) })
    .where(inArray(sales.id, ids));
const voided = async (path: '/sale/cancelinvoice' | '/sale/delete', id: number, token: string) => {
  const res = await server.post<Sale>(path, { id }, token);
  expect(res.body.message).toBe('INVOICE_CANCELLED');
  return res.body.data;
};

describe('the roll-ups', () => {
  it('follow sales, cancellations and deletions in two zones around their midnights, to the halala', async () => {
    const juice = await product('Juice', 1150, 1);
    const toy = await product('Toy', 999, 2);
    await server.post('/coupon/create', { code: 'ROLL7', type: 'percent', value: 7 }, admin);
    const coupon = (
      await server.post<{ coupon_id: number }>('/sale/coupon', { coupon: 'ROLL7', cart_total: 5000 }, riyadh)
    ).body.data.coupon_id;

    // Riyadh: 23:59 and 00:01 local are 20:59 and 21:01 UTC; Los Angeles (PST): 23:59 is 07:59 UTC next day.
    const a = await sell(riyadh, { cart: cart([juice, 2]), salesData: { payments: { cash: 5000 } } });
    const b = await sell(riyadh, {
      cart: cart([juice, 1], [toy, 3]),
      coupon_id: coupon,
      salesData: { payments: { cash: 2000, pos: 3000, pos_reference: 'R1' } }, // change given
    });
    const c = await sell(riyadh, { cart: cart([toy, 1]), salesData: { payments: { pos: 1149, pos_reference: 'R2' } } });
    await newFamily(server, { admin, cashier: riyadh }, 2); // a package line of no product, put on the 13th
    const [packaged] = await server.database.db
      .selectDistinct({ id: saleLines.sale_id })
      .from(saleLines)
      .where(isNotNull(saleLines.package_id));
    const d = await sell(angeles, { cart: cart([juice, 1], [toy, 1]), salesData: { payments: { cash: 3000 } } });
    const e = await sell(angelesManager, {
      cart: cart([toy, 2]),
      salesData: { payments: { pos: 2298, pos_reference: 'R3' } },
    });
    await madeAt([packaged!.id], '2026-01-13T12:00:00Z');
    await madeAt([a.id], '2026-01-14T20:59:00Z');
    await madeAt([b.id], '2026-01-14T21:01:00Z');
    await madeAt([c.id, d.id], '2026-01-15T07:59:00Z'); // 10:59 on the 15th in Riyadh; 23:59 on the 14th in LA
    await madeAt([e.id], '2026-01-15T08:01:00Z'); // 00:01 on the 15th in LA
    await expectExact();

    // A cancel and a delete (both credit notes, by another cashier than the seller), moved across midnight.
    const noteB = await voided('/sale/cancelinvoice', b.id, riyadh);
    const noteD = await voided('/sale/delete', d.id, angelesManager);
    await madeAt([noteB.id], '2026-01-15T20:59:00Z');
    await madeAt([noteD.id], '2026-01-16T08:01:00Z');
    await expectExact();

    // What the reports show is read from them: the 14th is A's (Riyadh) and D's (LA); D's credit note, LA's 16th.
    const day = async (token: string, on: string) =>
      (
        await server.post<{ total: { gross: number; count: number }; payments: { cash: number; card: number } }>(
          '/report/sales',
          { dates: { from: on, to: on } },
          token,
        )
      ).body.data;
    expect((await day(admin, '2026-01-14')).total).toMatchObject({ count: 2, gross: a.payable + d.payable });
    expect((await day(angelesManager, '2026-01-14')).total).toMatchObject({ count: 1, gross: d.payable });
    expect((await day(angelesManager, '2026-01-15')).total).toMatchObject({ count: 1, gross: e.payable });
    expect((await day(angelesManager, '2026-01-16')).total).toMatchObject({ count: 0, gross: -d.payable });
    expect((await day(angelesManager, '2026-01-16')).payments).toEqual({ cash: -d.payable, card: 0 });

    // By item, a "none" row counts the invoices with a line of no product (or package), once each.
    const byItem = async (dimensions: string[]) =>
      Object.fromEntries(
        (
          await server.post<{ rows: { keys: { key: string }[]; values: { count: number; gross: number } }[] }>(
            '/report/custom',
            { dates: { from: '2026-01-13', to: '2026-01-13' }, dimensions, measures: ['count'], branch_id: 1 },
            admin,
          )
        ).body.data.rows.map((r) => [r.keys.map((k) => k.key).join('|'), [r.values.count, r.values.gross]]),
      );
    expect(await byItem(['product', 'payment'])).toEqual({ 'none|cash': [1, 10000] });
    expect(Object.entries(await byItem(['package']))).toEqual([[expect.stringMatching(/^\d+$/), [1, 10000]]]);
  });

  it('move a branch’s sales to their new days when its zone changes, and follow the server’s zone where it has none', async () => {
    const moved = await server.post(
      '/branch/update',
      { id: branch2, name_en: 'Pier', name_ar: 'الرصيف', time_zone: 'Pacific/Kiritimati' }, // UTC+14
      admin,
    );
    expect(moved.body.message).toBe('OK');
    await expectExact();
    const rows = await server.database.pool.query<{ day: string }>(
      `select distinct day::text from rollup_sales where branch_id = $1 order by 1`,
      [branch2],
    );
    expect(rows.rows.map((r) => r.day)).toEqual(['2026-01-15', '2026-01-16']); // 21:59, 22:01; 22:01 a day on

    await server.database.db.update(branches).set({ time_zone: null }).where(eq(branches.id, branch2));
    await server.database.db.update(rollupClock).set({ server_zone: 'Asia/Tokyo' });
    await expectExact();
  });

  it('count a sale written as one statement with its lines, lines changed afterwards, and a sale removed', async () => {
    const pool = server.database.pool;
    const { rows } = await pool.query<{ id: number }>(
      `with s as (
         insert into sales (branch_id, invoice_no, cashier_id, gross, discount, net, vat, payable, cash, pos, change, created_at)
         values (1, 900001, (select min(id) from users), 2000, 0, 1739, 261, 2000, 1000, 1000, 0, '2026-01-14T21:30:00Z')
         returning id)
       insert into sale_lines (sale_id, package_id, name_en, name_ar, unit_price, qty, rate_bp, included, net, vat, gross, discount)
       select s.id, case when n = 'Fee A' then (select min(id) from packages) end, n, n, 500, 2, 1500, 1, 870, 130, 1000, 0
       from s, unnest(array['Fee A', 'Fee B']) n
       returning sale_id as id`,
    );
    await expectExact();
    const id = rows[0]!.id;
    // Its two lines of no product, one a package's: one invoice in the report's "none" row, not two.
    const byProduct = await server.post<{ rows: { keys: { key: string }[]; values: { count: number } }[] }>(
      '/report/custom',
      { dates: { from: '2026-01-15', to: '2026-01-15' }, dimensions: ['product'], measures: ['count'], branch_id: 1 },
      admin,
    );
    expect(byProduct.body.data.rows.find((r) => r.keys[0]!.key === 'none')?.values.count).toBe(1);
    await pool.query(`update sale_lines set discount = 100, qty = 3 where sale_id = $1 and name_en = 'Fee A'`, [id]);
    await pool.query(`delete from sale_lines where sale_id = $1 and name_en = 'Fee B'`, [id]);
    await expectExact();
    await pool.query(`delete from sale_lines where sale_id = $1`, [id]);
    await pool.query(`delete from sales where id = $1`, [id]);
    await expectExact();
    // The one thing refused: a sale and its lines removed by one statement, which would leave the lines unplaced.
    const juice = await product('Statement juice', 600, 1);
    const other = (await sell(riyadh, { cart: cart([juice, 1]), salesData: { payments: { cash: 600 } } })).id;
    await expect(
      pool.query(
        `with l as (delete from sale_lines where sale_id = $1) delete from sales where id = $1 and kind = 'invoice'`,
        [other],
      ),
    ).rejects.toThrow(/roll-ups/);
    await expectExact();
  });

  it('count the kids on the books per branch as kids and parents are added, deleted and moved', async () => {
    const family = await newFamily(server, { admin, cashier: angeles }, 3, { subscribe: false });
    const [first, second] = family.kids;
    await expectExact();
    const pool = server.database.pool;
    await pool.query('update kids set deleted_at = now() where id = $1', [first!.id]);
    await pool.query('update parents set branch_id = $1 where id = $2', [branch2, family.parent.id]);
    await expectExact();
    await pool.query('update parents set deleted_at = now() where id = $1', [family.parent.id]);
    await expectExact();
    await pool.query('update parents set deleted_at = null, branch_id = null where id = $1', [family.parent.id]);
    await pool.query('delete from kids where id = $1', [second!.id]);
    await expectExact();
    expect((await kidCounts()).kept).toContainEqual({ branch_id: 0, kids: 1 });
  });

  it('are rebuilt by the rebuild command while sales go on, and agree after', async () => {
    const juice = await product('Rebuild juice', 700, 1);
    const selling = Promise.all(
      Array.from({ length: 6 }, () => sell(riyadh, { cart: cart([juice, 1]), salesData: { payments: { cash: 700 } } })),
    );
    const rebuilding = Promise.all([rebuildRollups(server.database.db), rebuildRollups(server.database.db, 1)]);
    await Promise.all([selling, rebuilding]);
    await expectExact();
    expect(
      (await server.database.db.execute(sql`select count(*)::int as n from rollup_sales where sales = 0`)).rows[0],
    ).toEqual({ n: 0 });
  });
});
