import { contextBridge, ipcRenderer } from 'electron';
import { bridgeFrom, EVENT_CHANNEL, type BridgeEvent } from '../shared/ipc';

/**
 * The renderer's only door to the main process: the typed channels of shared/ipc.ts, invoke-style.
 * The raw ipcRenderer is never exposed.
 */
const pos = bridgeFrom(
  (channel, arg) => ipcRenderer.invoke(channel, arg),
  (listener) => {
    const wrapped = (_event: Electron.IpcRendererEvent, payload: BridgeEvent) => listener(payload);
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, wrapped);
  },
);

contextBridge.exposeInMainWorld('pos', pos);
