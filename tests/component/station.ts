import type { PosBridge } from '../../shared/ipc';
import type { FakeBridge } from './fake-bridge';

let current: FakeBridge | null = null;

/** The bridge the next render talks to. */
export const answerWith = (bridge: FakeBridge) => void (current = bridge);
export const currentBridge = () => current;
export const forgetBridge = () => void (current = null);

/**
 * window.pos as the page finds it at load: renderer/bridge reads it once, so it stays this one object,
 * which hands each call to the bridge of the test running.
 */
export const stationBridge: PosBridge = {
  invoke: (channel, arg) => {
    if (!current) throw new Error(`${channel} invoked with no test bridge`);
    return current.invoke(channel, arg);
  },
  onEvent: (listener) => current?.onEvent(listener) ?? (() => undefined),
};
