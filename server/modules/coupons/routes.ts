import type { HandlersOf } from '../../http/route';
import type * as couponsApi from '../../../shared/api/coupons';
import type { CouponService } from './service';

export function couponRoutes(coupons: CouponService): HandlersOf<typeof couponsApi> {
  return {
    'coupon/pagelist': (body, ctx) => coupons.list(ctx, body),
    'coupon/create': (body, ctx) => coupons.create(ctx, body),
    'coupon/delete': (body, ctx) => coupons.remove(ctx, body.id),
    'sale/coupon': (body, ctx) => coupons.check(ctx, body),
  };
}
