import { api, mutation, query } from './base';

export const {
  useChainSettingsQuery,
  useUpdateChainSettingsMutation,
  // What a first screen asks for at sign-in (app/first-screen.ts), before its hooks are drawn.
  endpoints: chainSettingsEndpoints,
} = api.injectEndpoints({
  endpoints: (build) => ({
    chainSettings: query(build, 'settings/chain', ['ChainSettings']),
    // Saving reloads the settings, so this station's idle lock follows at once.
    updateChainSettings: mutation(build, 'settings/chain/update', ['ChainSettings']),
  }),
});
