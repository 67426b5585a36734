import { endpointsPlugin } from '../../http/route';
import * as productsApi from '../../../shared/api/products';
import type { ProductService } from './service';

export function productRoutes(products: ProductService) {
  return endpointsPlugin(productsApi, {
    'product/pagelist': (body, ctx) => products.list(ctx, body),
    'product/create': (body, ctx) => products.create(ctx, body),
    'product/update': (body, ctx) => products.update(ctx, body),
    'product/delete': (body, ctx) => products.remove(ctx, body.id),
    'product/addstock': (body, ctx) => products.addStock(ctx, body),
    'product/import': (body, ctx) => products.import(ctx, body),
  });
}
