import type { RequestOf } from '../../shared/api/catalogue';
import { api, call, type Result } from './base';

/** Parents, kids and their subscriptions. */
export const frontDeskApi = api.injectEndpoints({
  endpoints: (build) => ({
    parentSearch: build.query<Result<'parent/search'>, RequestOf<'parent/search'>>({ query: (body) => call('parent/search', body), providesTags: ['Parent'] }),
    parentCreate: build.mutation<Result<'parent/create'>, RequestOf<'parent/create'>>({ query: (body) => call('parent/create', body), invalidatesTags: ['Parent'] }),
    kidCreate: build.mutation<Result<'kid/create'>, RequestOf<'kid/create'>>({ query: (body) => call('kid/create', body), invalidatesTags: ['Parent'] }),
    subscriptionPage: build.query<Result<'subscription/pagelist'>, RequestOf<'subscription/pagelist'>>({
      query: (body) => call('subscription/pagelist', body),
      providesTags: ['Subscription'],
    }),
    subscriptionFreeze: build.mutation<Result<'subscription/freeze'>, RequestOf<'subscription/freeze'>>({
      query: (body) => call('subscription/freeze', body),
      invalidatesTags: ['Subscription'],
    }),
    subscriptionDelete: build.mutation<Result<'subscription/delete'>, RequestOf<'subscription/delete'>>({
      query: (body) => call('subscription/delete', body),
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const {
  useParentSearchQuery,
  useParentCreateMutation,
  useKidCreateMutation,
  useSubscriptionPageQuery,
  useSubscriptionFreezeMutation,
  useSubscriptionDeleteMutation,
} = frontDeskApi;
