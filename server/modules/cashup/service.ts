import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { branches, cashShifts, sales, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { isUniqueViolation, pageOf } from '../../http/results';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import { cashupReport, type ShiftSummaryRecord } from '../../../shared/api/cashup';
import { ownRowsUnlessFullRight } from '../own-rows';
import { startOfDay } from '../../../shared/domain/time-zone';
import { addDays } from '../../../shared/domain/subscription';
import { commandBranch, dataBranch, inDataBranch } from '../which-branch';
import { effectiveTimeZone, type BranchLocales } from '../branches/locales';

const shiftColumns = {
  id: cashShifts.id,
  opened_at: cashShifts.opened_at,
  closed_at: cashShifts.closed_at,
  opening_float: cashShifts.opening_float,
  counted_cash: cashShifts.counted_cash,
  expected_cash: cashShifts.expected_cash,
  branch: {
    id: branches.id,
    name_en: branches.name_en,
    name_ar: branches.name_ar,
    currency: branches.currency,
    time_zone: branches.time_zone,
  },
  cashier: { id: users.id, name_en: users.name_en, name_ar: users.name_ar },
};
type ShiftRow = {
  id: number;
  opened_at: Date;
  closed_at: Date | null;
  opening_float: number;
  counted_cash: number | null;
  expected_cash: number | null;
  branch: { id: number; name_en: string; name_ar: string; currency: string; time_zone: string | null };
  cashier: { id: number; name_en: string; name_ar: string };
};

const none = { count: 0, cash: 0, card: 0, total: 0 };

const invoice = alias(sales, 'invoice');
const seller = alias(users, 'seller');

/** The end-of-shift cash-up: a cashier's shift, its X report while open and its Z report when closed. */
export class CashupService {
  constructor(
    private readonly db: Db,
    private readonly locales: BranchLocales,
  ) {}

  async open(ctx: AuthenticatedContext, input: ParsedRequestOf<'cashup/open'>): Promise<ShiftSummaryRecord> {
    const branchId = await commandBranch(this.db, ctx, input.branch_id, 'branch_id');
    try {
      const [shift] = await this.db
        .insert(cashShifts)
        .values({ branch_id: branchId, user_id: ctx.user.id, opening_float: input.opening_float })
        .returning({ id: cashShifts.id });
      return await this.summary(this.db, shift!.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('SHIFT_ALREADY_OPEN');
      throw error;
    }
  }

  async current(ctx: AuthenticatedContext): Promise<ShiftSummaryRecord | null> {
    const [shift] = await this.db
      .select({ id: cashShifts.id })
      .from(cashShifts)
      .where(and(eq(cashShifts.user_id, ctx.user.id), isNull(cashShifts.closed_at)));
    return shift ? this.summary(this.db, shift.id) : null;
  }

  /** The Z report. Locked, so a sale being written into the shift is counted or waits for the next. */
  async close(ctx: AuthenticatedContext, { id, counted_cash }: ParsedRequestOf<'cashup/close'>) {
    return this.db.transaction(async (tx) => {
      const [shift] = await tx
        .select({ closed_at: cashShifts.closed_at, counted_cash: cashShifts.counted_cash })
        .from(cashShifts)
        .where(and(eq(cashShifts.id, id), eq(cashShifts.user_id, ctx.user.id)))
        .for('update');
      if (!shift) throw new AppError('NOT_FOUND');
      if (shift.closed_at) {
        // The same close sent again (its answer was lost) gets the same report; another count does not rewrite it.
        if (shift.counted_cash === counted_cash) return this.summary(tx, id);
        throw new AppError('SHIFT_CLOSED');
      }
      const open = await this.summary(tx, id);
      await tx
        .update(cashShifts)
        .set({ closed_at: new Date(), counted_cash, expected_cash: open.expected_cash })
        .where(eq(cashShifts.id, id));
      return this.summary(tx, id);
    });
  }

  async report(ctx: AuthenticatedContext, id: number): Promise<ShiftSummaryRecord> {
    const [shift] = await this.db
      .select({ id: cashShifts.id })
      .from(cashShifts)
      .where(
        and(
          eq(cashShifts.id, id),
          inDataBranch(ctx, cashShifts.branch_id),
          ownRowsUnlessFullRight(ctx, cashupReport.permission, cashShifts.user_id),
        ),
      );
    if (!shift) throw new AppError('NOT_FOUND');
    return this.summary(this.db, id);
  }

  async list(ctx: AuthenticatedContext, input: ParsedRequestOf<'cashup/list'>) {
    const branch = dataBranch(ctx) ?? input.branch_id;
    const { timeZone } = await this.locales.of(branch ?? ctx.user.branch_id);
    const where: SQL | undefined = and(
      branch === null ? undefined : eq(cashShifts.branch_id, branch),
      input.user_id === null ? undefined : eq(cashShifts.user_id, input.user_id),
      input.from ? gte(cashShifts.opened_at, startOfDay(input.from, timeZone)) : undefined,
      input.to ? lt(cashShifts.opened_at, startOfDay(addDays(input.to, 1), timeZone)) : undefined,
      input.open === undefined
        ? undefined
        : input.open
          ? isNull(cashShifts.closed_at)
          : isNotNull(cashShifts.closed_at),
    );
    const [ids, total] = await Promise.all([
      this.db
        .select({ id: cashShifts.id })
        .from(cashShifts)
        .where(where)
        .orderBy(desc(cashShifts.opened_at), desc(cashShifts.id))
        .limit(input.perPage)
        .offset((input.page - 1) * input.perPage),
      this.db.$count(cashShifts, where),
    ]);
    return pageOf(
      await this.summaries(
        this.db,
        ids.map((r) => r.id),
      ),
      total,
      input.page,
      input.perPage,
    );
  }

  private async summary(db: Db | Tx, id: number): Promise<ShiftSummaryRecord> {
    const [one] = await this.summaries(db, [id]);
    if (!one) throw new AppError('NOT_FOUND');
    return one;
  }

  private async summaries(db: Db | Tx, ids: number[]): Promise<ShiftSummaryRecord[]> {
    if (!ids.length) return [];
    // One after another: closing a shift reads its summary on the transaction's one connection, and
    // queries sent on a connection still busy are queued by pg only with a deprecation warning.
    const shifts = await db
      .select(shiftColumns)
      .from(cashShifts)
      .innerJoin(branches, eq(branches.id, cashShifts.branch_id))
      .innerJoin(users, eq(users.id, cashShifts.user_id))
      .where(inArray(cashShifts.id, ids));
    const totals = await db
      .select({
        shift_id: sql<number>`${sales.shift_id}`,
        kind: sales.kind,
        count: sql<number>`count(*)::int`,
        cash: sql<string>`coalesce(sum(${sales.cash} - ${sales.change}), 0)`,
        card: sql<string>`coalesce(sum(${sales.pos}), 0)`,
        total: sql<string>`coalesce(sum(${sales.payable}), 0)`,
        discount: sql<string>`coalesce(sum(${sales.discount}), 0)`,
        vat: sql<string>`coalesce(sum(${sales.vat}), 0)`,
      })
      .from(sales)
      .where(inArray(sales.shift_id, ids))
      .groupBy(sales.shift_id, sales.kind);
    const refunds = await db
      .select({
        shift_id: sql<number>`${sales.shift_id}`,
        credit_note_no: sales.invoice_no,
        invoice_no: invoice.invoice_no,
        cash: sales.cash,
        card: sales.pos,
        sold_by: { id: seller.id, name_en: seller.name_en, name_ar: seller.name_ar },
        sold_in_shift: invoice.shift_id,
        refunded_by: { id: users.id, name_en: users.name_en, name_ar: users.name_ar },
      })
      .from(sales)
      .innerJoin(invoice, eq(invoice.id, sales.original_id))
      .innerJoin(seller, eq(seller.id, invoice.cashier_id))
      .innerJoin(users, eq(users.id, sales.cashier_id))
      .where(and(inArray(sales.shift_id, ids), eq(sales.kind, 'credit_note')))
      .orderBy(asc(sales.id));
    const asOf = new Date();
    const byId = new Map(shifts.map((s) => [s.id, s as ShiftRow]));
    return ids.flatMap((id) => {
      const shift = byId.get(id);
      if (!shift) return [];
      const of = (kind: 'invoice' | 'credit_note') => {
        const row = totals.find((t) => t.shift_id === id && t.kind === kind);
        return row
          ? { count: row.count, cash: Number(row.cash), card: Number(row.card), total: Number(row.total) }
          : none;
      };
      const mine = totals.filter((t) => t.shift_id === id);
      const invoices = of('invoice');
      const creditNotes = of('credit_note');
      const expected = shift.expected_cash ?? shift.opening_float + invoices.cash + creditNotes.cash;
      return [
        {
          id,
          branch: { ...shift.branch, time_zone: effectiveTimeZone(shift.branch.time_zone) },
          cashier: shift.cashier,
          opened_at: shift.opened_at,
          closed_at: shift.closed_at,
          opening_float: shift.opening_float,
          invoices,
          creditNotes,
          refunds: refunds.filter((r) => r.shift_id === id).map(({ shift_id: _shift, ...refund }) => refund),
          discount: mine.reduce((s, t) => s + Number(t.discount), 0),
          vat: mine.reduce((s, t) => s + Number(t.vat), 0),
          expected_cash: expected,
          counted_cash: shift.counted_cash,
          difference: shift.counted_cash === null ? null : shift.counted_cash - expected,
          as_of: shift.closed_at ?? asOf,
        },
      ];
    });
  }
}
