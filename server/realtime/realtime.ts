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

/**
 * socket.io on the server's own HTTP server. A socket opens only with a valid access token in its
 * handshake (the user as they are now), refused with SESSION_EXPIRED otherwise; it joins its branch's
 * room, or the administrators'. Events carry what the catalogue in shared/realtime.ts declares.
 */
export function attachRealtime(
  http: HttpServer,
  authenticate: (token: string) => Promise<{ user: SessionUser | null; sessionId: string | null }>,
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
    endSession(sessionId) {
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    close() {
      io.disconnectSockets(true);
      io.engine.close();
    },
  };
}
