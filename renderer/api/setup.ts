import type { FirstAdministratorRequest } from '../../shared/api/setup';
import { api, call, type Result } from './base';

export const setupApi = api.injectEndpoints({
  endpoints: (build) => ({
    setupStatus: build.query<Result<'setup/status'>, void>({
      query: () => call('setup/status', {}),
      providesTags: ['Setup'],
    }),
    createFirstAdministrator: build.mutation<Result<'setup/first-admin'>, FirstAdministratorRequest>({
      query: (body) => call('setup/first-admin', body),
      invalidatesTags: ['Setup'],
    }),
  }),
});

export const { useSetupStatusQuery, useCreateFirstAdministratorMutation } = setupApi;
