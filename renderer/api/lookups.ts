import { api, call, type Result } from './base';

export const lookupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    branchList: build.query<Result<'branch/list'>, void>({
      query: () => call('branch/list', {}),
      providesTags: ['Branch'],
    }),
    lookup: build.query<Result<LookupName>, LookupName>({
      query: (name) => call(name, {}),
      providesTags: ['Lookup'],
    }),
  }),
});

/** The short lists forms pick from (lookups of spec section 7). */
export type LookupName = 'identification/list' | 'nationality/list' | 'specialization/list' | 'qualification/list' | 'shift/list';

export const { useBranchListQuery, useLookupQuery } = lookupsApi;
