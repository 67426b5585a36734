import { z } from 'zod';
import { chatMessageSchema } from './api/chat';

const id = z.number().int().positive();

/**
 * Every realtime event, declared once: its payload and which way it travels (socket.io between the
 * server and the station's main process, which forwards server events to its pages as bridge pushes);
 * from the server, to whom (`to`: a branch's stations or one user's); to it, what it answers (`ack`).
 */
export const realtimeEvents = {
  /**
   * Who is inside this branch or one of its rooms changed (a check-in, a check-out, a move between rooms),
   * or one of its rooms did (its supervisors, its details): the lists of who is inside are out of date.
   */
  visits_changed: {
    direction: 'server-to-client',
    to: 'branch',
    payload: z.object({ branch_id: z.number().int().positive() }),
  },
  /** A sale of this branch was made or cancelled: its takings (the dashboard, the reports) are out of date. */
  sales_changed: {
    direction: 'server-to-client',
    to: 'branch',
    payload: z.object({ branch_id: z.number().int().positive() }),
  },
  /** A promotion campaign of this branch moved on (rows sent, paused, done): its progress is out of date. */
  promotion_changed: {
    direction: 'server-to-client',
    to: 'branch',
    payload: z.object({ branch_id: z.number().int().positive(), campaign_id: z.number().int().positive() }),
  },
  // Staff chat (spec 7, issue 24). Chat events go to one user's stations, not to a branch.
  /** A message to this user, stored. Their station acknowledges it with `message_received`. */
  message: { direction: 'server-to-client', to: 'user', payload: chatMessageSchema },
  /** A message this user sent, stored (confirmed): on every station of theirs, the sending one too. */
  new_chat_response: { direction: 'server-to-client', to: 'user', payload: chatMessageSchema },
  /** A message this user sent reached the receiver's station. */
  message_delivered: {
    direction: 'server-to-client',
    to: 'user',
    payload: z.object({ id, clientId: z.string(), receiverId: id, deliveredAt: z.string() }),
  },
  /**
   * On each (re)connection: the messages to or from this user after the `after` the socket's handshake
   * named (the last one the station holds), CHAT_CATCH_UP_LIMIT at most; `more`: ask GET /chats/missed.
   */
  chat_data: {
    direction: 'server-to-client',
    to: 'user',
    payload: z.object({ messages: z.array(chatMessageSchema), more: z.boolean() }),
  },
  /** On each (re)connection, and when it changes: messages to this user after what they read (the menu's count). */
  get_all_chat: {
    direction: 'server-to-client',
    to: 'user',
    payload: z.object({ unread: z.number().int().min(0) }),
  },
  /** The station holds message `id` (to `receiverId`, the signed-in user): it is delivered. */
  message_received: {
    direction: 'client-to-server',
    payload: z.object({ id, receiverId: id, socketId: z.string().max(100) }),
  },
  /** A refreshed access token for the same socket; answered (ack) with whether it was taken. */
  reauthenticate: {
    direction: 'client-to-server',
    payload: z.object({ token: z.string().min(1).max(4096) }),
    ack: z.object({ ok: z.boolean() }),
  },
} as const;

export type RealtimeEventName = keyof typeof realtimeEvents;
export type RealtimePayload<E extends RealtimeEventName> = z.output<(typeof realtimeEvents)[E]['payload']>;
export type ServerEventName = {
  [E in RealtimeEventName]: (typeof realtimeEvents)[E]['direction'] extends 'server-to-client' ? E : never;
}[RealtimeEventName];

export type ClientEventName = Exclude<RealtimeEventName, ServerEventName>;
type Events = typeof realtimeEvents;
/** The server events told to a whole branch (its stations and the administrators'): `to: 'branch'`. */
export type BranchEventName = {
  [E in ServerEventName]: Events[E] extends { to: 'branch' } ? E : never;
}[ServerEventName];
/** The server events told to one user's stations: `to: 'user'`. */
export type UserEventName = Exclude<ServerEventName, BranchEventName>;

/** socket.io's typed maps for `Server<ClientToServer, ServerToClient>` and `Socket<ServerToClient, ClientToServer>`. */
export type ServerToClientEvents = { [E in ServerEventName]: (payload: RealtimePayload<E>) => void };
export type ClientToServerEvents = {
  [E in ClientEventName]: (
    payload: RealtimePayload<E>,
    ...ack: Events[E] extends { ack: z.ZodType } ? [ack: (answer: z.output<Events[E]['ack']>) => void] : []
  ) => void;
};

/** A received event checked against the catalogue: unknown names, the other way's and bad payloads are null (dropped). */
export function parseRealtime(
  event: string,
  data: unknown,
  direction: 'server-to-client' | 'client-to-server' = 'server-to-client',
): { event: RealtimeEventName; data: unknown } | null {
  if (!Object.hasOwn(realtimeEvents, event)) return null;
  const name = event as RealtimeEventName;
  if (realtimeEvents[name].direction !== direction) return null;
  const parsed = realtimeEvents[name].payload.safeParse(data);
  return parsed.success ? { event: name, data: parsed.data } : null;
}

/** The socket.io path on the server's own HTTP server. */
export const REALTIME_PATH = '/realtime';
