import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { kidVisits, kids, overtimeDecisions, packages, subscriptions, taxes, users } from '../../db/schema';
import { AppError, fieldRefused } from '../../http/errors';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import { inDataBranch } from '../which-branch';
import type { OtpService } from './otp';
import { present, visitRows, visitsByIds, type Visit } from './visit-rows';

/**
 * The overtime of kids' visits: the bills, the parent's confirmation by code, the manager's decisions,
 * and the lines a sale bills them on.
 */
export class OvertimeService {
  constructor(
    private readonly db: Db,
    private readonly otp: OtpService,
  ) {}

  async bill(ctx: AuthenticatedContext, visitId: number) {
    const [row] = await visitRows(this.db).where(
      and(eq(kidVisits.id, visitId), inDataBranch(ctx, kidVisits.branch_id)),
    );
    if (!row) throw new AppError('NOT_FOUND');
    return present(row);
  }

  /** What these kids' latest visits still owe, and its total. */
  async billing(ctx: AuthenticatedContext, kidIds: number[]) {
    const bills = await this.latest(ctx, kidIds, true);
    return { bills, total: bills.reduce((sum, b) => sum + b.due, 0) };
  }

  /** The kids' latest visits; with the parent's code, what they owe is confirmed. */
  async payments(ctx: AuthenticatedContext, { kids: kidIds, otp }: ParsedRequestOf<'kids/session/payments'>) {
    const bills = await this.latest(ctx, kidIds, false);
    return otp === undefined ? bills : this.confirmByParent(ctx, kidIds, bills, otp);
  }

  /** One kid's visit (the one named, else the latest); with the parent's code, what it owes is confirmed. */
  async paymentOfKid(
    ctx: AuthenticatedContext,
    { kid_id, session_id, otp }: ParsedRequestOf<'kids/session/payments/:kid_id'>,
  ) {
    const bill = await this.visitOfKid(ctx, kid_id, session_id);
    return otp === undefined ? bill : (await this.confirmByParent(ctx, [kid_id], [bill], otp))[0]!;
  }

  /** A manager edits or forgives a fixed, unbilled fee; the decision is logged with its reason. */
  async decide(ctx: AuthenticatedContext, { session_id, action, fee, reason }: ParsedRequestOf<'kids/session/fee'>) {
    await this.db.transaction(async (tx) => {
      const [visit] = await tx
        .select()
        .from(kidVisits)
        .where(and(eq(kidVisits.id, session_id), inDataBranch(ctx, kidVisits.branch_id)))
        .for('update');
      if (!visit) throw new AppError('NOT_FOUND');
      if (visit.checkout_at === null || visit.billed_sale_id !== null) throw fieldRefused('session_id');
      const after = action === 'forgive' ? 0 : fee!;
      await tx
        .update(kidVisits)
        .set({ overtime_fee: after, fee_decision: action === 'forgive' ? 'forgiven' : 'edited' })
        .where(eq(kidVisits.id, session_id));
      await tx.insert(overtimeDecisions).values({
        session_id,
        user_id: ctx.user.id,
        action,
        fee_before: visit.overtime_fee ?? 0,
        fee_after: after,
        reason,
      });
    });
    return this.bill(ctx, session_id);
  }

  async decisions(ctx: AuthenticatedContext, visitId: number) {
    await this.bill(ctx, visitId);
    return this.db
      .select({
        action: overtimeDecisions.action,
        fee_before: overtimeDecisions.fee_before,
        fee_after: overtimeDecisions.fee_after,
        reason: overtimeDecisions.reason,
        user_id: overtimeDecisions.user_id,
        user_name_en: users.name_en,
        user_name_ar: users.name_ar,
        at: overtimeDecisions.at,
      })
      .from(overtimeDecisions)
      .innerJoin(users, eq(users.id, overtimeDecisions.user_id))
      .where(eq(overtimeDecisions.session_id, visitId))
      .orderBy(asc(overtimeDecisions.at), asc(overtimeDecisions.id));
  }

  /**
   * Inside a sale: the overtime lines of these visits, each closed, in the sale's branch, with a fee
   * still due. Locked until the sale commits, so the same overtime is never billed twice.
   */
  async overtimeItems(tx: Tx, branchId: number, visitIds: number[]) {
    if (visitIds.length === 0) return [];
    const ids = [...new Set(visitIds)].sort((a, b) => a - b);
    const locked = await tx
      .select({ id: kidVisits.id })
      .from(kidVisits)
      .where(inArray(kidVisits.id, ids))
      .orderBy(asc(kidVisits.id))
      .for('update');
    if (locked.length !== ids.length) throw new AppError('NOT_FOUND');
    const rows = await tx
      .select({
        id: kidVisits.id,
        kid_id: kidVisits.kid_id,
        kid_name_en: kids.name_en,
        kid_name_ar: kids.name_ar,
        branch_id: kidVisits.branch_id,
        checkout_at: kidVisits.checkout_at,
        billed_sale_id: kidVisits.billed_sale_id,
        fee_decision: kidVisits.fee_decision,
        overtime_hours: kidVisits.overtime_hours,
        overtime_fee: kidVisits.overtime_fee,
        included: packages.included,
        rate_bp: taxes.rate_bp,
      })
      .from(kidVisits)
      .innerJoin(kids, eq(kids.id, kidVisits.kid_id))
      .innerJoin(subscriptions, eq(subscriptions.id, kidVisits.subscription_id))
      .innerJoin(packages, eq(packages.id, subscriptions.package_id))
      .innerJoin(taxes, eq(taxes.id, packages.tax_id))
      .where(inArray(kidVisits.id, ids));
    return rows.map((r) => {
      if (r.branch_id !== branchId) throw new AppError('NOT_FOUND');
      if (r.checkout_at === null || r.billed_sale_id !== null || r.fee_decision === 'forgiven' || !r.overtime_fee)
        throw fieldRefused('overtime_session_id');
      return {
        session_id: r.id,
        kid_id: r.kid_id,
        name_en: `Overtime ${r.overtime_hours} h · ${r.kid_name_en}`,
        name_ar: `وقت إضافي ${r.overtime_hours} س · ${r.kid_name_ar}`,
        price: r.overtime_fee,
        included: r.included,
        rate_bp: r.rate_bp,
      };
    });
  }

  /** A cancelled invoice's overtime is due again. */
  async unbill(tx: Tx, saleId: number) {
    await tx.update(kidVisits).set({ billed_sale_id: null }).where(eq(kidVisits.billed_sale_id, saleId));
  }

  /** Each kid's latest visit; `onlyDue` keeps those with overtime still to pay. */
  private async latest(ctx: AuthenticatedContext, kidIds: number[], onlyDue: boolean) {
    const rows = await visitRows(this.db)
      .where(and(inArray(kidVisits.kid_id, kidIds), inDataBranch(ctx, kidVisits.branch_id)))
      .orderBy(desc(kidVisits.checkin_at), desc(kidVisits.id));
    const now = new Date();
    const bills = kidIds.flatMap((kidId) => {
      const row = rows.find((r) => r.kid_id === kidId);
      return row ? [present(row, now)] : [];
    });
    return onlyDue ? bills.filter((b) => b.due > 0) : bills;
  }

  private async visitOfKid(ctx: AuthenticatedContext, kidId: number, visitId: number | undefined) {
    if (visitId !== undefined) {
      const bill = await this.bill(ctx, visitId);
      if (bill.kid_id !== kidId) throw new AppError('NOT_FOUND');
      return bill;
    }
    const [bill] = await this.latest(ctx, [kidId], false);
    if (!bill) throw new AppError('NOT_FOUND');
    return bill;
  }

  /**
   * The parent confirms what these visits owe with their one-time code (INVALID_OTP when wrong); the
   * visits owing are marked confirmed. One parent's kids only.
   */
  private async confirmByParent(ctx: AuthenticatedContext, kidIds: number[], bills: Visit[], otp: string) {
    // Every kid asked for has a visit, and they are all one parent's: the code is that parent's.
    if (bills.length !== new Set(kidIds).size || new Set(bills.map((b) => b.parent_id)).size !== 1)
      throw fieldRefused('kids');
    await this.otp.verify(ctx, { id: bills[0]!.parent_id, mobile: bills[0]!.mobile, otp });
    const owing = bills.filter((b) => b.due > 0).map((b) => b.id);
    if (owing.length)
      await this.db
        .update(kidVisits)
        .set({ overtime_confirmed_at: new Date() })
        .where(and(inArray(kidVisits.id, owing), inDataBranch(ctx, kidVisits.branch_id)));
    return visitsByIds(
      this.db,
      bills.map((b) => b.id),
    );
  }
}
