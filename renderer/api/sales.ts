import { api, fixedQuery, mutation, query } from './base';

// A sale or its cancelling changes stock, coupon uses, subscriptions and overtime paid: all reload.
export const {
  useSaleCreateMutation,
  useSalePageQuery,
  useSaleCancelMutation,
  useTillProductsQuery,
  useTillPackagesQuery,
  useInvoiceSendMutation,
  useSaleReceiptQuery,
  useKidInvoicesQuery,
} = api.injectEndpoints({
  endpoints: (build) => ({
    saleCreate: mutation(build, 'sale/sale/create', ['Product', 'Invoice', 'Coupon', 'Subscription', 'Visit', 'Shift']),
    tillProducts: fixedQuery(build, 'sale/product/list', { getAll: false }, ['Product']),
    tillPackages: fixedQuery(build, 'sale/package/list', { getAll: true }, ['Package']),
    saleReceipt: query(build, 'sale/receipt/:id', ['Invoice']),
    invoiceSend: mutation(build, 'invoice/send'),
    salePage: query(build, 'sale/pagelist', ['Invoice']),
    kidInvoices: query(build, 'profile/kid/invoice', ['Invoice']),
    saleCancel: mutation(build, 'sale/cancelinvoice', [
      'Invoice',
      'Product',
      'Coupon',
      'Subscription',
      'Visit',
      'Shift',
    ]),
  }),
});
