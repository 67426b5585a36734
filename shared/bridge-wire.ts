import * as z from 'zod/mini';
import type { PendingChat } from './pending-chat';
import type { RealtimeEventName } from './realtime';
import type { UpdateStatus } from './update-status';
import type { OfflineStatus } from './offline-status';

/**
 * What the browser-mode bridge's WebSocket carries to the page, checked there with zod/mini: the page
 * checks every message before its login screen can show, and classic zod (the station's side, the
 * channel table) would be a tenth of all the login screen loads. The station checks the same events
 * with the full catalogue before they get here (`parseRealtime`, `bridgeChannels`).
 */
export const WEB_BRIDGE_PATH = '/bridge';

const id = z.number().check(z.int(), z.nonnegative());

/**
 * Main → renderer pushes, on the one event channel, declared once: each type with its payload, as the
 * page checks it and as the station's code types it (`BridgeEvent`). What the station checked with the
 * full schemas before sending is typed here without being checked again.
 */
const bridgeEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session-ended') }),
  z.object({ type: z.literal('supervisor-ended') }),
  /**
   * A server event (any of `realtimeEvents`: a new one needs nothing here), its data checked by the
   * station's `parseRealtime`.
   */
  z.object({
    type: z.literal('realtime'),
    event: z.custom<RealtimeEventName>((name) => typeof name === 'string'),
    data: z.unknown(),
  }),
  /** The station's realtime socket (re)connected: what a page shows may have moved meanwhile; resync once. */
  z.object({ type: z.literal('realtime-connected') }),
  /** The station's unsent chat messages changed (one written, one stored); checked with pendingChatSchema. */
  z.object({ type: z.literal('chat-pending'), pending: z.array(z.custom<PendingChat>()) }),
  /** The server refused a pending chat message for good (`key`: why); it is no longer pending. */
  z.object({ type: z.literal('chat-refused'), clientId: z.string(), key: z.string() }),
  /** The station's own server ended unasked and is being started again; `server-up` once it is back. */
  z.object({ type: z.literal('server-down') }),
  z.object({ type: z.literal('server-up') }),
  /** This station's update moved on (checking, n % downloaded, ready, …), as its update service tells it. */
  z.object({ type: z.literal('update-status'), status: z.custom<UpdateStatus>() }),
  /** The offline till moved on: the link lost or back, a sale queued or recorded (checked with offlineStatusSchema). */
  z.object({ type: z.literal('offline-status'), status: z.custom<OfflineStatus>() }),
]);
export type BridgeEvent = z.infer<typeof bridgeEvent>;

/** What the page accepts from the bridge; anything else is dropped. */
export const wireMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('result'), id, result: z.unknown() }),
  z.object({ kind: z.literal('error'), id, message: z.string() }),
  z.object({ kind: z.literal('event'), event: bridgeEvent }),
]) as unknown as z.ZodMiniType<WireMessage>;

/** Browser mode's WebSocket, main process → page: an answer to a request (by its id), or a push. */
export type WireMessage =
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'error'; id: number; message: string }
  | { kind: 'event'; event: BridgeEvent };
