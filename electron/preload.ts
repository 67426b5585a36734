import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_CHANNELS, EVENT_CHANNEL, type BridgeEvent, type BridgeInvoke, type PosBridge } from '../shared/ipc';

/**
 * The renderer's only door to the main process: invoke on the channels of shared/ipc.ts (no other
 * name reaches ipcRenderer), and the pushes. The raw ipcRenderer is never exposed.
 */
const channels: readonly string[] = BRIDGE_CHANNELS;
const invoke: BridgeInvoke = (channel, arg) =>
  channels.includes(channel) ? ipcRenderer.invoke(channel, arg) : Promise.reject(new Error('UnknownChannel'));

const pos: PosBridge = {
  invoke,
  onEvent(listener) {
    const wrapped = (_event: Electron.IpcRendererEvent, payload: BridgeEvent) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
  },
};

contextBridge.exposeInMainWorld('pos', pos);
