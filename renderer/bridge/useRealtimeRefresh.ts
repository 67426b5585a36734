import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../api/base';
import { bridge } from './index';
import type { RealtimeEventName } from '../../shared/realtime';

/** What each realtime event makes stale on this page: those queries load again. */
const staleAfter: { [E in RealtimeEventName]: Parameters<typeof api.util.invalidateTags>[0] } = {
  visits_changed: ['Session'],
  promotion_changed: ['Promotion'],
};

/** Keeps the page's lists in step with other stations' changes; mounted once by the app shell. */
export function useRealtimeRefresh(): void {
  const dispatch = useDispatch();
  useEffect(
    () =>
      bridge.onEvent((event) => {
        if (event.type === 'realtime') dispatch(api.util.invalidateTags(staleAfter[event.event]));
      }),
    [dispatch],
  );
}
