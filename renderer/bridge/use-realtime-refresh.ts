import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../api/base';
import { bridge } from './index';
import { staleOn } from './stale-tags';

/** Keeps the page's lists in step with other stations' changes; mounted once by the app shell. */
export function useRealtimeRefresh(): void {
  const dispatch = useDispatch();
  useEffect(
    () =>
      bridge.onEvent((event) => {
        const stale = staleOn(event);
        if (stale.length) dispatch(api.util.invalidateTags(stale));
      }),
    [dispatch],
  );
}
