import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { z } from 'zod';
import {
  REALTIME_PATH,
  realtimeEvents,
  type ClientToServerEvents,
  type RealtimePayload,
  type ServerEventName,
  type ServerToClientEvents,
} from '../../shared/realtime';
import { hasFullAccess, type SessionUser } from '../../shared/permissions';

/** How the server's modules tell stations something changed: one call, whatever carries it. */
export interface Realtime {
  publish<E extends ServerEventName>(event: E, payload: RealtimePayload<E>): void;
}

/** Administrators hear every branch; everyone else their own branch's room. */
const ADMINISTRATORS = 'administrators';
const branchRoom = (branchId: number) => `branch:${branchId}`;
/** The sockets one sign-in opened, closed together when it ends. */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

const handshakeAuth = z.object({ token: z.string().min(1).max(4096) });

type SocketData = { user: SessionUser; sessionId: string };

export interface RealtimeOptions {
  authenticate(token: string): Promise<{ user: SessionUser | null; sessionId: string | null }>;
  /** Of these sign-ins, the ones still open (not signed out, their employee not deleted). */
  openSessions(sessionIds: string[]): Promise<Set<string>>;
  /** How often the sockets' sign-ins are checked again. */
  checkEveryMs: number;
}

/**
 * socket.io on the server's own HTTP server. A socket opens only with a valid access token in its
 * handshake (the user as they are now), refused with SESSION_EXPIRED otherwise; it joins its branch's
 * room, or the administrators'. Events carry what the catalogue in shared/realtime.ts declares. It is
 * closed when its sign-in ends: at once when that happens on this instance (endSession), at the next
 * check when on another instance or when its employee is deleted.
 */
export function attachRealtime(
  http: HttpServer,
  { authenticate, openSessions, checkEveryMs }: RealtimeOptions,
): Realtime & { endSession(sessionId: string): void; close(): void } {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<never, never>, SocketData>(http, {
    path: REALTIME_PATH,
    serveClient: false,
    cors: { origin: false },
  });
  io.use((socket, next) => {
    const auth = handshakeAuth.safeParse(socket.handshake.auth);
    if (!auth.success) return next(new Error('SESSION_EXPIRED'));
    authenticate(auth.data.token).then(
      ({ user, sessionId }) => {
        if (!user || !sessionId) return next(new Error('SESSION_EXPIRED'));
        socket.data = { user, sessionId };
        next();
      },
      () => next(new Error('SESSION_EXPIRED')),
    );
  });
  io.on('connection', (socket) => {
    const { user, sessionId } = socket.data;
    void socket.join(sessionRoom(sessionId));
    if (hasFullAccess(user)) void socket.join(ADMINISTRATORS);
    if (user.branch_id !== null) void socket.join(branchRoom(user.branch_id));
  });
  const endSession = (sessionId: string) => io.in(sessionRoom(sessionId)).disconnectSockets(true);
  const closeEnded = async () => {
    const sessionIds = [...new Set((await io.fetchSockets()).map((socket) => socket.data.sessionId))];
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
    /** A signed-out station hears nothing more: its socket would otherwise live on its handshake. */
    endSession,
    close() {
      clearTimeout(check);
      // The connections close, with no word to the sockets: a station hears a lost connection and keeps
      // retrying until this server (or another) is back. Told to disconnect ('io server disconnect', as
      // on a sign-out) it gave up for good, and what it wrote meanwhile stayed pending.
      io.engine.close();
    },
  };
}
