import { api, call, type Result } from './base';

export const lookupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    branchList: build.query<Result<'branch/list'>, void>({
      query: () => call('branch/list', {}),
      providesTags: ['Branch'],
    }),
  }),
});

export const { useBranchListQuery } = lookupsApi;
