import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { kids, parents, sales, subscriptions } from '../../db/schema';
import { AppError } from '../../http/errors';
import { containing, pageOf } from '../../http/results';
import { inDataBranch } from '../which-branch';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import type { SubscriptionRecord } from '../../../shared/api/subscriptions';
import type { BranchLocales } from '../branches/locales';
import { freeze, nextStart, periodFrom, rechain, resume, statusOn } from '../../../shared/domain/subscription';

/** What a subscription's status on a day is reckoned from (`statusOn`). */
export const statusColumns = {
  state: subscriptions.state,
  start_date: subscriptions.start_date,
  end_date: subscriptions.end_date,
  frozen_at: subscriptions.frozen_at,
  freeze_days: subscriptions.freeze_days,
};

const columns = {
  id: subscriptions.id,
  kid_id: subscriptions.kid_id,
  kid_name_en: kids.name_en,
  kid_name_ar: kids.name_ar,
  parent_id: kids.parent_id,
  package_id: subscriptions.package_id,
  sale_id: subscriptions.sale_id,
  invoice_no: sales.invoice_no,
  branch_id: subscriptions.branch_id,
  name_en: subscriptions.name_en,
  name_ar: subscriptions.name_ar,
  ...statusColumns,
  daily_limits: subscriptions.daily_limits,
  margin_minutes: subscriptions.margin_minutes,
  created_at: subscriptions.created_at,
};

/** What a package line of a sale buys: this package for each of these kids. */
export interface PackagePurchase {
  package: {
    id: number;
    name_en: string;
    name_ar: string;
    validity_days: number;
    daily_limits: number;
    margin_minutes: string;
    overtime_price: number;
  };
  kidIds: number[];
}

/**
 * Subscriptions: created by a sale, frozen, resumed and cancelled here. Every change to one kid's
 * subscriptions locks that kid's row first, so two tills cannot lay two subscriptions on the same days.
 */
export class SubscriptionService {
  constructor(
    private readonly db: Db,
    private readonly locales: BranchLocales,
  ) {}

  /**
   * Inside the sale's transaction, before it writes: the kids locked, and one new subscription per kid
   * after whatever the kid already has (the sale's own statement writes them, with its id).
   * `soldOn`: a sale already made (offline) on that day of the branch, which a kid deleted since still gets.
   */
  async planForSale(tx: Tx, branchId: number, purchases: PackagePurchase[], soldOn?: string) {
    const kidIds = [...new Set(purchases.flatMap((p) => p.kidIds))].sort((a, b) => a - b);
    // The selling branch's day: a package bought at 00:30 in Riyadh starts that day, whatever the server's clock says.
    const today = soldOn ?? (await this.locales.today(branchId));
    if (kidIds.length === 0) return { rows: [], today };
    const found = await tx
      .select({ id: kids.id })
      .from(kids)
      .where(and(inArray(kids.id, kidIds), soldOn === undefined ? isNull(kids.deleted_at) : undefined))
      .orderBy(asc(kids.id))
      .for('update');
    if (found.length !== kidIds.length) throw new AppError('NOT_FOUND');
    const existing: Pick<Row, 'kid_id' | keyof typeof statusColumns>[] = await tx
      .select({ kid_id: subscriptions.kid_id, ...statusColumns })
      .from(subscriptions)
      .where(and(inArray(subscriptions.kid_id, kidIds), ne(subscriptions.state, 'CANCELLED')));
    const rows = [];
    for (const purchase of purchases) {
      for (const kidId of purchase.kidIds) {
        const row = {
          kid_id: kidId,
          package_id: purchase.package.id,
          branch_id: branchId,
          name_en: purchase.package.name_en,
          name_ar: purchase.package.name_ar,
          ...periodFrom(
            nextStart(
              existing.filter((s) => s.kid_id === kidId),
              today,
            ),
            purchase.package.validity_days,
          ),
          daily_limits: purchase.package.daily_limits,
          margin_minutes: purchase.package.margin_minutes,
          overtime_price: purchase.package.overtime_price,
        };
        existing.push({ ...row, state: 'ACTIVE', frozen_at: null, freeze_days: 0 });
        rows.push(row);
      }
    }
    return { rows, today };
  }

  /** The subscriptions a sale created, as the sale answer shows them. */
  async ofSale(db: Tx | Db, saleId: number) {
    const rows = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.sale_id, saleId))
      .orderBy(asc(subscriptions.id));
    const today = await this.locales.today(rows[0]?.branch_id);
    return rows.map((s) => summary(s, today));
  }

  /** Inside a cancellation: the sale's subscriptions end, and the kids' waiting ones move up. */
  async cancelForSale(tx: Tx, saleId: number): Promise<void> {
    const rows = await tx
      .select({ kid_id: subscriptions.kid_id, branch_id: subscriptions.branch_id })
      .from(subscriptions)
      .where(eq(subscriptions.sale_id, saleId));
    await this.cancelWhere(tx, rows, eq(subscriptions.sale_id, saleId));
  }

  async page(ctx: AuthenticatedContext, { page, perPage, q }: ParsedRequestOf<'subscription/pagelist'>) {
    const mobile = q ? await this.locales.mobileStarts(ctx, parents.mobile, q) : undefined;
    const where = and(
      inDataBranch(ctx, subscriptions.branch_id),
      or(containing(q, kids.name_en, kids.name_ar, parents.name_en, parents.name_ar, parents.mobile), mobile),
    );
    const [rows, [total]] = await Promise.all([
      this.rows()
        .where(where)
        .orderBy(desc(subscriptions.created_at), desc(subscriptions.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db
        .select({ n: count() })
        .from(subscriptions)
        .innerJoin(kids, eq(kids.id, subscriptions.kid_id))
        .innerJoin(parents, eq(parents.id, kids.parent_id))
        .where(where),
    ]);
    return pageOf(await this.withStatuses(rows), total?.n ?? 0, page, perPage);
  }

  async ofKid(ctx: AuthenticatedContext, kidId: number): Promise<SubscriptionRecord[]> {
    const rows = await this.rows()
      .where(and(inDataBranch(ctx, subscriptions.branch_id), eq(subscriptions.kid_id, kidId)))
      .orderBy(desc(subscriptions.start_date), desc(subscriptions.id));
    return this.withStatuses(rows);
  }

  /** Each subscription's status on its own branch's day. */
  private withStatuses<T extends Parameters<typeof statusOn>[0] & { branch_id: number }>(rows: T[]) {
    return Promise.all(rows.map(async (r) => withStatus(r, await this.locales.today(r.branch_id))));
  }

  /** Freezes for `days`, or resumes when `days` is null; the kid's waiting subscriptions follow. */
  async freeze(ctx: AuthenticatedContext, id: number, days: number | null): Promise<SubscriptionRecord> {
    await this.db.transaction(async (tx) => {
      const sub = await this.lockOne(tx, ctx, id);
      const today = await this.locales.today(sub.branch_id);
      const result = days === null ? resume(sub, today) : freeze(sub, days, today);
      if (!result.ok) {
        if (result.key === 'FREEZE_DAYS_NOT_VALID') throw new AppError('FREEZE_DAYS_NOT_VALID');
        throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'id', message: 'FIELD_INVALID' }] });
      }
      await tx.update(subscriptions).set(result.change).where(eq(subscriptions.id, id));
      await this.rechainKid(tx, sub.kid_id, today);
    });
    return this.one(ctx, id);
  }

  /** Cancels one subscription, or every one a sale bought. */
  async remove(ctx: AuthenticatedContext, { id, sale_id }: ParsedRequestOf<'subscription/delete'>): Promise<null> {
    await this.db.transaction(async (tx) => {
      const target = id !== undefined ? eq(subscriptions.id, id) : eq(subscriptions.sale_id, sale_id!);
      const rows = await tx
        .select({ kid_id: subscriptions.kid_id, branch_id: subscriptions.branch_id })
        .from(subscriptions)
        .where(and(target, inDataBranch(ctx, subscriptions.branch_id), ne(subscriptions.state, 'CANCELLED')));
      if (rows.length === 0) throw new AppError('NOT_FOUND');
      await this.cancelWhere(tx, rows, and(target, inDataBranch(ctx, subscriptions.branch_id)));
    });
    return null;
  }

  /** Cancels the target subscriptions (these kids', in these branches); each kid's waiting ones move up on its branch's day. */
  private async cancelWhere(tx: Tx, cancelled: { kid_id: number; branch_id: number }[], target: SQL | undefined) {
    if (cancelled.length === 0) return;
    const kidIds = [...new Set(cancelled.map((c) => c.kid_id))].sort((a, b) => a - b);
    await tx.select({ id: kids.id }).from(kids).where(inArray(kids.id, kidIds)).orderBy(asc(kids.id)).for('update');
    await tx.update(subscriptions).set({ state: 'CANCELLED', frozen_at: null }).where(target);
    for (const kidId of kidIds)
      await this.rechainKid(tx, kidId, await this.locales.today(cancelled.find((c) => c.kid_id === kidId)!.branch_id));
  }

  private async rechainKid(tx: Tx, kidId: number, today: string) {
    const subs = await tx.select().from(subscriptions).where(eq(subscriptions.kid_id, kidId));
    for (const [subId, period] of rechain(subs, today))
      await tx.update(subscriptions).set(period).where(eq(subscriptions.id, subId));
  }

  private async lockOne(tx: Tx, ctx: AuthenticatedContext, id: number) {
    const [owner] = await tx
      .select({ kid_id: subscriptions.kid_id })
      .from(subscriptions)
      .where(and(eq(subscriptions.id, id), inDataBranch(ctx, subscriptions.branch_id)));
    if (!owner) throw new AppError('NOT_FOUND');
    await tx.select({ id: kids.id }).from(kids).where(eq(kids.id, owner.kid_id)).for('update');
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id));
    return sub!;
  }

  private async one(ctx: AuthenticatedContext, id: number): Promise<SubscriptionRecord> {
    const [row] = await this.rows().where(and(eq(subscriptions.id, id), inDataBranch(ctx, subscriptions.branch_id)));
    if (!row) throw new AppError('NOT_FOUND');
    return withStatus(row, await this.locales.today(row.branch_id));
  }

  /** Subscriptions with their kid, parent and invoice. */
  private rows() {
    return this.db
      .select(columns)
      .from(subscriptions)
      .innerJoin(kids, eq(kids.id, subscriptions.kid_id))
      .innerJoin(parents, eq(parents.id, kids.parent_id))
      .innerJoin(sales, eq(sales.id, subscriptions.sale_id));
  }
}

type Row = typeof subscriptions.$inferSelect;

/** A subscription as a sale's answer shows it. */
export function summary(s: Pick<Row, 'id' | 'kid_id' | 'package_id' | keyof typeof statusColumns>, today: string) {
  return {
    id: s.id,
    kid_id: s.kid_id,
    package_id: s.package_id,
    start_date: s.start_date,
    end_date: s.end_date,
    status: statusOn(s, today),
  };
}

function withStatus<T extends Parameters<typeof statusOn>[0]>(row: T, today: string) {
  const { state: _state, ...rest } = row;
  return { ...rest, status: statusOn(row, today) };
}
