import { api, mutation, query } from './base';

export const {
  useProductPageQuery,
  useProductCreateMutation,
  useProductUpdateMutation,
  useProductDeleteMutation,
  useProductAddStockMutation,
  useProductImportMutation,
} = api.injectEndpoints({
  endpoints: (build) => ({
    productPage: query(build, 'product/pagelist', ['Product']),
    productCreate: mutation(build, 'product/create', ['Product']),
    productUpdate: mutation(build, 'product/update', ['Product']),
    productDelete: mutation(build, 'product/delete', ['Product']),
    productImport: mutation(build, 'product/import', ['Product']),
    productAddStock: mutation(build, 'product/addstock', ['Product']),
  }),
});
