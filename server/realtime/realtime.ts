import type { Server as HttpServer } from 'node:http';
import type pg from 'pg';
import { createAdapter } from '@socket.io/postgres-adapter';
import { closeAdapter } from './adapter-close';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import {
  REALTIME_PATH,
  parseRealtime,
  realtimeEvents,
  type ClientToServerEvents,
  type RealtimePayload,
  type BranchEventName,
  type ServerEventName,
  type ServerToClientEvents,
  type UserEventName,
} from '../../shared/realtime';
import { hasFullAccess, type SessionUser } from '../../shared/permissions';

/** How the server's modules tell stations something changed: one call, whatever carries it. */
export interface Realtime {
  publish<E extends BranchEventName>(event: E, payload: RealtimePayload<E>): void;
  /**
   * To every station of one user, on whichever server instance it is connected; resolves once the
   * other instances have been told (an answer given after it cannot outrun the telling).
   */
  toUser<E extends UserEventName>(userId: number, event: E, payload: RealtimePayload<E>): Promise<void>;
}

/** Administrators hear every branch; everyone else their own branch's room. */
const ADMINISTRATORS = 'administrators';
const branchRoom = (branchId: number) => `branch:${branchId}`;
/** The sockets one sign-in opened, closed together when it ends. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
/** Every socket of one user (their stations, on any instance): chat events go there. */
const userRoom = (userId: number) => `user:${userId}`;
/** socket.io-parser's EVENT packet type, which `io.to().emit()` gives the packets it hands the adapter. */
const EVENT_PACKET = 2;

const handshakeAuth = z.object({
  token: z.string().min(1).max(4096),
  /** The last chat message the station holds; what came after is sent on connection (chat_data). */
  after: z.unknown().optional(),
});
const catchUpFrom = z.number().int().min(0).max(2_147_483_647);

type SocketData = { user: SessionUser; sessionId: string; after: number | null };
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<never, never>, SocketData>;

/** What the chat answers a connecting station, and hears from it. */
export interface RealtimeChat {
  /** Messages to or from the user after message `after` (the catch-up). */
  missed(userId: number, after: number): Promise<RealtimePayload<'chat_data'>>;
  /** Messages to the user after what they read: the menu's count. */
  unread(userId: number): Promise<number>;
  /** The user's station holds message `id`. */
  received(userId: number, id: number): Promise<void>;
}

export interface RealtimeOptions {
  authenticate(token: string): Promise<{ user: SessionUser | null; sessionId: string | null }>;
  /** Of these sign-ins, the ones still open (not signed out, their employee not deleted). */
  openSessions(sessionIds: string[]): Promise<Set<string>>;
  /** How often the sockets' sign-ins are checked again. */
  checkEveryMs: number;
  chat: RealtimeChat;
  /**
   * The pool @socket.io/postgres-adapter talks through (LISTEN/NOTIFY on the server's own database),
   * so that server instances sharing it reach each other's sockets; without it, this instance's only.
   */
  adapterPool?: pg.Pool;
  /** Where a socket-level failure is told (a catch-up the database could not answer). */
  onError?: (error: unknown) => void;
}

/**
 * socket.io on the server's own HTTP server. A socket opens only with a valid access token in its
 * handshake (the user as they are now), refused with SESSION_EXPIRED otherwise; it joins its branch's
 * room, or the administrators'. Events carry what the catalogue in shared/realtime.ts declares. It is
 * closed when its sign-in ends: at once when that happens on this instance (endSession), at the next
 * check when on another instance or when its employee is deleted.
 *
 * Chat: each socket also joins its user's room. On connection it is sent what it missed (`chat_data`,
 * after the handshake's `after`) and the unread count (`get_all_chat`): nothing relies on a socket
 * having stayed up, since the adapter keeps no state across reconnections. `message_received` marks a
 * message delivered; `reauthenticate` moves the socket to a refreshed token of the same user.
 */
export function attachRealtime(
  http: HttpServer,
  { authenticate, openSessions, checkEveryMs, chat, adapterPool, onError = () => {} }: RealtimeOptions,
): Realtime & { endSession(sessionId: string): void; close(): Promise<void> } {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<never, never>, SocketData>(http, {
    path: REALTIME_PATH,
    serveClient: false,
    cors: { origin: false },
    ...(adapterPool ? { adapter: createAdapter(adapterPool, { errorHandler: onError }) } : {}),
  });
  const signIn = async (token: string) => {
    const { user, sessionId } = await authenticate(token);
    return user && sessionId ? { user, sessionId } : null;
  };
  io.use((socket, next) => {
    const auth = handshakeAuth.safeParse(socket.handshake.auth);
    if (!auth.success) return next(new Error('SESSION_EXPIRED'));
    const after = catchUpFrom.safeParse(auth.data.after);
    signIn(auth.data.token).then(
      (signedIn) => {
        if (!signedIn) return next(new Error('SESSION_EXPIRED'));
        socket.data = { ...signedIn, after: after.success ? after.data : null };
        next();
      },
      () => next(new Error('SESSION_EXPIRED')),
    );
  });
  const joinRooms = (socket: RealtimeSocket) => {
    const { user, sessionId } = socket.data;
    for (const room of socket.rooms) if (room !== socket.id) void socket.leave(room);
    void socket.join([sessionRoom(sessionId), userRoom(user.id)]);
    if (hasFullAccess(user)) void socket.join(ADMINISTRATORS);
    if (user.branch_id !== null) void socket.join(branchRoom(user.branch_id));
  };
  const catchUp = async (socket: RealtimeSocket) => {
    const { user, after } = socket.data;
    if (after !== null)
      socket.emit('chat_data', realtimeEvents.chat_data.payload.parse(await chat.missed(user.id, after)));
    socket.emit('get_all_chat', { unread: await chat.unread(user.id) });
  };
  io.on('connection', (socket) => {
    joinRooms(socket);
    catchUp(socket).catch(onError);
    // One station's acknowledgements are handled in the order it sent them.
    let acknowledged = Promise.resolve();
    socket.on('message_received', (data: unknown) => {
      const parsed = parseRealtime('message_received', data, 'client-to-server');
      if (!parsed) return;
      const { id, receiverId } = realtimeEvents.message_received.payload.parse(parsed.data);
      // Only the receiver's own stations say a message arrived.
      if (receiverId !== socket.data.user.id) return;
      acknowledged = acknowledged.then(() => chat.received(receiverId, id)).catch(onError);
    });
    socket.on('reauthenticate', (data: unknown, ack: unknown) => {
      const answer = (ok: boolean) => {
        if (typeof ack === 'function') (ack as (answer: { ok: boolean }) => void)({ ok });
        if (!ok) socket.disconnect(true);
      };
      const parsed = realtimeEvents.reauthenticate.payload.safeParse(data);
      if (!parsed.success) return answer(false);
      signIn(parsed.data.token).then(
        (signedIn) => {
          if (!signedIn || signedIn.user.id !== socket.data.user.id) return answer(false);
          socket.data = { ...socket.data, ...signedIn };
          joinRooms(socket);
          answer(true);
        },
        () => answer(false),
      );
    });
  });
  const endSession = (sessionId: string) => io.in(sessionRoom(sessionId)).disconnectSockets(true);
  const closeEnded = async () => {
    // This instance's sockets: each instance checks its own.
    const sessionIds = [...new Set((await io.local.fetchSockets()).map((socket) => socket.data.sessionId))];
    if (sessionIds.length === 0) return;
    const open = await openSessions(sessionIds);
    for (const sessionId of sessionIds) if (!open.has(sessionId)) endSession(sessionId);
  };
  let check: NodeJS.Timeout;
  const checkLater = () => {
    // A failed check (the database away a moment) is tried again at the next one.
    check = setTimeout(
      () =>
        void closeEnded()
          .catch(() => undefined)
          .finally(checkLater),
      checkEveryMs,
    ).unref();
  };
  checkLater();
  return {
    publish(event, payload) {
      // Every server event so far concerns one branch: its stations hear it, and the administrators.
      const checked = realtimeEvents[event].payload.parse(payload);
      // The payload was just checked against this event's schema; TypeScript cannot pair the two.
      const rooms: { emit(event: ServerEventName, payload: unknown): boolean } = io.to([
        branchRoom(checked.branch_id),
        ADMINISTRATORS,
      ]);
      rooms.emit(event, checked);
    },
    async toUser(userId, event, payload) {
      const checked = realtimeEvents[event].payload.parse(payload);
      // Handed to the adapter as io.to().emit() would, but awaited: emit() drops the promise of the
      // postgres adapter's NOTIFY, so a chat answer could leave before it, and a server killed in
      // between never told the receiver's socket on another instance (which is not caught up until it
      // reconnects). The in-memory adapter tells at once and returns nothing.
      await io
        .of('/')
        .adapter.broadcast(
          { type: EVENT_PACKET, data: [event, checked], nsp: '/' },
          { rooms: new Set([userRoom(userId)]), except: new Set() },
        );
    },
    /** A signed-out station hears nothing more: its socket would otherwise live on its handshake. */
    endSession,
    async close() {
      clearTimeout(check);
      // The connections close, with no word to the sockets: a station hears a lost connection and keeps
      // retrying until this server (or another) is back. Told to disconnect ('io server disconnect', as
      // on a sign-out) it gave up for good, and what it wrote meanwhile stayed pending.
      io.engine.close();
      // Stops the adapter's heartbeat and hands its LISTEN connection back, before the pool is ended.
      await closeAdapter(io.of('/').adapter);
    },
  };
}
