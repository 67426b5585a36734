import type { ErrorKey } from '../api/keys';
import { divideHalfUp } from './money';

/** What a coupon promises (spec 9: amount or percent, minimum cart value, use limit, validity, branch). */
export interface CouponTerms {
  type: 'amount' | 'percent';
  /** Minor units for `amount`; whole percent (1–100) for `percent`. */
  value: number;
  min_cart_value: number;
  use_limit: number | null;
  used: number;
  valid_from: Date | null;
  valid_to: Date | null;
  branch_id: number | null;
}

export type CouponCheck = { ok: true; discount: number } | { ok: false; key: ErrorKey };

/**
 * Whether a coupon applies to a cart, and the discount it gives. The server applies exactly this
 * rule when it sells, so the till's preview and the invoice agree.
 */
export function checkCoupon(
  coupon: CouponTerms | null,
  cart: { total: number; branchId: number | null; now: Date },
): CouponCheck {
  if (!coupon) return { ok: false, key: 'COUPON_NOT_FOUND' };
  const now = cart.now.getTime();
  if (
    (coupon.valid_from && now < coupon.valid_from.getTime()) ||
    (coupon.valid_to && now > coupon.valid_to.getTime())
  ) {
    return { ok: false, key: 'COUPON_EXPIRED' };
  }
  if (coupon.branch_id !== null && coupon.branch_id !== cart.branchId)
    return { ok: false, key: 'COUPON_NOT_FOR_THIS_BRANCH' };
  if (coupon.use_limit !== null && coupon.used >= coupon.use_limit)
    return { ok: false, key: 'COUPON_USE_LIMIT_EXHAUSTED' };
  if (cart.total < coupon.min_cart_value) return { ok: false, key: 'LESS_CART_VALUE' };
  const discount =
    coupon.type === 'amount' ? coupon.value : Number(divideHalfUp(BigInt(cart.total) * BigInt(coupon.value), 100n));
  if (discount > cart.total) return { ok: false, key: 'CART_LESS_THAN_DISCOUNT' };
  return { ok: true, discount };
}
