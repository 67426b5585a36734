import { api, mutation, query } from './base';

export const { usePackagePageQuery, usePackageCreateMutation, usePackageUpdateMutation, usePackageDeleteMutation } =
  api.injectEndpoints({
    endpoints: (build) => ({
      packagePage: query(build, 'package/pagelist', ['Package']),
      packageCreate: mutation(build, 'package/create', ['Package']),
      packageUpdate: mutation(build, 'package/update', ['Package']),
      packageDelete: mutation(build, 'package/delete', ['Package']),
    }),
  });
