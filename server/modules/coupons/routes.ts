import type { Handlers } from '../../http/route';
import type { CouponService } from './service';

export function couponRoutes(coupons: CouponService): Pick<Handlers, 'coupon/pagelist' | 'coupon/create' | 'coupon/delete' | 'sale/coupon'> {
  return {
    'coupon/pagelist': (body, ctx) => coupons.list(ctx, body),
    'coupon/create': (body, ctx) => coupons.create(ctx, body),
    'coupon/delete': (body, ctx) => coupons.remove(ctx, body.id),
    'sale/coupon': (body, ctx) => coupons.check(ctx, body),
  };
}
