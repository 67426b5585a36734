import { api, mutation, query } from './base';

export const { useBranchPageQuery, useBranchCreateMutation, useBranchUpdateMutation, useBranchDeleteMutation } =
  api.injectEndpoints({
    endpoints: (build) => ({
      branchPage: query(build, 'branch/pagelist', ['Branch']),
      branchCreate: mutation(build, 'branch/create', ['Branch']),
      branchUpdate: mutation(build, 'branch/update', ['Branch']),
      branchDelete: mutation(build, 'branch/delete', ['Branch']),
    }),
  });
