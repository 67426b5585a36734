import type { Plugin } from 'vite';

const MODULE = 'virtual:api-result-channels';

/**
 * The bridge channels that answer ApiResults (`bridgeChannels`' `api`), for the browser-mode page:
 * derived from the channel table when the page is built, since the page checks its wire with zod/mini
 * and must not load the table (classic zod) before its login screen shows.
 */
export function apiResultChannels(): Plugin {
  const resolved = `\0${MODULE}`;
  return {
    name: 'playdesk-api-result-channels',
    resolveId: (id) => (id === MODULE ? resolved : undefined),
    async load(id) {
      if (id !== resolved) return undefined;
      // Read through tsx when the page is built: imported here, the contract's whole module graph would
      // be bundled into Vite's config, which loads it on every start.
      const { tsImport } = await import('tsx/esm/api');
      const ipc: typeof import('../shared/ipc') = await tsImport('../shared/ipc.ts', import.meta.url);
      return `export default ${JSON.stringify(ipc.API_RESULT_CHANNELS)};`;
    },
  };
}
