import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../../shared/api/chat';
import type { PendingChat } from '../../../shared/ipc';
import { createChatStore } from '../../../renderer/components/domain/chat/chat-state';
import { conversationLines, receivedBatches } from '../../../renderer/components/domain/chat/conversation-lines';
import type { CountStore } from '../../../renderer/components/domain/chat/unread-count';
import { realtimePayload } from '../../../renderer/features/chat/realtime-payload';

/** A browser's local storage, kept across "restarts" (new stores on the same map). */
const storage = (items = new Map<string, string>()): CountStore & { items: Map<string, string> } => ({
  items,
  getItem: (key) => items.get(key) ?? null,
  setItem: (key, value) => void items.set(key, value),
});

const ME = 1;
const HER = 2;
const message = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  clientId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  userId: HER,
  senderId: HER,
  receiverId: ME,
  replyTo: null,
  body: `message ${id}`,
  status: 'confirmed',
  isDelivered: false,
  pending: false,
  bookmarked: false,
  createdAt: new Date(Date.UTC(2026, 10, 20, 9, id)).toISOString(),
  updatedAt: new Date(Date.UTC(2026, 10, 20, 9, id)).toISOString(),
  deliveredAt: null,
  ...over,
});
const pending = (clientId: string, receiverId = HER): PendingChat => ({
  clientId,
  receiverId,
  body: 'on its way',
  replyTo: null,
  createdAt: new Date(Date.UTC(2026, 10, 20, 10)).toISOString(),
  pending: true,
});

describe('the menu unread count', () => {
  it('is kept per user and survives a restart of the page', () => {
    const kept = storage();
    const first = createChatStore(kept);
    first.signedIn(ME);
    first.raise(HER);
    first.raise(HER);
    first.signedIn(HER);
    first.raise(ME);
    const restarted = createChatStore(storage(kept.items));
    restarted.signedIn(ME);
    expect(restarted.get().unread).toBe(2);
    restarted.signedIn(HER);
    expect(restarted.get().unread).toBe(1);
  });

  it("takes the server's count, drops as conversations are read, and never goes below zero", () => {
    const store = createChatStore(storage());
    store.signedIn(ME);
    store.setUnread(5);
    store.read(HER, 3);
    expect(store.get().unread).toBe(2);
    store.read(3, 4);
    expect(store.get().unread).toBe(0);
  });

  it("takes off what a sender's messages raised when their conversation is read, however stale the list", () => {
    const store = createChatStore(storage());
    store.signedIn(ME);
    store.setUnread(1);
    store.raise(HER);
    store.raise(HER);
    store.raise(3);
    expect(store.get().unread).toBe(4);
    // The contacts list had not caught up: it said nothing was unread from her.
    store.read(HER, 0);
    expect(store.get().unread).toBe(2);
    store.read(HER, 0);
    expect(store.get().unread).toBe(2);
  });

  it('reads a damaged stored value as zero', () => {
    const kept = storage(new Map([[`playdesk.chatUnread.${ME}`, 'lots']]));
    const store = createChatStore(kept);
    store.signedIn(ME);
    expect(store.get().unread).toBe(0);
  });

  it('drops a refused message from pending and tells its listeners', () => {
    const store = createChatStore(storage());
    let told = 0;
    store.subscribe(() => told++);
    store.setPending([pending('a'), pending('b')]);
    store.refused('a');
    expect(store.get().pending.map((p) => p.clientId)).toEqual(['b']);
    expect(told).toBe(2);
  });
});

describe('a conversation', () => {
  it('shows each stored message once, oldest first, whichever spans or events brought it', () => {
    const lines = conversationLines(
      [
        [message(3), message(1)],
        [message(1), message(2)],
      ],
      [],
      HER,
    );
    expect(lines.map((l) => l.body)).toEqual(['message 1', 'message 2', 'message 3']);
  });

  it("shows one's own messages with their state and the other's without", () => {
    const mine = { senderId: ME, receiverId: HER };
    const lines = conversationLines(
      [[message(1), message(2, mine), message(3, { ...mine, isDelivered: true, status: 'delivered' })]],
      [pending('c')],
      HER,
    );
    expect(lines.map((l) => [l.mine, l.state])).toEqual([
      [false, 'confirmed'],
      [true, 'confirmed'],
      [true, 'delivered'],
      [true, 'pending'],
    ]);
  });

  it('shows a pending message until the server has stored it, then only the stored one', () => {
    const stored = message(4, { senderId: ME, receiverId: HER, clientId: 'c' });
    expect(conversationLines([[]], [pending('c')], HER).map((l) => l.state)).toEqual(['pending']);
    expect(conversationLines([[stored]], [pending('c')], HER).map((l) => l.state)).toEqual(['confirmed']);
  });

  it("leaves out another contact's messages and pending messages", () => {
    const lines = conversationLines([[message(1), message(2, { userId: 3, senderId: 3 })]], [pending('d', 3)], HER);
    expect(lines.map((l) => l.body)).toEqual(['message 1']);
  });
});

describe('the messages an open conversation acknowledges', () => {
  it("are the contact's undelivered ones shown, not one's own, not delivered ones, not those already told", () => {
    const mine = { senderId: ME, receiverId: HER };
    const lines = conversationLines(
      [[message(1), message(2, mine), message(3, { isDelivered: true, status: 'delivered' }), message(4), message(5)]],
      [pending('c')],
      HER,
    );
    expect(receivedBatches(lines, new Set([4]))).toEqual([[1, 5]]);
    expect(receivedBatches(lines, new Set([1, 4, 5]))).toEqual([]);
  });

  it('go in batches the bridge takes (at most 500 ids each)', () => {
    const many = Array.from({ length: 1201 }, (_, i) => message(i + 1));
    const batches = receivedBatches(conversationLines([many], [], HER), new Set());
    expect(batches.map((b) => b.length)).toEqual([500, 500, 201]);
    expect(batches.flat()).toEqual(many.map((m) => m.id));
  });
});

describe('a chat push reaching the page', () => {
  it('is read only as the event it is, and only with the payload the catalogue gives it', () => {
    const push = (event: 'message' | 'get_all_chat', data: unknown) => ({ type: 'realtime' as const, event, data });
    expect(realtimePayload(push('get_all_chat', { unread: 3 }), 'get_all_chat')).toEqual({ unread: 3 });
    expect(realtimePayload(push('get_all_chat', { unread: 3 }), 'message')).toBeNull();
    expect(realtimePayload(push('get_all_chat', { unread: -1 }), 'get_all_chat')).toBeNull();
    expect(realtimePayload(push('message', message(1)), 'message')?.body).toBe('message 1');
    expect(realtimePayload({ type: 'realtime-connected' }, 'message')).toBeNull();
  });
});
