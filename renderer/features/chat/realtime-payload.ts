import type { BridgeEvent } from '../../../shared/ipc';
import { realtimeEvents, type RealtimePayload, type ServerEventName } from '../../../shared/realtime';

/** A bridge push's realtime payload if it is event `name`, checked against the catalogue; else null. */
export function realtimePayload<E extends ServerEventName>(event: BridgeEvent, name: E): RealtimePayload<E> | null {
  if (event.type !== 'realtime' || event.event !== name) return null;
  const parsed = realtimeEvents[name].payload.safeParse(event.data);
  return parsed.success ? (parsed.data as RealtimePayload<E>) : null;
}
