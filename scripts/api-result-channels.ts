import type { Plugin } from 'vite';
import { API_RESULT_CHANNELS } from '../shared/ipc';

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
    load: (id) => (id === resolved ? `export default ${JSON.stringify(API_RESULT_CHANNELS)};` : undefined),
  };
}
