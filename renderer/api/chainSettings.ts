import type { ChainSettings } from '../../shared/api/chain-settings';
import { api, call, type Result } from './base';

export const chainSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    chainSettings: build.query<Result<'settings/chain'>, void>({
      query: () => call('settings/chain', {}),
      providesTags: ['ChainSettings'],
    }),
    // Saving reloads the settings, so this station's idle lock follows at once.
    updateChainSettings: build.mutation<Result<'settings/chain/update'>, ChainSettings>({
      query: (body) => call('settings/chain/update', body),
      invalidatesTags: ['ChainSettings'],
    }),
  }),
});

export const { useChainSettingsQuery, useUpdateChainSettingsMutation } = chainSettingsApi;
