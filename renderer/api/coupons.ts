import { api, mutation, query } from './base';

export const { useCouponPageQuery, useCouponCreateMutation, useCouponDeleteMutation, useCouponCheckMutation } =
  api.injectEndpoints({
    endpoints: (build) => ({
      couponPage: query(build, 'coupon/pagelist', ['Coupon']),
      couponCreate: mutation(build, 'coupon/create', ['Coupon']),
      couponDelete: mutation(build, 'coupon/delete', ['Coupon']),
      couponCheck: mutation(build, 'sale/coupon'),
    }),
  });
