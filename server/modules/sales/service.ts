import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, sum, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { branches, coupons, kids, packages, parents, products, saleLines, sales, taxes, users } from '../../db/schema';
import { AppError, fieldRefused } from '../../http/errors';
import { ownRowsUnlessFullRight } from '../own-rows';
import { isUniqueViolation, pageOf } from '../../http/results';
import { commandBranch, inDataBranch } from '../which-branch';
import { runOnce } from '../../http/idempotency';
import type { AuthenticatedContext, OnceContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import { saleReceipt, type SaleWithLinesRecord } from '../../../shared/api/sales';
import { priceCart } from '../../../shared/domain/money';
import { checkCoupon } from '../../../shared/domain/coupon';
import { dayIn, startOfDay } from '../../../shared/domain/time-zone';
import { addDays } from '../../../shared/domain/subscription';
import { effectiveTimeZone, type BranchLocales } from '../branches/locales';
import { branchColumns } from '../branches/service';
import { receiptOf } from '../../../shared/domain/receipt';
import type { SubscriptionService } from '../subscriptions/service';
import type { OvertimeService } from '../frontdesk/overtime';
import type { SmsSender } from '../../sms/sms-sender';
import { invoiceText } from './invoice-text';
import { creditNoteShift, drawerShift } from '../cashup/shift-of';
import { summary } from '../subscriptions/service';
import { NEXT_NUMBER, runNamed, SALE_READ, SALE_WRITE, type SaleReadRow, type SaleWriteRow } from './statements';

const saleColumns = {
  id: sales.id,
  branch_id: sales.branch_id,
  invoice_no: sales.invoice_no,
  kind: sales.kind,
  original_id: sales.original_id,
  // Written out in full: inside a select drizzle renders a column unqualified, which the subquery would rebind.
  original_invoice_no: sql<number | null>`(select o.invoice_no from sales o where o.id = "sales"."original_id")`,
  cancelled_at: sales.cancelled_at,
  cashier_id: sales.cashier_id,
  coupon_id: sales.coupon_id,
  parent_id: sales.parent_id,
  gross: sales.gross,
  discount: sales.discount,
  net: sales.net,
  vat: sales.vat,
  payable: sales.payable,
  cash: sales.cash,
  pos: sales.pos,
  pos_reference: sales.pos_reference,
  change: sales.change,
  created_at: sales.created_at,
};

/**
 * The sale: one transaction that prices the cart from the database, takes the stock, counts the
 * coupon, numbers the invoice without gaps and records the payment — or does none of it.
 */
export class SaleService {
  constructor(
    private readonly db: Db,
    private readonly subscriptions: SubscriptionService,
    private readonly overtime: OvertimeService,
    private readonly sms: SmsSender,
    private readonly locales: BranchLocales,
  ) {}

  async create(
    ctx: AuthenticatedContext & OnceContext<'sale/sale/create' | 'sale/subscription/create'>,
    input: ParsedRequestOf<'sale/sale/create'>,
  ): Promise<SaleWithLinesRecord> {
    const branchId = await commandBranch(this.db, ctx, input.salesData.branch_id, 'salesData.branch_id');
    // A walk-in's mobile is kept as one the SMS gateway can use, or refused.
    const walkInMobile = input.parentInfo?.mobile;
    if (walkInMobile)
      input = {
        ...input,
        parentInfo: {
          ...input.parentInfo,
          mobile: await this.locales.mobile(branchId, walkInMobile, 'parentInfo.mobile'),
        },
      };
    // A retried request (same Idempotency-Key from the same cashier) gets the first answer, not a second sale.
    return runOnce<SaleWithLinesRecord>(this.db, ctx, {
      run: (tx, claim) => this.sell(tx, ctx, branchId, input, claim),
      idsOf: 'recorded by run',
      replay: ([id]) => this.withLines(id!),
    });
  }

  /**
   * Everything is read, checked and priced first; the rows other tills wait for (the products' stock,
   * the branch's invoice counter) are taken by one last statement (SALE_WRITE), followed by the commit.
   */
  private async sell(
    tx: Tx,
    ctx: AuthenticatedContext,
    branchId: number,
    input: ParsedRequestOf<'sale/sale/create'>,
    claim: string | null,
  ): Promise<SaleWithLinesRecord> {
    const wanted = new Map<number, number>();
    for (const { product } of input.cart)
      if (product) wanted.set(product.id, (wanted.get(product.id) ?? 0) + product.qty);
    const productIds = [...wanted.keys()].sort((a, b) => a - b);
    const bought = input.cart.flatMap((line) => (line.package ? [{ id: line.package.id, kids: line.kids }] : []));
    const overtimeIds = [
      ...new Set([
        ...(input.overtime_session_id === null ? [] : [input.overtime_session_id]),
        ...input.bulk_overtime_session_id,
      ]),
    ];
    const { cash, pos: card, pos_reference: cardReference } = input.salesData.payments;
    const read = await runNamed<SaleReadRow>(tx, SALE_READ, [ctx.user.id, branchId, productIds]);
    const overtime = (await this.overtime.overtimeItems(tx, branchId, overtimeIds)).map((o) => ({
      ...o,
      product_id: null,
      package_id: null,
      kid_ids: [o.kid_id],
      package: null,
      qty: 1,
    }));
    const items = [
      ...productItems(read.products ?? [], productIds, wanted),
      ...(await this.packageItems(tx, branchId, bought)),
      ...overtime,
    ];
    const lineInputs = items.map((i) => ({
      unitPrice: i.price,
      qty: i.qty,
      rateBp: i.rate_bp,
      included: i.included,
    }));
    const parentId = await this.parentOf(tx, input.parentInfo?.parent_id ?? null, bought);
    const purchases = items.flatMap((item) => (item.package ? [{ package: item.package, kidIds: item.kid_ids! }] : []));
    const planned = purchases.length ? await this.subscriptions.planForSale(tx, branchId, purchases) : null;

    let discount = 0;
    if (input.coupon_id !== null) {
      // Locked last of the reads and held until the commit: the use SALE_WRITE counts is the one checked here.
      const [coupon] = await tx
        .select()
        .from(coupons)
        .where(and(eq(coupons.id, input.coupon_id), isNull(coupons.deleted_at)))
        .for('update');
      const check = checkCoupon(coupon ?? null, { total: priceCart(lineInputs).gross, branchId, now: new Date() });
      if (!check.ok) throw new AppError(check.key);
      discount = check.discount;
    }
    const cart = priceCart(lineInputs, discount);

    if (card > cart.payable) throw fieldRefused('salesData.payments.pos', 'FIELD_TOO_LARGE');
    if (cash + card < cart.payable) throw fieldRefused('salesData.payments.cash', 'FIELD_TOO_SMALL');
    const shiftId = drawerShift(read.shift_id, read.counts_cash ?? true, cash);

    const written = await runNamed<SaleWriteRow>(tx, SALE_WRITE, [
      JSON.stringify({
        branch_id: branchId,
        cashier_id: ctx.user.id,
        coupon_id: input.coupon_id,
        parent_id: parentId,
        parent_info: input.parentInfo ?? null,
        gross: cart.gross,
        discount: cart.discount,
        net: cart.net,
        vat: cart.vat,
        payable: cart.payable,
        cash,
        pos: card,
        pos_reference: cardReference,
        change: cash + card - cart.payable,
        shift_id: shiftId,
      }),
      productIds,
      productIds.map((id) => wanted.get(id)!),
      JSON.stringify(
        items.map((item, i) => ({
          product_id: item.product_id,
          package_id: item.package_id,
          kid_ids: item.kid_ids,
          name_en: item.name_en,
          name_ar: item.name_ar,
          unit_price: item.price,
          qty: item.qty,
          rate_bp: item.rate_bp,
          included: item.included,
          ...cart.lines[i]!,
        })),
      ),
      JSON.stringify(planned?.rows ?? []),
      overtimeIds,
      claim,
    ]);
    if (!written.sale) throw new AppError('INSUFFICIENT_STOCK');
    const { sale } = written;
    return {
      ...sale,
      created_at: new Date(sale.created_at),
      lines: (written.lines ?? []).map(lineOut),
      subscriptions: (written.subscriptions ?? []).map((s) => summary(s, planned!.today)),
    };
  }

  /** Each package line: the package's price once per kid, and what the subscriptions copy from it. */
  private async packageItems(tx: Tx, branchId: number, bought: { id: number; kids: number[] }[]) {
    if (bought.length === 0) return [];
    const ids = [...new Set(bought.map((b) => b.id))];
    const rows = await tx
      .select({
        id: packages.id,
        name_en: packages.name_en,
        name_ar: packages.name_ar,
        price: packages.price,
        included: packages.included,
        rate_bp: taxes.rate_bp,
        validity_days: packages.validity_days,
        daily_limits: packages.daily_limits,
        margin_minutes: packages.margin_minutes,
        overtime_price: packages.overtime_price,
      })
      .from(packages)
      .innerJoin(taxes, eq(taxes.id, packages.tax_id))
      .where(
        and(
          inArray(packages.id, ids),
          isNull(packages.deleted_at),
          or(eq(packages.branch_id, branchId), isNull(packages.branch_id)),
        ),
      );
    if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
    return bought.map((line) => {
      const row = rows.find((r) => r.id === line.id)!;
      return { ...row, product_id: null, package_id: row.id, kid_ids: line.kids, package: row, qty: line.kids.length };
    });
  }

  /** The paying parent: the one named, else the parent of the first kid a package is for. */
  private async parentOf(tx: Tx, named: number | null, bought: { kids: number[] }[]): Promise<number | null> {
    if (named !== null) {
      const [parent] = await tx
        .select({ id: parents.id })
        .from(parents)
        .where(and(eq(parents.id, named), isNull(parents.deleted_at)));
      if (!parent) throw new AppError('NOT_FOUND');
      return named;
    }
    const firstKid = bought[0]?.kids[0];
    if (firstKid === undefined) return null;
    const [kid] = await tx.select({ parent_id: kids.parent_id }).from(kids).where(eq(kids.id, firstKid));
    return kid?.parent_id ?? null;
  }

  /** A credit note for the whole invoice: stock and the coupon's use come back; the original is marked. */
  async cancel(ctx: AuthenticatedContext, id: number): Promise<SaleWithLinesRecord> {
    try {
      return await this.db.transaction(async (tx) => {
        const [original] = await tx
          .select({ ...saleColumns, shift_id: sales.shift_id })
          .from(sales)
          .where(and(eq(sales.id, id), eq(sales.kind, 'invoice'), inDataBranch(ctx, sales.branch_id)))
          .for('update');
        if (!original) throw new AppError('NOT_FOUND');
        if (original.cancelled_at) throw new AppError('ALREADY_CANCELLED');
        const lines = await tx
          .select()
          .from(saleLines)
          .where(eq(saleLines.sale_id, id))
          .orderBy(asc(saleLines.product_id));
        for (const line of lines) {
          if (line.product_id)
            await tx
              .update(products)
              .set({ stock: sql`${products.stock} + ${line.qty}` })
              .where(eq(products.id, line.product_id));
        }
        await this.subscriptions.cancelForSale(tx, original.id);
        await this.overtime.unbill(tx, original.id);
        if (original.coupon_id)
          await tx
            .update(coupons)
            .set({ used: sql`greatest(${coupons.used} - 1, 0)` })
            .where(eq(coupons.id, original.coupon_id));
        await tx.update(sales).set({ cancelled_at: new Date() }).where(eq(sales.id, id));
        const [note] = await tx
          .insert(sales)
          .values({
            branch_id: original.branch_id,
            invoice_no: await this.nextInvoiceNo(tx, original.branch_id),
            kind: 'credit_note',
            original_id: original.id,
            cashier_id: ctx.user.id,
            coupon_id: original.coupon_id,
            gross: -original.gross,
            discount: -original.discount,
            net: -original.net,
            vat: -original.vat,
            payable: -original.payable,
            cash: -(original.cash - original.change),
            pos: -original.pos,
            pos_reference: original.pos_reference,
            change: 0,
            parent_id: original.parent_id,
            shift_id: await creditNoteShift(
              tx,
              ctx.user.id,
              original.branch_id,
              original.shift_id,
              original.cash - original.change,
            ),
          })
          .returning(saleColumns);
        const noteLines = await tx
          .insert(saleLines)
          .values(
            lines.map(({ id: _id, sale_id: _s, ...line }) => ({
              ...line,
              sale_id: note!.id,
              qty: -line.qty,
              net: -line.net,
              vat: -line.vat,
              gross: -line.gross,
              discount: -line.discount,
            })),
          )
          .returning();
        return {
          ...note!,
          lines: noteLines.map(lineOut),
          subscriptions: await this.subscriptions.ofSale(tx, original.id),
        };
      });
    } catch (error) {
      // Two cancels at once: the one-credit-note-per-invoice index lets only one through.
      if (isUniqueViolation(error)) throw new AppError('ALREADY_CANCELLED');
      throw error;
    }
  }

  /** Invoices of a date range (default today), newest first, with their count and value; days are the caller's branch's. */
  async list(ctx: AuthenticatedContext, { page, perPage, dates }: ParsedRequestOf<'sale/pagelist'>) {
    const { from, to, days } = await this.days(ctx, dates?.from, dates?.to, 0);
    const where: SQL | undefined = and(
      gte(sales.created_at, from),
      lt(sales.created_at, to),
      inDataBranch(ctx, sales.branch_id),
    );
    const [rows, [stats]] = await Promise.all([
      this.db
        .select({ ...saleColumns, time_zone: branches.time_zone })
        .from(sales)
        .innerJoin(branches, eq(branches.id, sales.branch_id))
        .where(where)
        .orderBy(desc(sales.created_at), desc(sales.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db
        .select({
          invoices: sql<number>`count(*) filter (where ${sales.kind} = 'invoice')`.mapWith(Number),
          creditNotes: sql<number>`count(*) filter (where ${sales.kind} = 'credit_note')`.mapWith(Number),
          // The list's rows, both kinds: what its pages run over.
          n: count(),
          value: sum(sales.payable).mapWith(Number),
        })
        .from(sales)
        .where(where),
    ]);
    return {
      ...pageOf(
        rows.map((row) => ({ ...row, time_zone: effectiveTimeZone(row.time_zone) })),
        stats?.n ?? 0,
        page,
        perPage,
      ),
      statistics: {
        count: stats?.invoices ?? 0,
        credit_notes: stats?.creditNotes ?? 0,
        value: stats?.value ?? 0,
      },
      days,
    };
  }

  /** Invoices that bought something for a kid (a package or overtime line names them), default a month back. */
  async ofKid(ctx: AuthenticatedContext, { kid_id, page, perPage, dates }: ParsedRequestOf<'profile/kid/invoice'>) {
    const { from, to } = await this.days(ctx, dates?.from, dates?.to, 1);
    const forKid = sql`exists (select 1 from sale_lines l where l.sale_id = "sales"."id" and l.kid_ids @> ${JSON.stringify([kid_id])}::jsonb)`;
    const where = and(
      forKid,
      gte(sales.created_at, from),
      lt(sales.created_at, to),
      inDataBranch(ctx, sales.branch_id),
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select(saleColumns)
        .from(sales)
        .where(where)
        .orderBy(desc(sales.created_at), desc(sales.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(sales).where(where),
    ]);
    return pageOf(rows, total?.n ?? 0, page, perPage);
  }

  /** From the start of the first day to the end of the last on the caller's branch's clock; default the last `monthsBack` months to today. */
  private async days(
    ctx: AuthenticatedContext,
    first: string | undefined,
    last: string | undefined,
    monthsBack: number,
  ) {
    const { timeZone } = await this.locales.ofCaller(ctx);
    const today = dayIn(timeZone);
    const back = new Date(`${today}T12:00:00Z`);
    back.setUTCMonth(back.getUTCMonth() - monthsBack);
    const days = { from: first ?? back.toISOString().slice(0, 10), to: last ?? today, time_zone: timeZone };
    return { from: startOfDay(days.from, timeZone), to: startOfDay(addDays(days.to, 1), timeZone), days };
  }

  async payments(ctx: AuthenticatedContext, id: number) {
    const [row] = await this.db
      .select({
        payable: sales.payable,
        cash: sales.cash,
        pos: sales.pos,
        pos_reference: sales.pos_reference,
        change: sales.change,
      })
      .from(sales)
      .where(and(eq(sales.id, id), inDataBranch(ctx, sales.branch_id)));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The printable receipt of an invoice or credit note: the sale with its branch and cashier. */
  async receipt(ctx: AuthenticatedContext, id: number) {
    const [row] = await this.db
      .select({
        sale: saleColumns,
        branch: branchColumns,
        cashier: { name_en: users.name_en, name_ar: users.name_ar },
      })
      .from(sales)
      .innerJoin(branches, eq(branches.id, sales.branch_id))
      .innerJoin(users, eq(users.id, sales.cashier_id))
      .where(
        and(
          eq(sales.id, id),
          inDataBranch(ctx, sales.branch_id),
          ownRowsUnlessFullRight(ctx, saleReceipt.permission, sales.cashier_id),
        ),
      );
    if (!row) throw new AppError('NOT_FOUND');
    const lines = await this.db.select().from(saleLines).where(eq(saleLines.sale_id, id)).orderBy(asc(saleLines.id));
    const branch = { ...row.branch, time_zone: effectiveTimeZone(row.branch.time_zone) };
    return receiptOf({
      sale: { ...row.sale, created_at: row.sale.created_at.toISOString(), lines },
      branch,
      cashier: row.cashier,
    });
  }

  /** Texts the invoice to the parent on it, or to the walk-in's mobile typed at the till. */
  async send(ctx: AuthenticatedContext, id: number) {
    const [row] = await this.db
      .select({
        sale: saleColumns,
        parent_info: sales.parent_info,
        parent_mobile: parents.mobile,
        branch: {
          name_en: branches.name_en,
          name_ar: branches.name_ar,
          currency: branches.currency,
          time_zone: branches.time_zone,
        },
      })
      .from(sales)
      .innerJoin(branches, eq(branches.id, sales.branch_id))
      .leftJoin(parents, eq(parents.id, sales.parent_id))
      .where(and(eq(sales.id, id), inDataBranch(ctx, sales.branch_id)));
    if (!row) throw new AppError('NOT_FOUND');
    const typed = row.parent_mobile ?? row.parent_info?.mobile ?? null;
    if (!typed) throw new AppError('MOBILE_NUMBER_MISSING');
    // Stored before E.164 was required, a number may still be as typed: read it in the branch's country.
    const to = await this.locales.mobile(row.sale.branch_id, typed);
    const branch = { ...row.branch, time_zone: effectiveTimeZone(row.branch.time_zone) };
    const delivery = await this.sms.send({
      to,
      body: invoiceText(row.sale, branch),
      purpose: 'invoice',
      sentBy: ctx.user.id,
      branchId: row.sale.branch_id,
      requestId: ctx.requestId,
    });
    return { to, delivery };
  }

  private async nextInvoiceNo(tx: Tx, branchId: number): Promise<number> {
    return (await runNamed<{ invoice_no: number }>(tx, NEXT_NUMBER, [branchId])).invoice_no;
  }

  /** A recorded sale as a sale's answer gives it. */
  async withLines(id: number): Promise<SaleWithLinesRecord> {
    const [sale] = await this.db.select(saleColumns).from(sales).where(eq(sales.id, id));
    if (!sale) throw new AppError('NOT_FOUND');
    const lines = await this.db
      .select()
      .from(saleLines)
      .where(eq(saleLines.sale_id, sale.id))
      .orderBy(asc(saleLines.id));
    return { ...sale, lines: lines.map(lineOut), subscriptions: await this.subscriptions.ofSale(this.db, sale.id) };
  }
}

/** The cart's product lines, priced from SALE_READ's rows: NOT_FOUND for one not sold in this branch. */
function productItems(rows: NonNullable<SaleReadRow['products']>, ids: number[], wanted: Map<number, number>) {
  if (rows.length !== ids.length) throw new AppError('NOT_FOUND');
  return rows.map((row) => ({
    ...row,
    product_id: row.id,
    package_id: null,
    kid_ids: null,
    package: null,
    qty: wanted.get(row.id)!,
  }));
}

function lineOut(line: typeof saleLines.$inferSelect) {
  const { id: _id, sale_id: _sale, ...rest } = line;
  return rest;
}
