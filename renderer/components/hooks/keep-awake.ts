import { useEffect, useSyncExternalStore } from 'react';

/** Screens that are meant to stay on (the room view at a room door) hold the idle lock off while shown. */
let holders = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Keeps the station from locking for idleness while the calling screen is shown. */
export function useKeepAwake(): void {
  useEffect(() => {
    holders++;
    changed();
    return () => {
      holders--;
      changed();
    };
  }, []);
}

/** Whether a shown screen keeps the station awake (the idle lock waits). */
export function useKeptAwake(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => holders > 0,
  );
}
