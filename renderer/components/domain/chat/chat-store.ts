import { useSyncExternalStore } from 'react';
import { createChatStore, type ChatState } from './chat-state';

/** The page's one chat state (see createChatStore), its count in this browser's local storage. */
export const chatStore = createChatStore(window.localStorage);

export function useChatState<T>(pick: (state: ChatState) => T): T {
  return useSyncExternalStore(chatStore.subscribe, () => pick(chatStore.get()));
}
