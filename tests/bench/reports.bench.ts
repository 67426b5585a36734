import Fastify from 'fastify';
import pg from 'pg';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAdmin, startBenchServer } from './bench-server';
import { startEmbeddedDatabase } from '../../server/db/embedded';
import { goal } from './goals';

/**
 * The dashboard and the reports over 1,000,000 sales lines (400,000 sales, 2 % of them cancelled)
 * spread over two years and five branches, with 100,000 kids, their subscriptions and 300,000 visits.
 * The sales are seeded by plain SQL through the roll-up triggers (the incremental path at scale:
 * bulk inserts, a bulk update that moves a third of the sales to another payment, credit notes),
 * then compared with a rebuild and with the invoices, to the halala.
 * Goals (issue 25): the dashboard and a month's sales report, all branches, p95 ≤ 5× the floor.
 * Floors, same run: the database's own time for the least a month's report must read (count and sum
 * of a month's sales), and that query answered by a bare Fastify + pg route (the floor of the goals).
 */
const CALLS = Number(process.env.BENCH_CALLS ?? 40);
const SALES = 400_000;

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

async function timed(call: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await call(); // warm: the first call plans the query and fills the cache
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

async function seed(client: pg.Client) {
  await client.query(`update branches set time_zone = 'Asia/Riyadh'`);
  await client.query(`
    insert into branches (name_en, name_ar, time_zone)
    select 'Branch ' || i, 'فرع ' || i, 'Asia/Riyadh' from generate_series(1, 5 - (select count(*) from branches)) i`);
  const branchIds = (await client.query<{ id: number }>('select id from branches order by id')).rows.map((r) => r.id);
  const tax = (await client.query<{ id: number }>('select id from taxes order by id limit 1')).rows[0]!.id;
  await client.query(`
    insert into users (name_en, name_ar, mobile, password_hash, branch_id)
    select 'Cashier ' || i, 'كاشير ' || i, '+9665400' || lpad(i::text, 5, '0'), 'x', (array[${branchIds}])[1 + i % 5]
    from generate_series(1, 20) i`);
  await client.query(`
    insert into products (name_en, name_ar, price, tax_id, included, stock)
    select 'Product ' || i, 'منتج ' || i, 500 + (i * 137) % 4000, ${tax}, 1 + i % 2, 1000000 from generate_series(1, 60) i`);
  await client.query(`
    insert into packages (name_en, name_ar, price, tax_id, included, validity_days, daily_limits)
    select 'Package ' || i, 'باقة ' || i, 5000 * i, ${tax}, 1, 30, 2 from generate_series(1, 10) i`);
  // Sales over the last 730 days; each has 1 to 4 lines (2.5 on average: 1,000,000 lines).
  await client.query(`
    insert into sales (branch_id, invoice_no, cashier_id, gross, discount, net, vat, payable, cash, pos, change, created_at)
    select (array[${branchIds}])[1 + i % 5], i, (select min(id) from users where name_en like 'Cashier %') + i % 20,
      0, 0, 0, 0, 0, 0, 0, 0, now() - (i::float / ${SALES}) * interval '730 days'
    from generate_series(1, ${SALES}) i`);
  await client.query(`
    insert into sale_lines (sale_id, product_id, package_id, name_en, name_ar, unit_price, qty, rate_bp, included, net, vat, gross, discount)
    select s.id,
      case when (s.id + k) % 7 = 0 then null else p.id end,
      case when (s.id + k) % 7 = 0 then pk.id else null end,
      coalesce(case when (s.id + k) % 7 = 0 then pk.name_en end, p.name_en), coalesce(case when (s.id + k) % 7 = 0 then pk.name_ar end, p.name_ar),
      p.price, 1 + k % 3, 1500, 1,
      round(p.price * (1 + k % 3) * 10000.0 / 11500), p.price * (1 + k % 3) - round(p.price * (1 + k % 3) * 10000.0 / 11500),
      p.price * (1 + k % 3), 0
    from sales s
    cross join lateral generate_series(0, s.id % 4) k
    join products p on p.id = (select min(id) from products) + (s.id * 7 + k) % 60
    join packages pk on pk.id = (select min(id) from packages) + (s.id + k) % 10`);
  await client.query(`
    update sales s set gross = t.gross, net = t.net, vat = t.vat, payable = t.gross,
      cash = case when s.id % 3 = 0 then 0 else t.gross end, pos = case when s.id % 3 = 0 then t.gross else 0 end
    from (select sale_id, sum(gross) gross, sum(net) net, sum(vat) vat from sale_lines group by sale_id) t
    where t.sale_id = s.id`);
  // 2 % cancelled: a credit note each, a week later.
  await client.query(`
    with cancelled as (update sales set cancelled_at = created_at + interval '7 days' where id % 50 = 0 returning *)
    insert into sales (branch_id, invoice_no, kind, original_id, cashier_id, gross, discount, net, vat, payable, cash, pos, change, created_at)
    select branch_id, ${SALES} + id, 'credit_note', id, cashier_id, -gross, 0, -net, -vat, -payable, -cash, -pos, 0, cancelled_at
    from cancelled where cancelled_at < now()`);
  await client.query(`
    insert into sale_lines (sale_id, product_id, package_id, name_en, name_ar, unit_price, qty, rate_bp, included, net, vat, gross, discount)
    select n.id, l.product_id, l.package_id, l.name_en, l.name_ar, l.unit_price, -l.qty, l.rate_bp, l.included, -l.net, -l.vat, -l.gross, 0
    from sales n join sale_lines l on l.sale_id = n.original_id where n.kind = 'credit_note'`);
  await client.query(`
    insert into parents (name_en, name_ar, mobile, branch_id)
    select 'Parent ' || i, 'ولي ' || i, '+9665' || lpad(i::text, 8, '0'), (array[${branchIds}])[1 + i % 5]
    from generate_series(1, 50000) i`);
  await client.query(`
    insert into kids (parent_id, name_en, name_ar) select p.id, 'Kid ' || p.id || '-' || k, 'طفل' from parents p, generate_series(1, 2) k`);
  await client.query(`
    insert into subscriptions (kid_id, package_id, sale_id, branch_id, name_en, name_ar, start_date, end_date, daily_limits, margin_minutes, created_at, state)
    select k.id, (select min(id) from packages), (select min(id) from sales) + k.id % ${SALES}, p.branch_id, 'Package', 'باقة',
      to_char(d, 'YYYY-MM-DD'), to_char(d + 29, 'YYYY-MM-DD'), 2, '10', d::timestamptz,
      case when k.id % 40 = 0 then 'CANCELLED' else 'ACTIVE' end
    from kids k join parents p on p.id = k.parent_id
    cross join lateral (select (now() - (k.id % 730) * interval '1 day')::date as d) x`);
  await client.query(`
    insert into kid_sessions (kid_id, parent_id, subscription_id, branch_id, badge, checkin_at, checkout_at, checked_in_by, daily_limits, margin_minutes, overtime_price)
    select s.kid_id, k.parent_id, s.id, s.branch_id, 'B' || s.id || '-' || v, c, case when v = 0 and s.id % 500 = 0 then null else c + interval '2 hours' end,
      (select min(id) from users), 2, '10', 0
    from subscriptions s join kids k on k.id = s.kid_id, generate_series(0, 2) v,
    lateral (select s.created_at + v * interval '3 days' as c) t
    where c < now()`);
  await client.query('vacuum analyze');
  const rollupRows = await client.query<{ n: number }>(
    'select (select count(*) from rollup_sales) + (select count(*) from rollup_items) + (select count(*) from rollup_hours) as n',
  );
  console.log(`roll-ups kept by the triggers while seeding: ${rollupRows.rows[0]!.n} rows`);
  const count = async (table: string) =>
    (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]!.n;
  return { lines: await count('sale_lines'), sales: await count('sales'), visits: await count('kid_sessions') };
}

const ROLLUPS = ['rollup_sales', 'rollup_items', 'rollup_hours'] as const;

/**
 * The roll-ups the triggers kept, against a rebuild (every row, every column) and against the
 * invoices (per branch and day: documents, payable, cash, card, quantity and what the lines charged).
 * Throws on the first halala of difference.
 */
async function compareRollups(client: pg.Client) {
  const one = async (text: string) => (await client.query<{ n: string }>(text)).rows[0]!.n;
  for (const t of ROLLUPS) await client.query(`create temp table kept_${t} as select * from ${t}`);
  const t0 = performance.now();
  await client.query('select rollup_rebuild(null)');
  const rebuildMs = performance.now() - t0;
  const differ: string[] = [];
  for (const t of ROLLUPS) {
    const n = await one(`select count(*) as n from (
      (select * from kept_${t} except all select * from ${t}) union all (select * from ${t} except all select * from kept_${t})) d`);
    if (n !== '0') differ.push(`${t}: ${n} rows differ`);
  }
  const invoices = `
    select s.branch_id, (s.created_at at time zone b.time_zone)::date as day, s.kind, count(*) as sales,
      sum(s.payable) as payable, sum(s.cash - s.change) as cash, sum(s.pos) as card,
      sum(l.quantity) as quantity, sum(l.paid) as paid
    from sales s join branches b on b.id = s.branch_id
    left join (select sale_id, sum(qty) as quantity, sum(gross - discount) as paid from sale_lines group by sale_id) l
      on l.sale_id = s.id
    group by 1, 2, 3`;
  const rolled = `
    select branch_id, day, kind, sum(sales) as sales, sum(payable) as payable, sum(cash) as cash, sum(card) as card,
      sum(quantity) as quantity, sum(paid) as paid
    from rollup_sales group by 1, 2, 3`;
  const n = await one(`select count(*) as n from (
    ((${invoices}) except all (${rolled})) union all ((${rolled}) except all (${invoices}))) d`);
  if (n !== '0') differ.push(`invoices: ${n} branch-days differ`);
  const money = await client.query<{ payable: string; documents: string }>(
    `select (select sum(payable) from rollup_sales) as payable, (select count(*) from sales) as documents`,
  );
  if (differ.length) throw new Error(`roll-ups differ: ${differ.join('; ')}`);
  console.log(
    `roll-ups: triggers = rebuild = invoices, to the halala (${money.rows[0]!.documents} documents, ${money.rows[0]!.payable} halalas); rebuild ${(rebuildMs / 1000).toFixed(1)} s`,
  );
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-bench-reports-'));
  chmodSync(dataDir, 0o755);
  const database = await startEmbeddedDatabase(join(dataDir, 'db'));
  const server = await startBenchServer({
    databaseUrl: database.url,
  });
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  const bare = Fastify({ logger: false });
  try {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const started = Date.now();
    const seeded = await seed(client);
    console.log(
      `\nseeded ${seeded.lines} sales lines in ${seeded.sales} sales, ${seeded.visits} visits, in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    await compareRollups(client);

    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const month = [new Date(`${from}T00:00:00+03:00`), new Date(Date.parse(`${to}T00:00:00+03:00`) + 86_400_000)];
    const floorSql = 'select count(*), coalesce(sum(payable), 0) from sales where created_at >= $1 and created_at < $2';
    bare.get('/month', async () => (await pool.query(floorSql, month)).rows[0]);
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const bareAddress = bare.server.address();
    const bareUrl = `http://127.0.0.1:${typeof bareAddress === 'object' && bareAddress ? bareAddress.port : 0}/month`;

    const login = await fetch(`${server.url}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchAdmin),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    const call = (path: string, body?: object) => async () => {
      const res = await fetch(
        `${server.url}${path}`,
        body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers },
      );
      const json = (await res.json()) as { status: boolean; message: string };
      if (!json.status) throw new Error(`${path}: ${json.message}`);
    };
    const dates = { from, to };
    const figures: [string, { p50: number; p95: number }, number][] = [];
    const floorDb = await timed(() => client.query(floorSql, month));
    const floorBare = await timed(async () => (await fetch(bareUrl)).json());
    const measure = async (name: string, fn: () => Promise<unknown>, target: number) =>
      figures.push([name, await timed(fn), target]);
    await measure('dashboard, all', call('/admin/dashboard'), 100);
    await measure('dashboard, one branch', call('/admin/dashboard?branch_id=1'), 100);
    await measure('sales report, month, all', call('/report/sales', { dates }), 1000);
    await measure('sales report, month, branch', call('/report/sales', { dates, branch_id: 1 }), 1000);
    await measure(
      'custom day×product, month',
      call('/report/custom', { dates, dimensions: ['day', 'product'], measures: ['gross'] }),
      1000,
    );
    await measure(
      'custom cashier×payment, month',
      call('/report/custom', { dates, dimensions: ['cashier', 'payment'], measures: ['count'] }),
      1000,
    );
    await measure('subscription report, month', call('/report/subscriptions', { dates }), 1000);
    await measure('kid visits page, month', call('/kidsession/pagelist', { from, to }), 1000);
    await client.end();

    const ms = (x: number) => `${x.toFixed(1).padStart(7)} ms`;
    console.log(`\none client, ${CALLS} calls each after one warm-up; p50 and p95; month = ${from} to ${to}`);
    console.log(`${'floor: database, month count+sum'.padEnd(36)} p50 ${ms(floorDb.p50)}  p95 ${ms(floorDb.p95)}`);
    console.log(`${'floor: bare Fastify + pg, same'.padEnd(36)} p50 ${ms(floorBare.p50)}  p95 ${ms(floorBare.p95)}`);
    for (const [name, t, target] of figures)
      console.log(
        `${name.padEnd(36)} p50 ${ms(t.p50)}  p95 ${ms(t.p95)}  target < ${target} ms ${t.p95 < target ? 'met' : 'MISSED'}  ×${(t.p95 / floorBare.p95).toFixed(1)} bare floor`,
      );
    for (const [name, t] of figures.filter(([n]) => n.endsWith(', all')))
      goal({
        name: `${name} (1M lines), p95`,
        figure: `${t.p95.toFixed(1)} ms`,
        floor: `${floorBare.p95.toFixed(1)} ms (a month's count and sum, bare Fastify + pg)`,
        ratio: t.p95 / floorBare.p95,
        atMost: 5,
      });
  } finally {
    await bare.close();
    await pool.end();
    await server.close();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
