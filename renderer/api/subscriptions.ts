import { api, mutation, query } from './base';

export const {
  useSubscriptionPageQuery,
  useKidSubscriptionsQuery,
  useSubscriptionFreezeMutation,
  useSubscriptionDeleteMutation,
} = api.injectEndpoints({
  endpoints: (build) => ({
    subscriptionPage: query(build, 'subscription/pagelist', ['Subscription']),
    kidSubscriptions: query(build, 'profile/kid/subscription', ['Subscription']),
    subscriptionFreeze: mutation(build, 'subscription/freeze', ['Subscription']),
    subscriptionDelete: mutation(build, 'subscription/delete', ['Subscription']),
  }),
});
