import { io, type Socket } from 'socket.io-client';
import { z } from 'zod';
import {
  parseRealtime,
  REALTIME_PATH,
  type ClientToServerEvents,
  type RealtimeEventName,
  type RealtimePayload,
  type ServerToClientEvents,
} from '../../shared/realtime';
import type { ChatMessage } from '../../shared/api/chat';
import type { BridgeEvent } from '../../shared/ipc';
import type { ChatStore } from '../platform/ports';
import type { Session } from './session';

type StationSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
type Missed = RealtimePayload<'chat_data'>;

export interface RealtimeDeps {
  session: Session;
  serverUrl: () => string;
  /** To the page: each server event checked against the catalogue, as a bridge push; `realtime-connected` on each (re)connection. */
  emit: (event: BridgeEvent) => void;
  /** Renews the access token (saved in the session); false when the session cannot be renewed. */
  refresh: () => Promise<boolean>;
  /** Where the last chat message held per user is kept (the handshake's `after`). */
  chat: ChatStore;
  /** GET /chats/missed as `userId`: the messages after `after`, or null when no answer came. */
  missed: (after: number, userId: number) => Promise<Missed | null>;
  /** Each (re)connection: the server is back (the chat outbox sends what waited). */
  connected?: () => void;
}

const reauthAnswer = z.object({ ok: z.boolean() });

/**
 * The station's socket to the server's realtime events, open while someone is signed in. It lives in
 * the main process, which holds the tokens: each (re)connection shows the session's current access
 * token and the last chat message the station holds for the user (`after`), so the server's
 * `chat_data` brings what was missed meanwhile (the server keeps no socket state across a reconnect).
 * A refusal of an expired token is met with a refresh and one more try; a token refreshed while
 * connected is shown to the same socket (`reauthenticate`). A message is acknowledged (`message_received`)
 * only when the page shows it to its receiver (`acknowledge`), not on arrival: the sender's two ticks
 * mean the receiver has the conversation open (spec 4).
 */
export class RealtimeClient {
  private socket: StationSocket | null = null;
  private userId: number | null = null;
  /** The access token the server last accepted from, or was shown by, this socket. */
  private shownToken: string | null = null;
  /** The chat events of the socket, handled one after another (`after` only ever rises). */
  private chatQueue: Promise<void> = Promise.resolve();
  /** Messages the page showed to the user that the server has not been told of (the socket was down). */
  private readonly unacknowledged = new Set<number>();
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: RealtimeDeps) {
    this.unsubscribe = deps.session.onChange(() => void this.sync());
    void this.sync();
  }

  stop(): void {
    this.unsubscribe();
    this.close();
  }

  /** The page showed these messages to the signed-in user: told to the server now, or on the next connect. */
  acknowledge(ids: number[]): void {
    for (const id of ids) this.unacknowledged.add(id);
    this.sendAcknowledgements();
  }

  /** Opens for the signed-in user, closes on sign-out, opens anew for another user; a new token is shown. */
  private async sync(): Promise<void> {
    const tokens = await this.deps.session.tokens();
    const userId = tokens?.user.id ?? null;
    if (userId === this.userId && (this.socket !== null) === (userId !== null)) {
      if (this.socket && tokens && tokens.accessToken !== this.shownToken)
        this.reauthenticate(this.socket, tokens.accessToken);
      return;
    }
    this.close();
    // Shown to the user before: not the next user's to acknowledge (the server would ignore them).
    this.unacknowledged.clear();
    this.userId = userId;
    if (userId !== null) this.open(userId);
  }

  private open(userId: number): void {
    const socket: StationSocket = io(this.deps.serverUrl(), {
      path: REALTIME_PATH,
      transports: ['websocket'],
      auth: (answer) => void this.handshake(userId).then(answer),
    });
    socket.onAny((event: string, data: unknown) => {
      const checked = parseRealtime(event, data);
      if (!checked) return;
      this.deps.emit({ type: 'realtime', ...checked });
      this.chatQueue = this.chatQueue.then(() => this.onChat(socket, userId, checked)).catch(() => {});
    });
    socket.on('connect', () => {
      this.sendAcknowledgements();
      this.deps.emit({ type: 'realtime-connected' });
      this.deps.connected?.();
    });
    socket.on('connect_error', () => {
      // A lost connection is retried by socket.io itself (still active); a refusal means the token expired.
      if (socket.active) return;
      void this.deps.refresh().then((renewed) => {
        if (renewed && this.socket === socket) socket.connect();
      });
    });
    this.socket = socket;
  }

  private async handshake(userId: number): Promise<{ token: string; after: number }> {
    const tokens = await this.deps.session.tokens();
    this.shownToken = tokens?.accessToken ?? null;
    return { token: this.shownToken ?? '', after: (await this.deps.chat.load(userId)).after };
  }

  /** The same socket carries on under the refreshed token; refused, it connects anew with it. */
  private reauthenticate(socket: StationSocket, token: string): void {
    this.shownToken = token;
    // Not connected: the next handshake shows the session's token anyway.
    if (!socket.connected) return;
    socket.emit('reauthenticate', { token }, (answer) => {
      if (reauthAnswer.safeParse(answer).data?.ok || this.socket !== socket) return;
      socket.disconnect().connect();
    });
  }

  /** A chat event: the station holds its messages (`after` rises) and fetches the rest of a catch-up. */
  private async onChat(
    socket: StationSocket,
    userId: number,
    checked: { event: RealtimeEventName; data: unknown },
  ): Promise<void> {
    // The data was checked against the event's schema by parseRealtime.
    if (checked.event === 'message' || checked.event === 'new_chat_response') {
      await this.hold(userId, [checked.data as ChatMessage]);
      return;
    }
    if (checked.event !== 'chat_data') return;
    let page = checked.data as Missed;
    for (;;) {
      const after = await this.hold(userId, page.messages);
      if (!page.more || page.messages.length === 0 || this.socket !== socket) return;
      const next = await this.deps.missed(after, userId);
      if (!next || this.socket !== socket) return;
      this.deps.emit({ type: 'realtime', event: 'chat_data', data: next });
      page = next;
    }
  }

  /** Raises the user's `after` past these messages. */
  private async hold(userId: number, messages: ChatMessage[]): Promise<number> {
    if (messages.length === 0) return (await this.deps.chat.load(userId)).after;
    const held = await this.deps.chat.update(userId, (chat) => ({
      ...chat,
      after: Math.max(chat.after, ...messages.map((message) => message.id)),
    }));
    return held.after;
  }

  private sendAcknowledgements(): void {
    const socket = this.socket;
    if (!socket?.connected || socket.id === undefined || this.userId === null) return;
    for (const id of this.unacknowledged)
      socket.emit('message_received', { id, receiverId: this.userId, socketId: socket.id });
    this.unacknowledged.clear();
  }

  private close(): void {
    this.socket?.disconnect();
    this.socket = null;
    this.shownToken = null;
  }
}
