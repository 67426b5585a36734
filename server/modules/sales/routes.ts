import type { Handlers } from '../../http/route';
import type { SaleService } from './service';

export function saleRoutes(sales: SaleService): Pick<Handlers, 'sale/sale/create' | 'sale/pagelist' | 'sale/cancelinvoice' | 'sale/payments/:id'> {
  return {
    'sale/sale/create': (body, ctx) => sales.create(ctx, body),
    'sale/pagelist': (body, ctx) => sales.list(ctx, body),
    'sale/cancelinvoice': (body, ctx) => sales.cancel(ctx, body.id),
    'sale/payments/:id': (body, ctx) => sales.payments(ctx, body.id),
  };
}
