/** See scripts/api-result-channels.ts: the bridge channels answering ApiResults, from `bridgeChannels`. */
declare module 'virtual:api-result-channels' {
  const channels: readonly import('../shared/ipc').BridgeChannel[];
  export default channels;
}
