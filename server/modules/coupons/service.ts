import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema';
import { editableBy, itemBranch, visibleTo, workBranch } from '../which-branch';
import { AppError } from '../../http/errors';
import { containing, isUniqueViolation, pageOf } from '../../http/results';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import { checkCoupon } from '../../../shared/domain/coupon';

const columns = {
  id: coupons.id,
  code: coupons.code,
  type: coupons.type,
  value: coupons.value,
  min_cart_value: coupons.min_cart_value,
  use_limit: coupons.use_limit,
  used: coupons.used,
  valid_from: coupons.valid_from,
  valid_to: coupons.valid_to,
  branch_id: coupons.branch_id,
};

/** Coupons: branch-bound like everything else; a coupon without a branch is valid in every branch. */
export class CouponService {
  constructor(private readonly db: Db) {}

  async list(ctx: AuthenticatedContext, { page, perPage, q }: ParsedRequestOf<'coupon/pagelist'>) {
    const where = visibleTo(ctx, coupons, containing(q, coupons.code));
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(coupons)
        .where(where)
        .orderBy(asc(coupons.code))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(coupons).where(where),
    ]);
    return pageOf(rows, total?.n ?? 0, page, perPage);
  }

  async create(ctx: AuthenticatedContext, input: ParsedRequestOf<'coupon/create'>) {
    const branch_id = await itemBranch(this.db, ctx, input.branch_id);
    try {
      const [row] = await this.db
        .insert(coupons)
        .values({ ...input, branch_id })
        .returning(columns);
      return row!;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EXISTS');
      throw error;
    }
  }

  async remove(ctx: AuthenticatedContext, id: number): Promise<null> {
    const [row] = await this.db
      .update(coupons)
      .set({ deleted_at: new Date() })
      .where(editableBy(ctx, coupons, id))
      .returning({ id: coupons.id });
    if (!row) throw new AppError('NOT_FOUND');
    return null;
  }

  /** The till's check of a code against its cart, in the caller's branch; nothing is counted yet. */
  async check(ctx: AuthenticatedContext, { coupon, cart_total }: ParsedRequestOf<'sale/coupon'>) {
    const [row] = await this.db
      .select(columns)
      .from(coupons)
      .where(and(isNull(coupons.deleted_at), eq(coupons.code, coupon)));
    const result = checkCoupon(row ?? null, { total: cart_total, branchId: workBranch(ctx), now: new Date() });
    if (!result.ok) throw new AppError(result.key);
    return { coupon_id: row!.id, type: row!.type, discount: result.discount };
  }
}
