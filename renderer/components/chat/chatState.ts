import type { PendingChat } from '../../../shared/ipc';
import { readUnread, writeUnread, type CountStore } from './unreadCount';

export interface ChatState {
  userId: number | null;
  /** The menu's count: messages to the user not yet on their screen. */
  unread: number;
  /** This station's messages the server has not stored yet (the main process's queue). */
  pending: PendingChat[];
  /** The user whose conversation is on screen now, if any: their messages raise no count. */
  open: number | null;
}

/**
 * The chat state every screen shares: fed by the shell's useChatEvents, read by the menu, the chat
 * screen and the room view's panel. Outside Redux because the count lives in local storage.
 */
export function createChatStore(storage: CountStore) {
  let state: ChatState = { userId: null, unread: 0, pending: [], open: null };
  const listeners = new Set<() => void>();
  const set = (next: Partial<ChatState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };
  const keep = (count: number) => {
    if (state.userId !== null) set({ unread: writeUnread(storage, state.userId, count) });
  };
  return {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    signedIn: (userId: number) => set({ userId, unread: readUnread(storage, userId), pending: [], open: null }),
    setUnread: keep,
    raise: () => keep(state.unread + 1),
    lower: (by: number) => keep(state.unread - by),
    setPending: (pending: PendingChat[]) => set({ pending }),
    refused: (clientId: string) => set({ pending: state.pending.filter((p) => p.clientId !== clientId) }),
    /** A conversation shown (its user's id) or hidden (null). */
    setOpen: (open: number | null) => set({ open }),
  };
}
