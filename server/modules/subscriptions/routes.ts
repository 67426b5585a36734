import type { Handlers } from '../../http/route';
import type { SubscriptionService } from './service';

type SubscriptionEndpoint = 'subscription/pagelist' | 'profile/kid/subscription' | 'subscription/freeze' | 'subscription/delete';

export function subscriptionRoutes(subscriptions: SubscriptionService): Pick<Handlers, SubscriptionEndpoint> {
  return {
    'subscription/pagelist': (body, ctx) => subscriptions.page(ctx, body),
    'profile/kid/subscription': (body, ctx) => subscriptions.ofKid(ctx, body.id),
    'subscription/freeze': (body, ctx) => subscriptions.freeze(ctx, body.id, body.freeze_days),
    'subscription/delete': (body, ctx) => subscriptions.remove(ctx, body),
  };
}
