import type { api } from '../api/base';
import type { ServerEventName } from '../../shared/realtime';
import type { BridgeEvent } from '../../shared/ipc';

type Tags = Parameters<typeof api.util.invalidateTags>[0];

/** What each realtime event makes stale on this page: those queries load again. */
const staleAfter: { [E in ServerEventName]: Tags } = {
  visits_changed: ['Visit'],
  sales_changed: ['Invoice'],
  promotion_changed: ['Promotion'],
  // Chat events are the chat's own business (features/chat); the lists they touch reload here.
  message: ['Chat'],
  new_chat_response: ['Chat'],
  message_delivered: ['Chat'],
  chat_data: ['Chat'],
  get_all_chat: [],
};

/** Everything some event keeps fresh: while the socket was down any of them may have been missed. */
const keptFresh: Tags = [...new Set(Object.values(staleAfter).flat())];

/**
 * What this bridge push makes stale on the page, with no poll behind it: an event what it concerns, the
 * station's socket (re)connecting everything events keep fresh (once); other pushes nothing.
 */
export function staleOn(event: BridgeEvent): Tags {
  if (event.type === 'realtime-connected') return keptFresh;
  if (event.type === 'realtime' && Object.hasOwn(staleAfter, event.event))
    return staleAfter[event.event as ServerEventName];
  return [];
}
