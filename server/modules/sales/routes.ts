import type { Handlers } from '../../http/route';
import type { SaleService } from './service';

type SaleEndpoint =
  | 'sale/sale/create'
  | 'sale/subscription/create'
  | 'sale/pagelist'
  | 'sale/cancelinvoice'
  | 'sale/delete'
  | 'particular/delete'
  | 'sale/payments/:id'
  | 'invoice/send'
  | 'profile/kid/invoice'
  | 'sale/receipt/:id';

export function saleRoutes(sales: SaleService): Pick<Handlers, SaleEndpoint> {
  return {
    'sale/sale/create': (body, ctx) => sales.create(ctx, body),
    'sale/subscription/create': (body, ctx) => sales.create(ctx, body),
    'sale/pagelist': (body, ctx) => sales.list(ctx, body),
    'sale/cancelinvoice': (body, ctx) => sales.cancel(ctx, body.id),
    'sale/delete': (body, ctx) => sales.cancel(ctx, body.id),
    'particular/delete': (body, ctx) => sales.cancel(ctx, body.sale_id),
    'sale/payments/:id': (body, ctx) => sales.payments(ctx, body.id),
    'invoice/send': (body, ctx) => sales.send(ctx, body.id),
    'profile/kid/invoice': (body, ctx) => sales.ofKid(ctx, body),
    'sale/receipt/:id': (body, ctx) => sales.receipt(ctx, body.id),
  };
}
