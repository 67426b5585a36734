import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import {
  REPORT_MAX_ROWS,
  type Measures,
  type ReportDimension,
  type ReportMeasure,
  type ReportRow,
} from '../../../shared/api/reports';
import { itemBranch } from '../which-branch';
import { num, ofBranch } from './report-sql';
import { rollupsReady } from './rollups';

/** The dimensions of the catalogue, and `kind` (invoice or credit note) the sales report splits by. */
type Dimension = ReportDimension | 'kind';
type Dates = { from: string; to: string };

/**
 * How each dimension reads a roll-up row `r` (rollup_sales, or rollup_items when an item is asked):
 * its key, its names where it has them (today's, from the row they name) and the join they need.
 * `none`: the column of rollup_sales counting the documents of an item dimension's "none" row.
 */
const dimensions: Record<
  Dimension,
  { key: SQL; en: SQL; ar: SQL; time?: true; join?: SQL; none?: 'no_product' | 'no_package' }
> = {
  day: { key: sql`r.day::text`, en: sql`null`, ar: sql`null`, time: true },
  week: { key: sql`date_trunc('week', r.day)::date::text`, en: sql`null`, ar: sql`null`, time: true },
  month: { key: sql`date_trunc('month', r.day)::date::text`, en: sql`null`, ar: sql`null`, time: true },
  branch: {
    key: sql`r.branch_id::text`,
    en: sql`min(b.name_en)`,
    ar: sql`min(b.name_ar)`,
    join: sql`join branches b on b.id = r.branch_id`,
  },
  // A line that is no product (a package, an overtime fee) is `none`.
  product: {
    key: sql`case when r.product_id = 0 then 'none' else r.product_id::text end`,
    en: sql`min(p.name_en)`,
    ar: sql`min(p.name_ar)`,
    join: sql`left join products p on p.id = r.product_id`,
    none: 'no_product',
  },
  package: {
    key: sql`case when r.package_id = 0 then 'none' else r.package_id::text end`,
    en: sql`min(pk.name_en)`,
    ar: sql`min(pk.name_ar)`,
    join: sql`left join packages pk on pk.id = r.package_id`,
    none: 'no_package',
  },
  cashier: {
    key: sql`r.cashier_id::text`,
    en: sql`min(u.name_en)`,
    ar: sql`min(u.name_ar)`,
    join: sql`join users u on u.id = r.cashier_id`,
  },
  payment: { key: sql`r.payment`, en: sql`null`, ar: sql`null` },
  kind: { key: sql`r.kind`, en: sql`null`, ar: sql`null` },
};

/**
 * A count counts documents, never negatively (ARCHITECTURE, "One sign, one count"): a row split by
 * kind counts its own kind's, any other row its invoices. `documents` is the roll-up column counted.
 */
const countOf = (byKind: boolean, documents: SQL = sql`r.sales`) =>
  byKind ? sql`coalesce(sum(${documents}), 0)` : sql`coalesce(sum(${documents}) filter (where r.kind = 'invoice'), 0)`;

/**
 * What was charged per line after the cart's discount, split into net and VAT exactly as the sale
 * was priced (shared/domain/money priceCart: half up, per line, added up by the roll-ups), so a
 * report's lines add up to its invoices. A credit note's lines are the negatives of its invoice's,
 * so amounts net.
 */
const measureColumns = (byKind: boolean) => sql`
  ${countOf(byKind)} as count,
  coalesce(sum(r.quantity), 0) as quantity,
  coalesce(sum(r.discount), 0) as discount,
  coalesce(sum(r.net), 0) as net,
  coalesce(sum(r.paid - r.net), 0) as vat,
  coalesce(sum(r.paid), 0) as gross`;

const measuresOf = (row: Record<string, unknown>): Measures => ({
  count: num(row.count),
  quantity: num(row.quantity),
  discount: num(row.discount),
  net: num(row.net),
  vat: num(row.vat),
  gross: num(row.gross),
});

const zero: Measures = { count: 0, quantity: 0, discount: 0, net: 0, vat: 0, gross: 0 };

/**
 * Sales reports from the roll-ups (server/db/schema/rollups.ts): per branch and day, a few rows per
 * cashier, kept in each sale's own transaction, so a month reads thousands of rows, not its lines.
 */
export class SalesReports {
  constructor(private readonly db: Db) {}

  async custom(ctx: AuthenticatedContext, input: ParsedRequestOf<'report/custom'>) {
    const branch = await itemBranch(this.db, ctx, input.branch_id);
    await rollupsReady(this.db);
    const [{ rows, truncated }, totals] = await Promise.all([
      this.aggregate(branch, input.dates, input.dimensions, input.measures[0]!),
      this.totals(branch, input.dates),
    ]);
    return { rows, totals, truncated };
  }

  async sales(ctx: AuthenticatedContext, input: ParsedRequestOf<'report/sales'>) {
    const branch = await itemBranch(this.db, ctx, input.branch_id);
    await rollupsReady(this.db);
    const { dates } = input;
    const [kinds, periods, products, packages, cashiers, branches, payments, coupons] = await Promise.all([
      this.aggregate(branch, dates, ['kind'], 'gross'),
      this.aggregate(branch, dates, [input.period], 'gross'),
      this.aggregate(branch, dates, ['product'], 'gross', sql`r.product_id <> 0`),
      this.aggregate(branch, dates, ['package'], 'gross', sql`r.package_id <> 0`),
      this.aggregate(branch, dates, ['cashier'], 'gross'),
      this.aggregate(branch, dates, ['branch'], 'gross'),
      this.payments(branch, dates),
      this.coupons(branch, dates),
    ]);
    const ofKind = (kind: string) => kinds.rows.find((r) => r.keys[0]!.key === kind)?.values ?? zero;
    const invoices = ofKind('invoice');
    const creditNotes = ofKind('credit_note');
    // Amounts net; the count stays the invoices' (the credit notes have theirs).
    const total = Object.fromEntries(
      (Object.keys(zero) as (keyof Measures)[]).map((m) => [
        m,
        m === 'count' ? invoices.count : invoices[m] + creditNotes[m],
      ]),
    ) as Measures;
    return {
      invoices,
      creditNotes,
      total,
      periods: periods.rows,
      products: products.rows,
      packages: packages.rows,
      cashiers: cashiers.rows,
      branches: branches.rows,
      payments,
      coupons,
      truncated: [periods, products, packages, cashiers].some((r) => r.truncated),
    };
  }

  /** The roll-up rows of the days asked: rollup_sales, or rollup_items for a report by item. */
  private rowsOf(table: 'rollup_sales' | 'rollup_items', branch: number | null, dates: Dates, joins: SQL[]): SQL {
    return sql`
      from ${sql.raw(table)} r ${sql.join(joins, sql` `)}
      where r.day between ${dates.from}::date and ${dates.to}::date and ${ofBranch(sql`r.branch_id`, branch)}`;
  }

  /**
   * One row per combination of the dimensions asked. By item, the measures add up rollup_items; an
   * item's count is the documents with a line of it, and the "none" row's (documents with a line that
   * is no product, say) is read from rollup_sales beside the other dimensions.
   */
  private async aggregate(
    branch: number | null,
    dates: Dates,
    dims: readonly Dimension[],
    first: ReportMeasure,
    only?: SQL,
  ): Promise<{ rows: ReportRow[]; truncated: boolean }> {
    const picked = dims.map((d) => dimensions[d]);
    const byKind = dims.includes('kind');
    const item = picked.findIndex((d) => d.none);
    const columns = sql.join(
      picked.map(
        (d, i) => sql`${d.key} as ${sql.raw(`k${i}`)}, ${d.en} as ${sql.raw(`e${i}`)}, ${d.ar} as ${sql.raw(`a${i}`)}`,
      ),
      sql`, `,
    );
    const groupBy = sql.raw(picked.map((_, i) => String(i * 3 + 1)).join(', '));
    const rolled = sql`
      select ${columns}, ${measureColumns(byKind)}
      ${this.rowsOf(
        item < 0 ? 'rollup_sales' : 'rollup_items',
        branch,
        dates,
        picked.flatMap((d) => (d.join ? [d.join] : [])),
      )}
        and ${only ?? sql`true`}
      group by ${groupBy}`;
    // Time reads in order; anything else biggest first, so a cut list keeps what matters.
    const order = picked[0]!.time ? sql.raw(`k0 asc`) : sql.raw(`${first} desc, k0 asc`);
    // With one item dimension, its "none" row counts documents from rollup_sales (both items: each row is one).
    const single = item >= 0 && picked.filter((d) => d.none).length === 1 && !only;
    const others = picked.map((d, i) => ({ d, i })).filter(({ i }) => i !== item);
    const query = single
      ? sql`
        with i as (${rolled}),
        n as (
          select ${sql.join([...others.map(({ d, i }) => sql`${d.key} as ${sql.raw(`k${i}`)}`), sql`${countOf(byKind, sql.raw(`r.${picked[item]!.none}`))} as count`], sql`, `)}
          ${this.rowsOf('rollup_sales', branch, dates, [])}
          ${others.length ? sql`group by ${sql.raw(others.map((_, j) => String(j + 1)).join(', '))}` : sql``}
        )
        select ${sql.raw(picked.map((_, i) => `i.k${i}, i.e${i}, i.a${i}, `).join(''))}
          case when i.${sql.raw(`k${item}`)} = 'none' then coalesce(n.count, 0) else i.count end as count,
          i.quantity, i.discount, i.net, i.vat, i.gross
        from i left join n on ${sql.join([sql`true`, ...others.map(({ i }) => sql.raw(`n.k${i} = i.k${i}`))], sql` and `)}
        order by ${order}
        limit ${REPORT_MAX_ROWS + 1}`
      : sql`${rolled} order by ${order} limit ${REPORT_MAX_ROWS + 1}`;
    const result = await this.db.execute(query);
    const rows = result.rows.slice(0, REPORT_MAX_ROWS).map((row) => ({
      keys: picked.map((_, i) => ({
        key: String(row[`k${i}`]),
        name_en: (row[`e${i}`] as string | null) ?? null,
        name_ar: (row[`a${i}`] as string | null) ?? null,
      })),
      values: measuresOf(row),
    }));
    return { rows, truncated: result.rows.length > REPORT_MAX_ROWS };
  }

  private async totals(branch: number | null, dates: Dates): Promise<Measures> {
    const result = await this.db.execute(
      sql`select ${measureColumns(false)} ${this.rowsOf('rollup_sales', branch, dates, [])}`,
    );
    return measuresOf(result.rows[0] ?? {});
  }

  /** Cash kept and card taken (payments are the documents', not their lines'). */
  private async payments(branch: number | null, dates: Dates) {
    const result = await this.db.execute(
      sql`select coalesce(sum(r.cash), 0) as cash, coalesce(sum(r.card), 0) as card ${this.rowsOf('rollup_sales', branch, dates, [])}`,
    );
    const row = result.rows[0] ?? {};
    return { cash: num(row.cash), card: num(row.card) };
  }

  private async coupons(branch: number | null, dates: Dates) {
    const result = await this.db.execute(sql`
      select c.id, c.code, ${countOf(false)} as uses, coalesce(sum(r.sale_discount), 0) as discount
      ${this.rowsOf('rollup_sales', branch, dates, [sql`join coupons c on c.id = r.coupon_id`])}
      group by c.id, c.code
      order by uses desc, c.code`);
    return result.rows.map((r) => ({
      id: num(r.id),
      code: String(r.code),
      uses: num(r.uses),
      discount: num(r.discount),
    }));
  }
}
