import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../api/base';
import { bridge } from './index';
import type { ServerEventName } from '../../shared/realtime';

/** What each realtime event makes stale on this page: those queries load again. */
const staleAfter: { [E in ServerEventName]: Parameters<typeof api.util.invalidateTags>[0] } = {
  visits_changed: ['Session'],
  promotion_changed: ['Promotion'],
  // Chat events are the chat's own business (features/chat); the lists they touch reload here.
  message: ['Chat'],
  new_chat_response: ['Chat'],
  message_delivered: ['Chat'],
  chat_data: ['Chat'],
  get_all_chat: [],
};

/** Everything some event keeps fresh: while the socket was down any of them may have been missed. */
const keptFresh = [...new Set(Object.values(staleAfter).flat())];

/**
 * Keeps the page's lists in step with other stations' changes, with no poll: each event reloads what it
 * made stale, and a (re)connection of the station's socket reloads all of it once. Mounted once by the app shell.
 */
export function useRealtimeRefresh(): void {
  const dispatch = useDispatch();
  useEffect(
    () =>
      bridge.onEvent((event) => {
        if (event.type === 'realtime-connected') dispatch(api.util.invalidateTags(keptFresh));
        else if (event.type === 'realtime' && Object.hasOwn(staleAfter, event.event))
          dispatch(api.util.invalidateTags(staleAfter[event.event as ServerEventName]));
      }),
    [dispatch],
  );
}
