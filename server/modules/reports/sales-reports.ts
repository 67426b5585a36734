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
import { instantWindow, localDay, num, ofBranch } from './report-sql';

/** The dimensions of the catalogue, and `kind` (invoice or credit note) the sales report splits by. */
type Dimension = ReportDimension | 'kind';
type Dates = { from: string; to: string };

/** How each dimension reads a line of the `l` set (see `lines`): its key, and its names where it has them. */
const dimensions: Record<Dimension, { key: SQL; en: SQL; ar: SQL; time?: true }> = {
  day: { key: sql`l.day::text`, en: sql`null`, ar: sql`null`, time: true },
  week: { key: sql`date_trunc('week', l.day)::date::text`, en: sql`null`, ar: sql`null`, time: true },
  month: { key: sql`date_trunc('month', l.day)::date::text`, en: sql`null`, ar: sql`null`, time: true },
  branch: { key: sql`l.branch_id::text`, en: sql`min(l.branch_en)`, ar: sql`min(l.branch_ar)` },
  // A line that is no product (a package, an overtime fee) is `none`; its names are those it was sold under.
  product: {
    key: sql`coalesce(l.product_id::text, 'none')`,
    en: sql`min(l.line_en) filter (where l.product_id is not null)`,
    ar: sql`min(l.line_ar) filter (where l.product_id is not null)`,
  },
  package: {
    key: sql`coalesce(l.package_id::text, 'none')`,
    en: sql`min(l.line_en) filter (where l.package_id is not null)`,
    ar: sql`min(l.line_ar) filter (where l.package_id is not null)`,
  },
  cashier: { key: sql`l.cashier_id::text`, en: sql`min(l.cashier_en)`, ar: sql`min(l.cashier_ar)` },
  payment: { key: sql`l.payment`, en: sql`null`, ar: sql`null` },
  kind: { key: sql`l.kind`, en: sql`null`, ar: sql`null` },
};

/**
 * What was charged per line after the cart's discount, split into net and VAT exactly as the sale
 * was priced (shared/domain/money priceCart: half up, per line), so a report's lines add up to its
 * invoices. A credit note's lines are the negatives of its invoice's, so amounts net; a count counts
 * documents, never negatively (ARCHITECTURE, "One sign, one count"): a row split by kind counts its
 * own kind's, any other row its invoices.
 */
const measureColumns = (byKind: boolean) => sql`
  count(distinct l.sale_id) ${byKind ? sql`` : sql`filter (where l.kind = 'invoice')`} as count,
  coalesce(sum(l.qty), 0) as quantity,
  coalesce(sum(l.discount), 0) as discount,
  coalesce(sum(l.net), 0) as net,
  coalesce(sum(l.paid - l.net), 0) as vat,
  coalesce(sum(l.paid), 0) as gross`;

const measuresOf = (row: Record<string, unknown>): Measures => ({
  count: num(row.count),
  quantity: num(row.quantity),
  discount: num(row.discount),
  net: num(row.net),
  vat: num(row.vat),
  gross: num(row.gross),
});

const zero: Measures = { count: 0, quantity: 0, discount: 0, net: 0, vat: 0, gross: 0 };

/** Sales reports from the invoices and credit notes themselves: nothing pre-added that could drift. */
export class SalesReports {
  constructor(private readonly db: Db) {}

  async custom(ctx: AuthenticatedContext, input: ParsedRequestOf<'report/custom'>) {
    const branch = await itemBranch(this.db, ctx, input.branch_id);
    const [{ rows, truncated }, totals] = await Promise.all([
      this.aggregate(branch, input.dates, input.dimensions, input.measures[0]!),
      this.totals(branch, input.dates),
    ]);
    return { rows, totals, truncated };
  }

  async sales(ctx: AuthenticatedContext, input: ParsedRequestOf<'report/sales'>) {
    const branch = await itemBranch(this.db, ctx, input.branch_id);
    const { dates } = input;
    const [kinds, periods, products, packages, cashiers, branches, payments, coupons] = await Promise.all([
      this.aggregate(branch, dates, ['kind'], 'gross'),
      this.aggregate(branch, dates, [input.period], 'gross'),
      this.aggregate(branch, dates, ['product'], 'gross', sql`l.product_id is not null`),
      this.aggregate(branch, dates, ['package'], 'gross', sql`l.package_id is not null`),
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

  /** The lines of the sales in the days asked, with what every dimension and measure reads. */
  private lines(branch: number | null, dates: Dates): SQL {
    const { lo, hi } = instantWindow(dates.from, dates.to);
    return sql`
      select s.id as sale_id, s.kind, s.branch_id, b.name_en as branch_en, b.name_ar as branch_ar,
        s.cashier_id, u.name_en as cashier_en, u.name_ar as cashier_ar,
        ${localDay(sql`s.created_at`)} as day,
        case when s.pos = 0 then 'cash' when s.cash - s.change = 0 then 'card' else 'split' end as payment,
        sl.product_id, sl.package_id, sl.name_en as line_en, sl.name_ar as line_ar, sl.qty, sl.discount,
        sl.gross - sl.discount as paid,
        sign(sl.gross - sl.discount)
          * ((abs(sl.gross - sl.discount)::bigint * 20000 + 10000 + sl.rate_bp) / ((10000 + sl.rate_bp) * 2)) as net
      from sales s
      join branches b on b.id = s.branch_id
      join users u on u.id = s.cashier_id
      join sale_lines sl on sl.sale_id = s.id
      where s.created_at >= ${lo} and s.created_at < ${hi} and ${ofBranch(sql`s.branch_id`, branch)}`;
  }

  private async aggregate(
    branch: number | null,
    dates: Dates,
    dims: readonly Dimension[],
    first: ReportMeasure,
    extra: SQL = sql`true`,
  ): Promise<{ rows: ReportRow[]; truncated: boolean }> {
    const picked = dims.map((d) => dimensions[d]);
    const columns = sql.join(
      picked.map(
        (d, i) => sql`${d.key} as ${sql.raw(`k${i}`)}, ${d.en} as ${sql.raw(`e${i}`)}, ${d.ar} as ${sql.raw(`a${i}`)}`,
      ),
      sql`, `,
    );
    const groupBy = sql.raw(picked.map((_, i) => String(i * 3 + 1)).join(', '));
    // Time reads in order; anything else biggest first, so a cut list keeps what matters.
    const order = picked[0]!.time ? sql.raw(`k0 asc`) : sql.raw(`${first} desc, k0 asc`);
    const result = await this.db.execute(sql`
      with l as (${this.lines(branch, dates)})
      select ${columns}, ${measureColumns(dims.includes('kind'))}
      from l
      where l.day between ${dates.from}::date and ${dates.to}::date and ${extra}
      group by ${groupBy}
      order by ${order}
      limit ${REPORT_MAX_ROWS + 1}`);
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
    const result = await this.db.execute(sql`
      with l as (${this.lines(branch, dates)})
      select ${measureColumns(false)} from l where l.day between ${dates.from}::date and ${dates.to}::date`);
    return measuresOf(result.rows[0] ?? {});
  }

  /** The sales of the days asked, one row each (payments and coupons are the sale's, not its lines'). */
  private salesOfDays(branch: number | null, dates: Dates, join: SQL = sql``): SQL {
    const { lo, hi } = instantWindow(dates.from, dates.to);
    return sql`
      from sales s join branches b on b.id = s.branch_id ${join}
      where s.created_at >= ${lo} and s.created_at < ${hi} and ${ofBranch(sql`s.branch_id`, branch)}
        and ${localDay(sql`s.created_at`)} between ${dates.from}::date and ${dates.to}::date`;
  }

  private async payments(branch: number | null, dates: Dates) {
    const result = await this.db.execute(
      sql`select coalesce(sum(s.cash - s.change), 0) as cash, coalesce(sum(s.pos), 0) as card ${this.salesOfDays(branch, dates)}`,
    );
    const row = result.rows[0] ?? {};
    return { cash: num(row.cash), card: num(row.card) };
  }

  private async coupons(branch: number | null, dates: Dates) {
    const result = await this.db.execute(sql`
      select c.id, c.code,
        count(*) filter (where s.kind = 'invoice') as uses,
        coalesce(sum(s.discount), 0) as discount
      ${this.salesOfDays(branch, dates, sql`join coupons c on c.id = s.coupon_id`)}
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
