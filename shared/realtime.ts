import { z } from 'zod';

/**
 * Every realtime event, declared once: its payload and which way it travels (socket.io between the
 * server and the station's main process, which forwards server events to its pages as bridge pushes).
 */
export const realtimeEvents = {
  /** A check-in or check-out in this branch: the checked-in lists there are out of date. */
  visits_changed: { direction: 'server-to-client', payload: z.object({ branch_id: z.number().int().positive() }) },
  /** A promotion campaign of this branch moved on (rows sent, paused, done): its progress is out of date. */
  promotion_changed: {
    direction: 'server-to-client',
    payload: z.object({ branch_id: z.number().int().positive(), campaign_id: z.number().int().positive() }),
  },
} as const;

export type RealtimeEventName = keyof typeof realtimeEvents;
export type RealtimePayload<E extends RealtimeEventName> = z.output<(typeof realtimeEvents)[E]['payload']>;
export type ServerEventName = {
  [E in RealtimeEventName]: (typeof realtimeEvents)[E]['direction'] extends 'server-to-client' ? E : never;
}[RealtimeEventName];

/** socket.io's typed maps for `Server<ClientToServer, ServerToClient>` and `Socket<ServerToClient, ClientToServer>`. */
export type ServerToClientEvents = { [E in ServerEventName]: (payload: RealtimePayload<E>) => void };
export type ClientToServerEvents = Record<never, never>;

/** A server event as it reaches the page (a bridge push); its data was checked by `parseRealtime`. */
export type RealtimeBridgeEvent = { type: 'realtime'; event: RealtimeEventName; data: unknown };

/** A received event checked against the catalogue: unknown names and bad payloads are null (dropped). */
export function parseRealtime(event: string, data: unknown): { event: RealtimeEventName; data: unknown } | null {
  if (!Object.hasOwn(realtimeEvents, event)) return null;
  const name = event as RealtimeEventName;
  const parsed = realtimeEvents[name].payload.safeParse(data);
  return parsed.success ? { event: name, data: parsed.data } : null;
}

/** The socket.io path on the server's own HTTP server. */
export const REALTIME_PATH = '/realtime';
