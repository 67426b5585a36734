import { endpointsPlugin } from '../../http/route';
import * as couponsApi from '../../../shared/api/coupons';
import type { CouponService } from './service';

export function couponRoutes(coupons: CouponService) {
  return endpointsPlugin(couponsApi, {
    'coupon/pagelist': (body, ctx) => coupons.list(ctx, body),
    'coupon/create': (body, ctx) => coupons.create(ctx, body),
    'coupon/delete': (body, ctx) => coupons.remove(ctx, body.id),
    'sale/coupon': (body, ctx) => coupons.check(ctx, body),
  });
}
