import { endpointsPlugin } from '../../http/route';
import * as offlineApi from '../../../shared/api/offline';
import type { Realtime } from '../../realtime/realtime';
import { salesChanged } from '../../realtime/branch-news';
import type { OfflineNumbers } from './numbers';
import type { OfflineSales } from './offline-sale';
import type { OfflineReview } from './review';

export function offlineRoutes({
  numbers,
  sales,
  review,
  realtime,
}: {
  numbers: OfflineNumbers;
  sales: OfflineSales;
  review: OfflineReview;
  realtime: Realtime;
}) {
  return endpointsPlugin(offlineApi, {
    'offline/numbers/reserve': (body, ctx) => numbers.reserve(ctx, body),
    'offline/numbers/release': (body, ctx) => numbers.release(ctx, body),
    'offline/sale': (body, ctx) => salesChanged(realtime, sales.record(ctx, body)),
    'offline/review': (_body, ctx) => review.list(ctx),
    // The branch's dashboards count what is left to review.
    'offline/review/done': (body, ctx) => salesChanged(realtime, review.done(ctx, body.sale_id)),
  });
}
