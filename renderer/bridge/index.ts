import type { ApiResult } from '../../shared/api/envelope';
import type { EndpointName, RequestOf, ResponseOf } from '../../shared/api/catalogue';
import type { PosBridge } from '../../shared/ipc';
import { createWebBridge } from './web-bridge';
import { surelySignedOut } from './page-id';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in browser mode. */
    pos?: PosBridge;
  }
}

/** Read before the bridge makes this tab's page id: the login screen then shows without asking. */
export const startsSignedOut = surelySignedOut();
const transport: PosBridge = window.pos ?? createWebBridge();

/**
 * The page's bridge: `invoke(channel, arg)` typed from shared/ipc.ts's table, and `api.call`, which
 * also types the HTTP endpoint's request and answer from the catalogue.
 */
export const bridge = {
  invoke: transport.invoke,
  onEvent: transport.onEvent,
  api: {
    call: <N extends EndpointName>(name: N, body: RequestOf<N>) =>
      transport.invoke('pos:api-call', { name, body }) as Promise<ApiResult<ResponseOf<N>>>,
  },
};
