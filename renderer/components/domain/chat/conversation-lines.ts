import type { ChatMessage } from '../../../../shared/api/chat';
import { MAX_CHAT_RECEIVED_IDS, type ChatState } from '../../../../shared/domain/chat';
import type { PendingChat } from '../../../../shared/ipc';

/** One message as the conversation shows it, stored or still pending on this station. */
export interface Line {
  key: string;
  body: string;
  replyTo: number | null;
  createdAt: string;
  mine: boolean;
  state: ChatState;
  /** The stored message (absent while pending): what a reply or a bookmark refers to. */
  stored: ChatMessage | null;
}

const stateOf = (m: ChatMessage): ChatState => (m.isDelivered || m.status === 'delivered' ? 'delivered' : 'confirmed');

/**
 * The conversation with `contactId`, oldest first: the stored messages of every span loaded (each once,
 * however many spans or realtime events brought it), then this station's pending messages to that
 * contact that the server has not yet answered as stored.
 */
export function conversationLines(
  spans: readonly (readonly ChatMessage[])[],
  pending: readonly PendingChat[],
  contactId: number,
): Line[] {
  const byId = new Map<number, ChatMessage>();
  for (const m of spans.flat()) if (m.userId === contactId) byId.set(m.id, m);
  const stored = [...byId.values()].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id);
  const storedClientIds = new Set(stored.map((m) => m.clientId));
  return [
    ...stored.map((m): Line => ({
      key: `m${m.id}`,
      body: m.body,
      replyTo: m.replyTo,
      createdAt: m.createdAt,
      mine: m.senderId !== contactId,
      state: stateOf(m),
      stored: m,
    })),
    ...pending
      .filter((p) => p.receiverId === contactId && !storedClientIds.has(p.clientId))
      .map((p): Line => ({
        key: `p${p.clientId}`,
        body: p.body,
        replyTo: p.replyTo,
        createdAt: p.createdAt,
        mine: true,
        state: 'pending',
        stored: null,
      })),
  ];
}

/**
 * The contact's messages to the user that these lines show undelivered and the page has not yet
 * acknowledged (spec 4: shown in the open conversation, they are received), in batches the bridge takes.
 */
export function receivedBatches(lines: readonly Line[], acknowledged: ReadonlySet<number>): number[][] {
  const ids = lines.flatMap((l) =>
    l.stored && !l.mine && l.state !== 'delivered' && !acknowledged.has(l.stored.id) ? [l.stored.id] : [],
  );
  const batches: number[][] = [];
  for (let at = 0; at < ids.length; at += MAX_CHAT_RECEIVED_IDS)
    batches.push(ids.slice(at, at + MAX_CHAT_RECEIVED_IDS));
  return batches;
}
