import { endpointsPlugin } from '../../http/route';
import * as salesApi from '../../../shared/api/sales';
import type { ProductService } from '../products/service';
import type { PackageService } from '../packages/service';
import type { SaleService } from './service';
import type { Realtime } from '../../realtime/realtime';
import { salesChanged } from '../../realtime/branch-news';

export function saleRoutes({
  sales,
  products,
  packages,
  realtime,
}: {
  sales: SaleService;
  products: ProductService;
  packages: PackageService;
  realtime: Realtime;
}) {
  return endpointsPlugin(salesApi, {
    'sale/sale/create': (body, ctx) => salesChanged(realtime, sales.create(ctx, body)),
    'sale/subscription/create': (body, ctx) => salesChanged(realtime, sales.create(ctx, body)),
    'sale/pagelist': (body, ctx) => sales.list(ctx, body),
    'sale/cancelinvoice': (body, ctx) => salesChanged(realtime, sales.cancel(ctx, body.id)),
    'sale/delete': (body, ctx) => salesChanged(realtime, sales.cancel(ctx, body.id)),
    'particular/delete': (body, ctx) => salesChanged(realtime, sales.cancel(ctx, body.sale_id)),
    'sale/payments/:id': (body, ctx) => sales.payments(ctx, body.id),
    'invoice/send': (body, ctx) => sales.send(ctx, body.id),
    'sale/receipt/:id': (body, ctx) => sales.receipt(ctx, body.id),
    'sale/product/list': (body, ctx) => products.forSale(ctx, body.getAll),
    'sale/package/list': (_body, ctx) => packages.all(ctx),
    'profile/kid/invoice': (body, ctx) => sales.ofKid(ctx, body),
  });
}
