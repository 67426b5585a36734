import { endpointsPlugin } from '../../http/route';
import * as subscriptionsApi from '../../../shared/api/subscriptions';
import type { SubscriptionService } from './service';

export function subscriptionRoutes(subscriptions: SubscriptionService) {
  return endpointsPlugin(subscriptionsApi, {
    'subscription/pagelist': (body, ctx) => subscriptions.page(ctx, body),
    'profile/kid/subscription': (body, ctx) => subscriptions.ofKid(ctx, body.id),
    'subscription/freeze': (body, ctx) => subscriptions.freeze(ctx, body.id, body.freeze_days),
    'subscription/delete': (body, ctx) => subscriptions.remove(ctx, body),
  });
}
