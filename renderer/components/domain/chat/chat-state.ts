import type { PendingChat } from '../../../../shared/ipc';
import { readUnread, writeUnread, type CountStore } from './unread-count';

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
  // What each sender's messages added to the count since the server last gave it: reading their
  // conversation takes at least that off, even before the contacts list has caught up.
  let raisedBy = new Map<number, number>();
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
    signedIn: (userId: number) => {
      raisedBy = new Map();
      set({ userId, unread: readUnread(storage, userId), pending: [], open: null });
    },
    /** The server's count (get_all_chat). */
    setUnread: (count: number) => {
      raisedBy = new Map();
      keep(count);
    },
    /** A message from `senderId` arrived while their conversation was not on screen. */
    raise: (senderId: number) => {
      raisedBy.set(senderId, (raisedBy.get(senderId) ?? 0) + 1);
      keep(state.unread + 1);
    },
    /** The conversation with `contactId` was read, which took `by` off their unread messages. */
    read: (contactId: number, by: number) => {
      const raised = raisedBy.get(contactId) ?? 0;
      raisedBy.delete(contactId);
      keep(state.unread - Math.max(by, raised));
    },
    setPending: (pending: PendingChat[]) => set({ pending }),
    refused: (clientId: string) => set({ pending: state.pending.filter((p) => p.clientId !== clientId) }),
    /** A conversation shown (its user's id) or hidden (null). */
    setOpen: (open: number | null) => set({ open }),
  };
}
