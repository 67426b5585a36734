import type { Tx } from '../../db/client';
import type { saleLines } from '../../db/schema';
import type { SaleRecord } from '../../../shared/api/sales';
import type { TaxMode } from '../../../shared/domain/money';
import type { summary } from '../subscriptions/service';

/**
 * The sale's two statements, fixed texts sent by name: PostgreSQL parses and plans each once per
 * connection, and nothing is built between the moment the sale takes its first row lock and its commit.
 * A sale is then: the claim of its Idempotency-Key (runOnce), SALE_READ (no lock but the cashier's own
 * shift), SALE_WRITE (every lock, every row), commit. docs/ARCHITECTURE.md counts them.
 */

/**
 * Before any lock that another till waits for: the cashier's open shift, held FOR SHARE until the sale
 * commits as openShiftFor holds it (a close waits for the sale and counts it), whether the branch counts
 * its cash, and the cart's products as sold here with their tax rate.
 * $1 cashier, $2 branch, $3 product ids.
 */
export const SALE_READ = {
  name: 'sale_read',
  text: `select
  (select id from cash_shifts where user_id = $1 and branch_id = $2 and closed_at is null for share) as shift_id,
  (select counts_cash from branches where id = $2) as counts_cash,
  (select json_agg(json_build_object('id', p.id, 'name_en', p.name_en, 'name_ar', p.name_ar, 'price', p.price,
      'included', p.included, 'rate_bp', t.rate_bp) order by p.id)
    from products p join taxes t on t.id = p.tax_id
    where p.id = any($3::int[]) and p.deleted_at is null and (p.branch_id = $2 or p.branch_id is null)) as products`,
};

export interface SaleReadRow {
  shift_id: number | null;
  counts_cash: boolean | null;
  products:
    { id: number; name_en: string; name_ar: string; price: number; included: TaxMode; rate_bp: number }[] | null;
}

/**
 * The lowest number handed back in the branch whose counter row `gate` locked, taken (deleted) if there
 * is one: what SALE_WRITE and NEXT_NUMBER both number with before the counter's next. A number another
 * sale took while this one waited for the counter is skipped by its row lock.
 */
const TAKE_FREED_NUMBER = `freed as (
  delete from offline_numbers f
  where (f.branch_id, f.invoice_no) = (
    select h.branch_id, h.invoice_no from offline_numbers h join gate g on g.branch_id = h.branch_id
    where h.station_id is null order by h.invoice_no limit 1 for update of h)
  returning invoice_no
)`;

/**
 * The sale's locked stretch, one statement: the products' rows locked in id order (two tills taking
 * the same products cannot deadlock) and their stock taken where there is enough; then, only when every
 * line's stock was taken, the branch's invoice counter (last, so it is held for the rest of this
 * statement and the commit only, and a refused sale never moves it) and its number: the lowest one a
 * station handed back (`gate` locks the counter row first, so the pick is made under it; a free number
 * a sale we waited for took is skipped by its row lock), else the counter's next, the invoice, its lines, the
 * subscriptions its package lines buy, the coupon's use, the overtime it bills and its ids kept with
 * the Idempotency-Key. No invoice in the answer: some line lacked stock, and the caller rolls back.
 * $1 the invoice (a sales row as JSON, without its number), $2 product ids in id order, $3 their
 * quantities, $4 the lines (sale_lines rows as JSON), $5 the subscriptions (subscriptions rows as
 * JSON), $6 the visits whose overtime it bills, $7 the Idempotency-Key's claim (null: none).
 */
export const SALE_WRITE = {
  name: 'sale_write',
  text: `with sale_in as materialized (
  select * from jsonb_populate_record(null::sales, $1::jsonb)
), locked as materialized (
  select id from products where id = any($2::int[]) order by id for no key update
), taken as (
  update products p set stock = p.stock - w.qty
  from unnest($2::int[], $3::int[]) as w(id, qty) join locked l on l.id = w.id
  where p.id = w.id and p.stock >= w.qty
  returning p.id
), gate as materialized (
  select c.branch_id from invoice_counters c join sale_in s on s.branch_id = c.branch_id
  where (select count(*) from taken) = cardinality($2::int[])
  for no key update of c
), ${TAKE_FREED_NUMBER}, counter as (
  insert into invoice_counters as c (branch_id, last_no)
  select branch_id, 1 from sale_in
  where (select count(*) from taken) = cardinality($2::int[]) and not exists (select from freed)
  on conflict (branch_id) do update set last_no = c.last_no + 1
  returning last_no
), numbered as (
  select invoice_no from freed union all select last_no from counter
), sale as (
  insert into sales (branch_id, invoice_no, cashier_id, coupon_id, parent_id, parent_info, gross, discount, net, vat,
    payable, cash, pos, pos_reference, change, shift_id)
  select s.branch_id, n.invoice_no, s.cashier_id, s.coupon_id, s.parent_id, s.parent_info, s.gross, s.discount, s.net,
    s.vat, s.payable, s.cash, s.pos, s.pos_reference, s.change, s.shift_id
  from sale_in s, numbered n
  returning id, branch_id, invoice_no, kind, original_id, null::int as original_invoice_no, cancelled_at, cashier_id,
    coupon_id, parent_id, gross, discount, net, vat, payable, cash, pos, pos_reference, change, created_at
), lines as (
  insert into sale_lines (sale_id, product_id, package_id, kid_ids, name_en, name_ar, unit_price, qty, rate_bp, included,
    net, vat, gross, discount)
  select sale.id, l.product_id, l.package_id, l.kid_ids, l.name_en, l.name_ar, l.unit_price, l.qty, l.rate_bp,
    l.included, l.net, l.vat, l.gross, l.discount
  from sale, jsonb_populate_recordset(null::sale_lines, $4::jsonb) with ordinality as l
  order by l.ordinality
  returning id, sale_id, product_id, package_id, kid_ids, name_en, name_ar, unit_price, qty, rate_bp, included, net, vat, gross,
    discount
), subs as (
  insert into subscriptions (kid_id, package_id, sale_id, branch_id, name_en, name_ar, start_date, end_date,
    daily_limits, margin_minutes, overtime_price)
  select s.kid_id, s.package_id, sale.id, s.branch_id, s.name_en, s.name_ar, s.start_date, s.end_date, s.daily_limits,
    s.margin_minutes, s.overtime_price
  from sale, jsonb_populate_recordset(null::subscriptions, $5::jsonb) with ordinality as s
  order by s.ordinality
  returning id, kid_id, package_id, state, start_date, end_date, frozen_at, freeze_days
), coupon_use as (
  update coupons set used = used + 1 from sale where coupons.id = sale.coupon_id
), billed as (
  update kid_sessions set billed_sale_id = sale.id from sale where kid_sessions.id = any($6::int[])
), claim as (
  update idempotency_keys set result_ids = array[sale.id] from sale where key = $7
)
select (select row_to_json(sale) from sale) as sale,
  (select json_agg(lines order by lines.id) from lines) as lines,
  (select json_agg(subs order by subs.id) from subs) as subscriptions`,
};

export interface SaleWriteRow {
  /** created_at as JSON gives it (ISO text). */
  sale: (Omit<SaleRecord, 'created_at'> & { created_at: string }) | null;
  lines: (typeof saleLines.$inferSelect)[] | null;
  subscriptions: Parameters<typeof summary>[0][] | null;
}

/** Runs one of these statements on the transaction's connection, by its name. */
export async function runNamed<Row>(tx: Tx, statement: { name: string; text: string }, params: unknown[]) {
  const result = await tx._.session
    .prepareQuery({ sql: statement.text, params }, undefined, statement.name, false)
    .execute();
  return (result as { rows: Row[] }).rows[0]!;
}

/**
 * The branch's next invoice number outside SALE_WRITE (a credit note, an offline sale whose printed
 * number was taken): as SALE_WRITE numbers, the counter row locked first, then the lowest number handed
 * back, else the counter's next. The counter stays locked until the commit; a rollback gives all back.
 * $1 the branch.
 */
export const NEXT_NUMBER = {
  name: 'next_invoice_no',
  text: `with gate as materialized (
  select branch_id from invoice_counters where branch_id = $1 for no key update
), ${TAKE_FREED_NUMBER}, counter as (
  insert into invoice_counters as c (branch_id, last_no)
  select $1, 1 where not exists (select from freed)
  on conflict (branch_id) do update set last_no = c.last_no + 1
  returning last_no
)
select invoice_no from freed union all select last_no from counter`,
};
