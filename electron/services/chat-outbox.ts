import { randomUUID } from 'node:crypto';
import { chatSend } from '../../shared/api/chat';
import type { BridgeEvent, BridgeRequest, PendingChat } from '../../shared/ipc';
import { MAX_PENDING_CHATS, type ChatStore } from '../platform/ports';
import type { ApiClient } from './api-client';
import type { Session } from './session';
import { unrefTimer, type Timer } from './timer';

export interface ChatOutboxDeps {
  api: ApiClient;
  session: Session;
  store: ChatStore;
  /** To the page: `chat-pending` on every change of the queue, `chat-refused` for a message refused. */
  emit: (event: BridgeEvent) => void;
  now?: () => Date;
  /** Runs the next try after a failure; tests step it by hand. */
  setTimer?: Timer;
}

/** The wait before the next try while the server cannot be reached: doubled each failure, up to a minute. */
export const CHAT_RETRY_FIRST_MS = 1_000;
const CHAT_RETRY_MAX_MS = 60_000;

/**
 * The station's chat messages on their way to the server (spec 4: pending). A message is on disk
 * before the page hears of it, then sent (POST /chats) oldest first, one at a time, under the clientId
 * it was written with, until the server answers: a resend after a lost answer is stored once. Only the
 * signed-in user's messages leave, as that user; another's wait for their next sign-in here.
 */
export class ChatOutbox {
  private sending: Promise<void> | null = null;
  /** Asked to send since the last look at the queue: look again before stopping. */
  private asked = false;
  private failures = 0;
  private retry: { cancel(): void } | null = null;
  private stopped = false;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: ChatOutboxDeps) {
    // A sign-in sends what that user left waiting here.
    this.unsubscribe = deps.session.onChange(() => void this.flush());
  }

  /** Keeps the message as pending (answered once it is on disk) and sends it as soon as it can. */
  async write(draft: BridgeRequest<'pos:chat-send'>): Promise<PendingChat> {
    const now = this.deps.now?.() ?? new Date();
    const chat: PendingChat = { clientId: randomUUID(), ...draft, createdAt: now.toISOString(), pending: true };
    const user = await this.deps.session.user();
    if (!user) return this.refuse(chat, 'NOT_AUTHORISED');
    let full = false;
    const stored = await this.deps.store.update(user.id, (held) => {
      full = held.pending.length >= MAX_PENDING_CHATS;
      return full ? held : { ...held, pending: [...held.pending, chat] };
    });
    if (full) return this.refuse(chat, 'TOO_MANY_REQUESTS');
    this.deps.emit({ type: 'chat-pending', pending: stored.pending });
    void this.flush();
    return chat;
  }

  /** The signed-in user's messages not stored by the server yet, oldest first. */
  async pending(): Promise<PendingChat[]> {
    const user = await this.deps.session.user();
    return user ? (await this.deps.store.load(user.id)).pending : [];
  }

  /**
   * Sends what waits, unless a send is under way (which then looks again before it stops). Called on
   * each write, sign-in and (re)connection of the realtime socket, and by the retry timer.
   */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.asked = true;
    this.sending ??= this.drain();
    return this.sending;
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe();
    this.retry?.cancel();
  }

  private async drain(): Promise<void> {
    try {
      while (this.asked && !this.stopped) {
        this.asked = false;
        await this.sendWaiting();
      }
    } finally {
      // In the same step as the last look at `asked`: a flush asked after it starts a new drain.
      this.sending = null;
    }
  }

  /** Sends the queue in order until it is empty or a message's outcome is unknown (then: retry later). */
  private async sendWaiting(): Promise<void> {
    for (;;) {
      const user = await this.deps.session.user();
      if (!user || this.stopped) return;
      const [next] = (await this.deps.store.load(user.id)).pending;
      if (!next) return;
      const { clientId, receiverId, body, replyTo } = next;
      const answer = await this.deps.api.attempt(chatSend, { clientId, receiverId, body, replyTo }, clientId, user.id);
      if (answer.outcome === 'unknown') return this.retryLater();
      this.failures = 0;
      const left = await this.deps.store.update(user.id, (held) => ({
        ...held,
        pending: held.pending.filter((chat) => chat.clientId !== clientId),
      }));
      // The page now shows whoever is signed in: another user's queue is none of its business.
      if ((await this.deps.session.user())?.id !== user.id) continue;
      if (answer.outcome === 'refused') this.deps.emit({ type: 'chat-refused', clientId, key: answer.key });
      this.deps.emit({ type: 'chat-pending', pending: left.pending });
    }
  }

  private retryLater(): void {
    this.retry?.cancel();
    const wait = Math.min(CHAT_RETRY_FIRST_MS * 2 ** this.failures++, CHAT_RETRY_MAX_MS);
    const setTimer = this.deps.setTimer ?? unrefTimer;
    this.retry = setTimer(() => {
      this.retry = null;
      void this.flush();
    }, wait);
  }

  private refuse(chat: PendingChat, key: string): PendingChat {
    this.deps.emit({ type: 'chat-refused', clientId: chat.clientId, key });
    return chat;
  }
}
