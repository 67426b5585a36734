import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { branches, kidSessions, kids, overtimeDecisions, packages, parents, subscriptions, taxes, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { branchScope, isAdministrator, isUniqueViolation, pageOf } from '../../http/scope';
import type { RequestContext } from '../../http/context';
import { runOnce } from '../../http/idempotency';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import { abilityFor } from '../../../shared/permissions';
import { allowedMs, overtimeFee, sessionTime } from '../../../shared/domain/session-time';
import { statusOn } from '../../../shared/domain/subscription';
import type { BranchLocales } from '../branches/locales';
import type { TaxMode } from '../../../shared/domain/money';

const columns = {
  id: kidSessions.id,
  session_id: kidSessions.id,
  kid_id: kidSessions.kid_id,
  kid_name_en: kids.name_en,
  kid_name_ar: kids.name_ar,
  parent_id: kidSessions.parent_id,
  parent_name_en: parents.name_en,
  parent_name_ar: parents.name_ar,
  mobile: parents.mobile,
  branch_id: kidSessions.branch_id,
  badge: kidSessions.badge,
  checkin_at: kidSessions.checkin_at,
  checkout_at: kidSessions.checkout_at,
  medical_notes: kids.medical_notes,
  banned: kids.banned,
  vip: kids.vip,
  daily_limits: kidSessions.daily_limits,
  margin_minutes: kidSessions.margin_minutes,
  overtime_price: kidSessions.overtime_price,
  overtime_hours: kidSessions.overtime_hours,
  overtime_fee: kidSessions.overtime_fee,
  fee_decision: kidSessions.fee_decision,
  billed_sale_id: kidSessions.billed_sale_id,
  confirmed_at: kidSessions.overtime_confirmed_at,
  rate_bp: taxes.rate_bp,
  included: sql<TaxMode>`${packages.included}`,
};
/** Visits with their kid and parent. */
const sessionRows = (db: Db | Tx) =>
  db
    .select(columns)
    .from(kidSessions)
    .innerJoin(kids, eq(kids.id, kidSessions.kid_id))
    .innerJoin(parents, eq(parents.id, kidSessions.parent_id))
    .innerJoin(subscriptions, eq(subscriptions.id, kidSessions.subscription_id))
    .innerJoin(packages, eq(packages.id, subscriptions.package_id))
    .innerJoin(taxes, eq(taxes.id, packages.tax_id));
type Row = Awaited<ReturnType<typeof sessionRows>>[number];

/** A visit with its time: live while the kid is inside, fixed from check-out on. */
function present(row: Row, now = new Date()) {
  const { overtime_hours, overtime_fee, ...rest } = row;
  const { daily_limits, margin_minutes } = row;
  const open = row.checkout_at === null;
  const live = sessionTime({ checkinAt: row.checkin_at, dailyLimits: daily_limits, marginMinutes: margin_minutes }, open ? now : row.checkout_at!);
  const hours = open ? live.overtimeHours : (overtime_hours ?? 0);
  const fee = open ? overtimeFee(hours, row.overtime_price) : (overtime_fee ?? 0);
  const settled = open || row.billed_sale_id !== null || row.fee_decision === 'forgiven';
  return { ...rest, allowed_ms: allowedMs(daily_limits, margin_minutes), pending_ms: live.pendingMs, overtime_hours: hours, overtime_fee: fee, due: settled ? 0 : fee };
}

type Visit = ReturnType<typeof present>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const invalid = (path: string) => new AppError('VALIDATION_FAILED', { errors: [{ path, message: 'FIELD_INVALID' }] });

/**
 * Kids' visits: check-in on a badge and an active subscription, check-out that fixes the overtime,
 * the live list, overtime bills and the manager's decisions on them.
 */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly locales: BranchLocales,
  ) {}

  async checkin(ctx: RequestContext, input: ParsedRequestOf<'parent/kids/checkin'>) {
    const branchId = await this.branchOf(ctx, input.branch_id);
    const kidIds = [...new Set(input.kidsList)].sort((a, b) => a - b);
    const found = await this.db
      .select({ id: kids.id, banned: kids.banned })
      .from(kids)
      .where(and(inArray(kids.id, kidIds), eq(kids.parent_id, input.parent_id), isNull(kids.deleted_at)));
    if (found.length !== kidIds.length) throw new AppError('NOT_FOUND');
    if (found.some((k) => k.banned)) {
      if (!input.override_banned) throw new AppError('KID_BANNED');
      if (!abilityFor(ctx.user).can('delete', 'FrontDesk')) throw new AppError('NOT_AUTHORISED');
    }
    const plans = await this.activeSubscriptions(kidIds, branchId);
    try {
      // A check-in retried with its Idempotency-Key (the answer was lost) answers the first one.
      return await runOnce<Visit[]>(this.db, ctx, {
        endpoint: 'parent/kids/checkin',
        request: input,
        idsOf: (visits) => visits.map((v) => v.id),
        replay: (ids) => this.byIds(ids),
        run: async (tx) => {
        // Two tills handing out the same badge at once: the second waits here, then sees the first.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`badge:${branchId}:${input.badge.toLowerCase()}`}))`);
        const open = await tx
          .select({ kid_id: kidSessions.kid_id, badge: kidSessions.badge })
          .from(kidSessions)
          .where(and(isNull(kidSessions.checkout_at), or(inArray(kidSessions.kid_id, kidIds), and(eq(kidSessions.branch_id, branchId), ilike(kidSessions.badge, escapeLike(input.badge))))));
        if (open.some((s) => kidIds.includes(s.kid_id))) throw new AppError('KID_ALREADY_INSIDE');
        if (open.length > 0) throw new AppError('BADGE_IN_USE');
        const rows = await tx
          .insert(kidSessions)
          .values(
            kidIds.map((kidId) => {
              const sub = plans.get(kidId)!;
              return {
                kid_id: kidId,
                parent_id: input.parent_id,
                subscription_id: sub.id,
                branch_id: branchId,
                badge: input.badge,
                checked_in_by: ctx.user!.id,
                daily_limits: sub.daily_limits,
                margin_minutes: sub.margin_minutes,
                overtime_price: sub.overtime_price,
              };
            }),
          )
          .returning({ id: kidSessions.id });
        return this.byIds(rows.map((r) => r.id), tx);
        },
      });
    } catch (error) {
      // Two tills checking one kid in at once: the one-open-visit index lets only the first through.
      if (isUniqueViolation(error)) throw new AppError('KID_ALREADY_INSIDE');
      throw error;
    }
  }

  /** Closes the kids' open visits and fixes their overtime; every kid must be inside. */
  async checkout(ctx: RequestContext, kidIds: number[]) {
    const wanted = [...new Set(kidIds)];
    const ids = await this.db.transaction(async (tx) => {
      const open = await tx
        .select({ id: kidSessions.id })
        .from(kidSessions)
        .where(and(inArray(kidSessions.kid_id, wanted), isNull(kidSessions.checkout_at), this.scoped(ctx)))
        .orderBy(asc(kidSessions.id))
        .for('update');
      if (open.length !== wanted.length) throw new AppError('KID_SESSION_NOT_ACTIVE');
      for (const { id } of open) await this.close(tx, ctx, id);
      return open.map((s) => s.id);
    });
    return this.byIds(ids);
  }

  async adminCheckout(ctx: RequestContext, { id, kid_id }: ParsedRequestOf<'admin/actions/checkout'>) {
    if (!isAdministrator(ctx)) throw new AppError('NOT_AUTHORISED');
    await this.db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: kidSessions.id })
        .from(kidSessions)
        .where(and(eq(kidSessions.id, id), eq(kidSessions.kid_id, kid_id), isNull(kidSessions.checkout_at)))
        .for('update');
      if (!open) throw new AppError('KID_SESSION_NOT_ACTIVE');
      await this.close(tx, ctx, id);
    });
    return (await this.byIds([id]))[0]!;
  }

  async list(ctx: RequestContext, { page, perPage, branch_id, q }: ParsedRequestOf<'kids/checkedinlist'>) {
    const scope = branchScope(ctx);
    const branch = scope ?? (branch_id === 0 ? null : branch_id);
    const text = q ? `%${escapeLike(q)}%` : null;
    const mobile = q ? await this.locales.mobileStarts(ctx, parents.mobile, q) : undefined;
    const where = and(
      isNull(kidSessions.checkout_at),
      branch === null ? undefined : eq(kidSessions.branch_id, branch),
      text ? or(ilike(kidSessions.badge, text), ilike(kids.name_en, text), ilike(kids.name_ar, text), ilike(parents.mobile, text), mobile) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      this.rows().where(where).orderBy(asc(kidSessions.checkin_at), asc(kidSessions.id)).limit(perPage).offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(kidSessions).innerJoin(kids, eq(kids.id, kidSessions.kid_id)).innerJoin(parents, eq(parents.id, kidSessions.parent_id)).where(where),
    ]);
    const now = new Date();
    return pageOf(rows.map((r) => present(r, now)), total?.n ?? 0, page, perPage);
  }

  /** Open visits' time: of these kids, or of everyone inside the caller's branch. */
  async times(ctx: RequestContext, kidIds: number[] | undefined) {
    const rows = await this.rows().where(and(isNull(kidSessions.checkout_at), this.scoped(ctx), kidIds ? inArray(kidSessions.kid_id, kidIds) : undefined));
    const now = new Date();
    return rows.map((r) => timeOf(present(r, now), now));
  }

  async timeOfKid(ctx: RequestContext, kidId: number, sessionId: number | undefined) {
    const [row] = await this.rows().where(
      and(eq(kidSessions.kid_id, kidId), sessionId === undefined ? isNull(kidSessions.checkout_at) : eq(kidSessions.id, sessionId), this.scoped(ctx)),
    );
    if (!row) throw new AppError('KID_SESSION_NOT_ACTIVE');
    const now = new Date();
    return timeOf(present(row, now), now);
  }

  async bill(ctx: RequestContext, sessionId: number) {
    const [row] = await this.rows().where(and(eq(kidSessions.id, sessionId), this.scoped(ctx)));
    if (!row) throw new AppError('NOT_FOUND');
    return present(row);
  }

  /** Each kid's latest visit; `onlyDue` keeps those with overtime still to pay. */
  async latest(ctx: RequestContext, kidIds: number[], onlyDue: boolean) {
    const rows = await this.rows()
      .where(and(inArray(kidSessions.kid_id, kidIds), this.scoped(ctx)))
      .orderBy(desc(kidSessions.checkin_at), desc(kidSessions.id));
    const now = new Date();
    const bills = kidIds.flatMap((kidId) => {
      const row = rows.find((r) => r.kid_id === kidId);
      return row ? [present(row, now)] : [];
    });
    return onlyDue ? bills.filter((b) => b.due > 0) : bills;
  }

  async paymentOfKid(ctx: RequestContext, kidId: number, sessionId: number | undefined) {
    if (sessionId !== undefined) {
      const bill = await this.bill(ctx, sessionId);
      if (bill.kid_id !== kidId) throw new AppError('NOT_FOUND');
      return bill;
    }
    const [bill] = await this.latest(ctx, [kidId], false);
    if (!bill) throw new AppError('NOT_FOUND');
    return bill;
  }

  /**
   * The parent confirms what these visits owe with their one-time code (checked by `verifyCode`,
   * which throws INVALID_OTP); the visits owing are marked confirmed. One parent's kids only.
   */
  async confirmByParent(
    ctx: RequestContext,
    kidIds: number[],
    bills: ReturnType<typeof present>[],
    otp: string,
    verifyCode: (parentId: number, mobile: string, otp: string) => Promise<unknown>,
  ) {
    // Every kid asked for has a visit, and they are all one parent's: the code is that parent's.
    if (bills.length !== new Set(kidIds).size || new Set(bills.map((b) => b.parent_id)).size !== 1) throw invalid('kids');
    await verifyCode(bills[0]!.parent_id, bills[0]!.mobile, otp);
    const owing = bills.filter((b) => b.due > 0).map((b) => b.id);
    if (owing.length) await this.db.update(kidSessions).set({ overtime_confirmed_at: new Date() }).where(and(inArray(kidSessions.id, owing), this.scoped(ctx)));
    return this.byIds(bills.map((b) => b.id));
  }

  /** A manager edits or forgives a fixed, unbilled fee; the decision is logged with its reason. */
  async decide(ctx: RequestContext, { session_id, action, fee, reason }: ParsedRequestOf<'kids/session/fee'>) {
    await this.db.transaction(async (tx) => {
      const [session] = await tx.select().from(kidSessions).where(and(eq(kidSessions.id, session_id), this.scoped(ctx))).for('update');
      if (!session) throw new AppError('NOT_FOUND');
      if (session.checkout_at === null || session.billed_sale_id !== null) throw invalid('session_id');
      const after = action === 'forgive' ? 0 : fee!;
      await tx.update(kidSessions).set({ overtime_fee: after, fee_decision: action === 'forgive' ? 'forgiven' : 'edited' }).where(eq(kidSessions.id, session_id));
      await tx.insert(overtimeDecisions).values({ session_id, user_id: ctx.user!.id, action, fee_before: session.overtime_fee ?? 0, fee_after: after, reason });
    });
    return this.bill(ctx, session_id);
  }

  async decisions(ctx: RequestContext, sessionId: number) {
    await this.bill(ctx, sessionId);
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
      .where(eq(overtimeDecisions.session_id, sessionId))
      .orderBy(asc(overtimeDecisions.at), asc(overtimeDecisions.id));
  }

  async ofKid(ctx: RequestContext, { kid_id, page, perPage }: ParsedRequestOf<'profile/kid/session'>) {
    const where = and(eq(kidSessions.kid_id, kid_id), this.scoped(ctx));
    const [rows, [total]] = await Promise.all([
      this.rows().where(where).orderBy(desc(kidSessions.checkin_at), desc(kidSessions.id)).limit(perPage).offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(kidSessions).where(where),
    ]);
    const now = new Date();
    return pageOf(rows.map((r) => present(r, now)), total?.n ?? 0, page, perPage);
  }

  /**
   * Inside a sale: the overtime lines of these visits, each closed, in the sale's branch, with a fee
   * still due. Locked until the sale commits, so the same overtime is never billed twice.
   */
  async overtimeItems(tx: Tx, branchId: number, sessionIds: number[]) {
    if (sessionIds.length === 0) return [];
    const ids = [...new Set(sessionIds)].sort((a, b) => a - b);
    const locked = await tx.select({ id: kidSessions.id }).from(kidSessions).where(inArray(kidSessions.id, ids)).orderBy(asc(kidSessions.id)).for('update');
    if (locked.length !== ids.length) throw new AppError('NOT_FOUND');
    const rows = await tx
      .select({
        id: kidSessions.id,
        kid_id: kidSessions.kid_id,
        kid_name_en: kids.name_en,
        kid_name_ar: kids.name_ar,
        branch_id: kidSessions.branch_id,
        checkout_at: kidSessions.checkout_at,
        billed_sale_id: kidSessions.billed_sale_id,
        fee_decision: kidSessions.fee_decision,
        overtime_hours: kidSessions.overtime_hours,
        overtime_fee: kidSessions.overtime_fee,
        included: packages.included,
        rate_bp: taxes.rate_bp,
      })
      .from(kidSessions)
      .innerJoin(kids, eq(kids.id, kidSessions.kid_id))
      .innerJoin(subscriptions, eq(subscriptions.id, kidSessions.subscription_id))
      .innerJoin(packages, eq(packages.id, subscriptions.package_id))
      .innerJoin(taxes, eq(taxes.id, packages.tax_id))
      .where(inArray(kidSessions.id, ids));
    return rows.map((r) => {
      if (r.branch_id !== branchId) throw new AppError('NOT_FOUND');
      if (r.checkout_at === null || r.billed_sale_id !== null || r.fee_decision === 'forgiven' || !r.overtime_fee) throw invalid('overtime_session_id');
      return {
        session_id: r.id,
        kid_id: r.kid_id,
        name_en: `Overtime ${r.overtime_hours} h · ${r.kid_name_en}`,
        name_ar: `وقت إضافي ${r.overtime_hours} س · ${r.kid_name_ar}`,
        price: r.overtime_fee,
        included: r.included as TaxMode,
        rate_bp: r.rate_bp,
      };
    });
  }

  async markBilled(tx: Tx, sessionIds: number[], saleId: number) {
    if (sessionIds.length) await tx.update(kidSessions).set({ billed_sale_id: saleId }).where(inArray(kidSessions.id, sessionIds));
  }

  /** A cancelled invoice's overtime is due again. */
  async unbill(tx: Tx, saleId: number) {
    await tx.update(kidSessions).set({ billed_sale_id: null }).where(eq(kidSessions.billed_sale_id, saleId));
  }

  private async close(tx: Tx, ctx: RequestContext, id: number) {
    const [session] = await tx.select().from(kidSessions).where(eq(kidSessions.id, id));
    const now = new Date();
    const time = sessionTime({ checkinAt: session!.checkin_at, dailyLimits: session!.daily_limits, marginMinutes: session!.margin_minutes }, now);
    await tx
      .update(kidSessions)
      .set({ checkout_at: now, checked_out_by: ctx.user!.id, overtime_hours: time.overtimeHours, overtime_fee: overtimeFee(time.overtimeHours, session!.overtime_price) })
      .where(eq(kidSessions.id, id));
  }

  /** Each kid's subscription good today in this branch (the one ending first); NO_SUBSCRIPTION otherwise. */
  private async activeSubscriptions(kidIds: number[], branchId: number) {
    const today = await this.locales.today(branchId);
    const rows = await this.db
      .select({
        id: subscriptions.id,
        kid_id: subscriptions.kid_id,
        state: subscriptions.state,
        start_date: subscriptions.start_date,
        end_date: subscriptions.end_date,
        frozen_at: subscriptions.frozen_at,
        freeze_days: subscriptions.freeze_days,
        daily_limits: subscriptions.daily_limits,
        margin_minutes: subscriptions.margin_minutes,
        overtime_price: subscriptions.overtime_price,
      })
      .from(subscriptions)
      .innerJoin(packages, eq(packages.id, subscriptions.package_id))
      .where(
        and(inArray(subscriptions.kid_id, kidIds), ne(subscriptions.state, 'CANCELLED'), or(eq(subscriptions.branch_id, branchId), isNull(packages.branch_id))),
      )
      .orderBy(asc(subscriptions.end_date), asc(subscriptions.id));
    const plans = new Map<number, (typeof rows)[number]>();
    for (const kidId of kidIds) {
      const active = rows.find((r) => r.kid_id === kidId && statusOn(r, today) === 'ACTIVE');
      if (!active) throw new AppError('NO_SUBSCRIPTION');
      plans.set(kidId, active);
    }
    return plans;
  }

  private async branchOf(ctx: RequestContext, requested: number | null): Promise<number> {
    const scope = branchScope(ctx);
    if (scope !== null) return scope;
    if (requested === null) throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'branch_id', message: 'FIELD_REQUIRED' }] });
    const [branch] = await this.db.select({ id: branches.id }).from(branches).where(and(eq(branches.id, requested), isNull(branches.deleted_at)));
    if (!branch) throw new AppError('NOT_FOUND');
    return requested;
  }

  /** Inside a transaction (`tx`), its own rows are visible before they are committed. */
  private async byIds(ids: number[], db: Db | Tx = this.db) {
    const rows = await sessionRows(db).where(inArray(kidSessions.id, ids)).orderBy(asc(kidSessions.id));
    const now = new Date();
    return rows.map((r) => present(r, now));
  }

  private scoped(ctx: RequestContext): SQL | undefined {
    const scope = branchScope(ctx);
    return scope === null ? undefined : eq(kidSessions.branch_id, scope);
  }

  private rows() {
    return sessionRows(this.db);
  }
}

function timeOf(bill: ReturnType<typeof present>, now: Date) {
  return {
    kid_id: bill.kid_id,
    session_id: bill.id,
    checkin_at: bill.checkin_at,
    allowed_ms: bill.allowed_ms,
    pending_ms: bill.pending_ms,
    overtime_hours: bill.overtime_hours,
    server_time: now,
  };
}

