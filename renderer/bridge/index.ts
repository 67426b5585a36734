import type { PosBridge } from '../../shared/ipc';
import { createWebBridge } from './web-bridge';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in browser mode. */
    pos?: PosBridge;
  }
}

export const bridge: PosBridge = window.pos ?? createWebBridge();
