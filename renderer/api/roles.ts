import { api, fixedQuery, mutation, query } from './base';

// A role's rights change what the employee form offers, hence 'Lookup'.
export const { useFeatureListQuery, useRoleListQuery, useRoleCreateMutation, useRoleUpdateMutation } = api.injectEndpoints({
  endpoints: (build) => ({
    featureList: fixedQuery(build, 'feature/list', { page: 1, perPage: 20 }),
    roleList: query(build, 'priviledge/role/list', ['Role']),
    roleCreate: mutation(build, 'priviledge/role/create', ['Role', 'Lookup']),
    roleUpdate: mutation(build, 'priviledge/role/update', ['Role', 'Lookup']),
  }),
});
