import type { Handlers } from '../../http/route';
import type { ProductService } from './service';

type ProductEndpoint = 'product/pagelist' | 'product/create' | 'product/update' | 'product/delete' | 'product/addstock' | 'sale/product/list' | 'product/import';

export function productRoutes(products: ProductService): Pick<Handlers, ProductEndpoint> {
  return {
    'product/pagelist': (body, ctx) => products.list(ctx, body),
    'product/create': (body, ctx) => products.create(ctx, body),
    'product/update': (body, ctx) => products.update(ctx, body),
    'product/delete': (body, ctx) => products.remove(ctx, body.id),
    'product/addstock': (body, ctx) => products.addStock(ctx, body),
    'sale/product/list': (body, ctx) => products.forSale(ctx, body.getAll),
    'product/import': (body, ctx) => products.import(ctx, body),
  };
}
