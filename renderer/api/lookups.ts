import type { ResponseOf } from '../../shared/api/catalogue';
import { api, call, query } from './base';

/** The short lists forms pick from (lookups of spec section 7). */
export type LookupName =
  'identification/list' | 'nationality/list' | 'specialization/list' | 'qualification/list' | 'shift/list';

export const {
  useBranchListQuery,
  useLookupQuery,
  useTaxListQuery,
  useRoleOptionsQuery,
  // What a first screen asks for at sign-in (app/first-screen.ts), before its hooks are drawn.
  endpoints: lookupEndpoints,
} = api.injectEndpoints({
  endpoints: (build) => ({
    branchList: query(build, 'branch/list', ['Branch']),
    lookup: build.query<ResponseOf<LookupName>, LookupName>({
      query: (name) => call(name, {}),
      providesTags: ['Lookup'],
    }),
    taxList: query(build, 'tax/list', ['Lookup']),
    roleOptions: query(build, 'priviledge/list', ['Lookup', 'Role']),
  }),
});
