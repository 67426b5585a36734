import type { RequestOf } from '../../shared/api/catalogue';
import { api, call, type Result } from './base';

/** Products, coupons, the sale and invoices; changes invalidate what they change. */
export const salesApi = api.injectEndpoints({
  endpoints: (build) => ({
    productPage: build.query<Result<'product/pagelist'>, RequestOf<'product/pagelist'>>({
      query: (body) => call('product/pagelist', body),
      providesTags: ['Product'],
    }),
    productCreate: build.mutation<Result<'product/create'>, RequestOf<'product/create'>>({
      query: (body) => call('product/create', body),
      invalidatesTags: ['Product'],
    }),
    productUpdate: build.mutation<Result<'product/update'>, RequestOf<'product/update'>>({
      query: (body) => call('product/update', body),
      invalidatesTags: ['Product'],
    }),
    productDelete: build.mutation<Result<'product/delete'>, RequestOf<'product/delete'>>({
      query: (body) => call('product/delete', body),
      invalidatesTags: ['Product'],
    }),
    productImport: build.mutation<Result<'product/import'>, RequestOf<'product/import'>>({
      query: (body) => call('product/import', body),
      invalidatesTags: ['Product'],
    }),
    productAddStock: build.mutation<Result<'product/addstock'>, RequestOf<'product/addstock'>>({
      query: (body) => call('product/addstock', body),
      invalidatesTags: ['Product'],
    }),
    packagePage: build.query<Result<'package/pagelist'>, RequestOf<'package/pagelist'>>({
      query: (body) => call('package/pagelist', body),
      providesTags: ['Package'],
    }),
    packageCreate: build.mutation<Result<'package/create'>, RequestOf<'package/create'>>({
      query: (body) => call('package/create', body),
      invalidatesTags: ['Package'],
    }),
    packageUpdate: build.mutation<Result<'package/update'>, RequestOf<'package/update'>>({
      query: (body) => call('package/update', body),
      invalidatesTags: ['Package'],
    }),
    packageDelete: build.mutation<Result<'package/delete'>, RequestOf<'package/delete'>>({
      query: (body) => call('package/delete', body),
      invalidatesTags: ['Package'],
    }),
    couponPage: build.query<Result<'coupon/pagelist'>, RequestOf<'coupon/pagelist'>>({
      query: (body) => call('coupon/pagelist', body),
      providesTags: ['Coupon'],
    }),
    couponCreate: build.mutation<Result<'coupon/create'>, RequestOf<'coupon/create'>>({
      query: (body) => call('coupon/create', body),
      invalidatesTags: ['Coupon'],
    }),
    couponDelete: build.mutation<Result<'coupon/delete'>, RequestOf<'coupon/delete'>>({
      query: (body) => call('coupon/delete', body),
      invalidatesTags: ['Coupon'],
    }),
    taxList: build.query<Result<'tax/list'>, void>({ query: () => call('tax/list', {}), providesTags: ['Lookup'] }),
    couponCheck: build.mutation<Result<'sale/coupon'>, RequestOf<'sale/coupon'>>({ query: (body) => call('sale/coupon', body) }),
    saleCreate: build.mutation<Result<'sale/sale/create'>, RequestOf<'sale/sale/create'>>({
      query: (body) => call('sale/sale/create', body),
      invalidatesTags: ['Product', 'Invoice', 'Coupon', 'Subscription', 'Session'],
    }),
    tillProducts: build.query<Result<'sale/product/list'>, void>({ query: () => call('sale/product/list', { getAll: false }), providesTags: ['Product'] }),
    tillPackages: build.query<Result<'sale/package/list'>, void>({ query: () => call('sale/package/list', { getAll: true }), providesTags: ['Package'] }),
    tillKids: build.query<Result<'sale/kidslist'>, RequestOf<'sale/kidslist'>>({ query: (body) => call('sale/kidslist', body), providesTags: ['Parent', 'Subscription'] }),
    saleReceipt: build.query<Result<'sale/receipt/:id'>, RequestOf<'sale/receipt/:id'>>({ query: (body) => call('sale/receipt/:id', body), providesTags: ['Invoice'] }),
    invoiceSend: build.mutation<Result<'invoice/send'>, RequestOf<'invoice/send'>>({ query: (body) => call('invoice/send', body) }),
    salePage: build.query<Result<'sale/pagelist'>, RequestOf<'sale/pagelist'>>({
      query: (body) => call('sale/pagelist', body),
      providesTags: ['Invoice'],
    }),
    saleCancel: build.mutation<Result<'sale/cancelinvoice'>, RequestOf<'sale/cancelinvoice'>>({
      query: (body) => call('sale/cancelinvoice', body),
      invalidatesTags: ['Invoice', 'Product', 'Coupon', 'Subscription', 'Session'],
    }),
  }),
});

export const {
  useProductPageQuery,
  useProductCreateMutation,
  useProductUpdateMutation,
  useProductDeleteMutation,
  useProductAddStockMutation,
  useProductImportMutation,
  usePackagePageQuery,
  usePackageCreateMutation,
  usePackageUpdateMutation,
  usePackageDeleteMutation,
  useCouponPageQuery,
  useCouponCreateMutation,
  useCouponDeleteMutation,
  useTaxListQuery,
  useCouponCheckMutation,
  useSaleCreateMutation,
  useSalePageQuery,
  useSaleCancelMutation,
  useTillProductsQuery,
  useTillPackagesQuery,
  useTillKidsQuery,
  useInvoiceSendMutation,
  useSaleReceiptQuery,
} = salesApi;
