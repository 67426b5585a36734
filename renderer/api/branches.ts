import { api, mutation, query } from './base';

export const {
  useBranchPageQuery,
  useBranchOfStationQuery,
  useBranchCreateMutation,
  useBranchUpdateMutation,
  useBranchDeleteMutation,
} = api.injectEndpoints({
  endpoints: (build) => ({
    branchPage: query(build, 'branch/pagelist', ['Branch']),
    branchOfStation: query(build, 'branch/station', ['Branch']),
    branchCreate: mutation(build, 'branch/create', ['Branch']),
    branchUpdate: mutation(build, 'branch/update', ['Branch']),
    branchDelete: mutation(build, 'branch/delete', ['Branch']),
  }),
});
