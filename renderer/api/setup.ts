import { api, mutation, query } from './base';

export const { useSetupStatusQuery, useCreateFirstAdministratorMutation } = api.injectEndpoints({
  endpoints: (build) => ({
    setupStatus: query(build, 'setup/status', ['Setup']),
    createFirstAdministrator: mutation(build, 'setup/first-admin', ['Setup']),
  }),
});
