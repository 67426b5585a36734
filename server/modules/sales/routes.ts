import type { HandlersOf } from '../../http/route';
import type * as salesApi from '../../../shared/api/sales';
import type { ProductService } from '../products/service';
import type { PackageService } from '../packages/service';
import type { SaleService } from './service';

export function saleRoutes({
  sales,
  products,
  packages,
}: {
  sales: SaleService;
  products: ProductService;
  packages: PackageService;
}): HandlersOf<typeof salesApi> {
  return {
    'sale/sale/create': (body, ctx) => sales.create(ctx, body),
    'sale/subscription/create': (body, ctx) => sales.create(ctx, body),
    'sale/pagelist': (body, ctx) => sales.list(ctx, body),
    'sale/cancelinvoice': (body, ctx) => sales.cancel(ctx, body.id),
    'sale/delete': (body, ctx) => sales.cancel(ctx, body.id),
    'particular/delete': (body, ctx) => sales.cancel(ctx, body.sale_id),
    'sale/payments/:id': (body, ctx) => sales.payments(ctx, body.id),
    'invoice/send': (body, ctx) => sales.send(ctx, body.id),
    'sale/receipt/:id': (body, ctx) => sales.receipt(ctx, body.id),
    'sale/product/list': (body, ctx) => products.forSale(ctx, body.getAll),
    'sale/package/list': (_body, ctx) => packages.all(ctx),
  };
}
