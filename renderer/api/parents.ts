import { api, mutation, query } from './base';

// A search shows who is inside, so a check-in or check-out reloads it ('Visit').
export const {
  useParentSearchQuery,
  useParentCreateMutation,
  useKidCreateMutation,
  useKidUpdateMutation,
  useTillKidsQuery,
  useKidInfoQuery,
} = api.injectEndpoints({
  endpoints: (build) => ({
    parentSearch: query(build, 'parent/search', ['Parent', 'Visit']),
    parentCreate: mutation(build, 'parent/create', ['Parent']),
    kidCreate: mutation(build, 'kid/create', ['Parent']),
    kidUpdate: mutation(build, 'kid/update', ['Parent', 'Visit']),
    tillKids: query(build, 'sale/kidslist', ['Parent', 'Subscription']),
    kidInfo: query(build, 'profile/kid/info', ['Parent']),
  }),
});
