import { endpointsPlugin } from '../../http/route';
import * as cashupApi from '../../../shared/api/cashup';
import type { CashupService } from './service';

export function cashupRoutes(cashup: CashupService) {
  return endpointsPlugin(cashupApi, {
    'cashup/open': (body, ctx) => cashup.open(ctx, body),
    'cashup/current': (_body, ctx) => cashup.current(ctx),
    'cashup/close': (body, ctx) => cashup.close(ctx, body),
    'cashup/report': (body, ctx) => cashup.report(ctx, body.id),
    'cashup/list': (body, ctx) => cashup.list(ctx, body),
  });
}
