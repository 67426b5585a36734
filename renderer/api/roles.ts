import { api, mutation, query } from './base';

// A role's rights change what the employee form offers, hence 'Lookup'.
export const { useRoleListQuery, useRoleCreateMutation, useRoleUpdateMutation } = api.injectEndpoints({
  endpoints: (build) => ({
    roleList: query(build, 'priviledge/role/list', ['Role']),
    roleCreate: mutation(build, 'priviledge/role/create', ['Role', 'Lookup']),
    roleUpdate: mutation(build, 'priviledge/role/update', ['Role', 'Lookup']),
  }),
});
