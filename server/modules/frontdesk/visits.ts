import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { kidVisits, kids, packages, parents, subscriptions } from '../../db/schema';
import { AppError } from '../../http/errors';
import { containing, escapeLike, isUniqueViolation, pageOf } from '../../http/results';
import type { AuthenticatedContext, OnceContext } from '../../http/context';
import { runOnce } from '../../http/idempotency';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import { abilityFor, mayOverrideBan } from '../../../shared/permissions';
import { overtimeFee, visitTime } from '../../../shared/domain/visit-time';
import { statusOn } from '../../../shared/domain/subscription';
import type { BranchLocales } from '../branches/locales';
import { statusColumns } from '../subscriptions/service';
import { commandBranch, dataBranch, inDataBranch, isAdministrator } from '../which-branch';
import { present, visitRows, timeOf, visitsByIds, type Visit } from './visit-rows';
import { leaveRoom } from '../rooms/room-rows';

/** Kids' visits: check-in on a badge and an active subscription, check-out that fixes the overtime, the lists. */
export class VisitService {
  constructor(
    private readonly db: Db,
    private readonly locales: BranchLocales,
  ) {}

  async checkin(
    ctx: AuthenticatedContext & OnceContext<'parent/kids/checkin'>,
    input: ParsedRequestOf<'parent/kids/checkin'>,
  ) {
    const branchId = await commandBranch(this.db, ctx, input.branch_id, 'branch_id');
    const kidIds = [...new Set(input.kidsList)].sort((a, b) => a - b);
    const found = await this.db
      .select({ id: kids.id, banned: kids.banned })
      .from(kids)
      .where(and(inArray(kids.id, kidIds), eq(kids.parent_id, input.parent_id), isNull(kids.deleted_at)));
    if (found.length !== kidIds.length) throw new AppError('NOT_FOUND');
    if (found.some((k) => k.banned)) {
      if (!input.override_banned) throw new AppError('KID_BANNED');
      if (!mayOverrideBan(abilityFor(ctx.user))) throw new AppError('NOT_AUTHORISED');
    }
    const plans = await this.activeSubscriptions(kidIds, branchId);
    try {
      // A check-in retried with its Idempotency-Key (the answer was lost) answers the first one.
      return await runOnce<Visit[]>(this.db, ctx, {
        idsOf: (visits) => visits.map((v) => v.id),
        replay: (ids) => visitsByIds(this.db, ids),
        run: async (tx) => {
          // Two tills handing out the same badge at once: the second waits here, then sees the first.
          await tx.execute(
            sql`select pg_advisory_xact_lock(hashtext(${`badge:${branchId}:${input.badge.toLowerCase()}`}))`,
          );
          const open = await tx
            .select({ kid_id: kidVisits.kid_id, badge: kidVisits.badge })
            .from(kidVisits)
            .where(
              and(
                isNull(kidVisits.checkout_at),
                or(
                  inArray(kidVisits.kid_id, kidIds),
                  and(eq(kidVisits.branch_id, branchId), ilike(kidVisits.badge, escapeLike(input.badge))),
                ),
              ),
            );
          if (open.some((s) => kidIds.includes(s.kid_id))) throw new AppError('KID_ALREADY_INSIDE');
          if (open.length > 0) throw new AppError('BADGE_IN_USE');
          const rows = await tx
            .insert(kidVisits)
            .values(
              kidIds.map((kidId) => {
                const sub = plans.get(kidId)!;
                return {
                  kid_id: kidId,
                  parent_id: input.parent_id,
                  subscription_id: sub.id,
                  branch_id: branchId,
                  badge: input.badge,
                  checked_in_by: ctx.user.id,
                  daily_limits: sub.daily_limits,
                  margin_minutes: sub.margin_minutes,
                  overtime_price: sub.overtime_price,
                };
              }),
            )
            .returning({ id: kidVisits.id });
          return visitsByIds(
            tx,
            rows.map((r) => r.id),
          );
        },
      });
    } catch (error) {
      // Two tills checking one kid in at once: the one-open-visit index lets only the first through.
      if (isUniqueViolation(error)) throw new AppError('KID_ALREADY_INSIDE');
      throw error;
    }
  }

  /** Closes the kids' open visits and fixes their overtime; every kid must be inside. */
  async checkout(ctx: AuthenticatedContext, kidIds: number[]) {
    const wanted = [...new Set(kidIds)];
    const ids = await this.db.transaction(async (tx) => {
      const open = await tx
        .select({ id: kidVisits.id })
        .from(kidVisits)
        .where(
          and(inArray(kidVisits.kid_id, wanted), isNull(kidVisits.checkout_at), inDataBranch(ctx, kidVisits.branch_id)),
        )
        .orderBy(asc(kidVisits.id))
        .for('update');
      if (open.length !== wanted.length) throw new AppError('KID_SESSION_NOT_ACTIVE');
      for (const { id } of open) await this.close(tx, ctx, id);
      return open.map((s) => s.id);
    });
    return visitsByIds(this.db, ids);
  }

  async adminCheckout(ctx: AuthenticatedContext, { id, kid_id }: ParsedRequestOf<'admin/actions/checkout'>) {
    if (!isAdministrator(ctx)) throw new AppError('NOT_AUTHORISED');
    await this.db.transaction(async (tx) => {
      const [open] = await tx
        .select({ id: kidVisits.id })
        .from(kidVisits)
        .where(and(eq(kidVisits.id, id), eq(kidVisits.kid_id, kid_id), isNull(kidVisits.checkout_at)))
        .for('update');
      if (!open) throw new AppError('KID_SESSION_NOT_ACTIVE');
      await this.close(tx, ctx, id);
    });
    return (await visitsByIds(this.db, [id]))[0]!;
  }

  async list(ctx: AuthenticatedContext, { page, perPage, branch_id, q }: ParsedRequestOf<'kids/checkedinlist'>) {
    const scope = dataBranch(ctx);
    const branch = scope ?? (branch_id === 0 ? null : branch_id);
    const mobile = q ? await this.locales.mobileStarts(ctx, parents.mobile, q) : undefined;
    const where = and(
      isNull(kidVisits.checkout_at),
      branch === null ? undefined : eq(kidVisits.branch_id, branch),
      or(containing(q, kidVisits.badge, kids.name_en, kids.name_ar, parents.mobile), mobile),
    );
    const [rows, [total]] = await Promise.all([
      visitRows(this.db)
        .where(where)
        .orderBy(asc(kidVisits.checkin_at), asc(kidVisits.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db
        .select({ n: count() })
        .from(kidVisits)
        .innerJoin(kids, eq(kids.id, kidVisits.kid_id))
        .innerJoin(parents, eq(parents.id, kidVisits.parent_id))
        .where(where),
    ]);
    const now = new Date();
    return pageOf(
      rows.map((r) => present(r, now)),
      total?.n ?? 0,
      page,
      perPage,
    );
  }

  /** Open visits' time: of these kids, or of everyone inside the caller's branch. */
  async times(ctx: AuthenticatedContext, kidIds: number[] | undefined) {
    const rows = await visitRows(this.db).where(
      and(
        isNull(kidVisits.checkout_at),
        inDataBranch(ctx, kidVisits.branch_id),
        kidIds ? inArray(kidVisits.kid_id, kidIds) : undefined,
      ),
    );
    const now = new Date();
    return rows.map((r) => timeOf(present(r, now), now));
  }

  async timeOfKid(ctx: AuthenticatedContext, kidId: number, visitId: number | undefined) {
    const [row] = await visitRows(this.db).where(
      and(
        eq(kidVisits.kid_id, kidId),
        visitId === undefined ? isNull(kidVisits.checkout_at) : eq(kidVisits.id, visitId),
        inDataBranch(ctx, kidVisits.branch_id),
      ),
    );
    if (!row) throw new AppError('KID_SESSION_NOT_ACTIVE');
    const now = new Date();
    return timeOf(present(row, now), now);
  }

  async ofKid(ctx: AuthenticatedContext, { kid_id, page, perPage }: ParsedRequestOf<'profile/kid/session'>) {
    const where = and(eq(kidVisits.kid_id, kid_id), inDataBranch(ctx, kidVisits.branch_id));
    const [rows, [total]] = await Promise.all([
      visitRows(this.db)
        .where(where)
        .orderBy(desc(kidVisits.checkin_at), desc(kidVisits.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(kidVisits).where(where),
    ]);
    const now = new Date();
    return pageOf(
      rows.map((r) => present(r, now)),
      total?.n ?? 0,
      page,
      perPage,
    );
  }

  private async close(tx: Tx, ctx: AuthenticatedContext, id: number) {
    const [visit] = await tx.select().from(kidVisits).where(eq(kidVisits.id, id));
    const now = new Date();
    const time = visitTime(
      { checkinAt: visit!.checkin_at, dailyLimits: visit!.daily_limits, marginMinutes: visit!.margin_minutes },
      now,
    );
    await tx
      .update(kidVisits)
      .set({
        checkout_at: now,
        checked_out_by: ctx.user.id,
        overtime_hours: time.overtimeHours,
        overtime_fee: overtimeFee(time.overtimeHours, visit!.overtime_price),
      })
      .where(eq(kidVisits.id, id));
    // Out of the premises is out of any room.
    await leaveRoom(tx, visit!.kid_id, ctx.user.id);
  }

  /** Each kid's subscription good today in this branch (the one ending first); NO_SUBSCRIPTION otherwise. */
  private async activeSubscriptions(kidIds: number[], branchId: number) {
    const today = await this.locales.today(branchId);
    const rows = await this.db
      .select({
        id: subscriptions.id,
        kid_id: subscriptions.kid_id,
        ...statusColumns,
        daily_limits: subscriptions.daily_limits,
        margin_minutes: subscriptions.margin_minutes,
        overtime_price: subscriptions.overtime_price,
      })
      .from(subscriptions)
      .innerJoin(packages, eq(packages.id, subscriptions.package_id))
      .where(
        and(
          inArray(subscriptions.kid_id, kidIds),
          ne(subscriptions.state, 'CANCELLED'),
          or(eq(subscriptions.branch_id, branchId), isNull(packages.branch_id)),
        ),
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
}
