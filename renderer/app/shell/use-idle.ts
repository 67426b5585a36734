import { useEffect, useState } from 'react';
import { IdleClock } from '../../../shared/domain/idle';

/** What counts as someone using the station. */
const ACTIVITY = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart'] as const;

/**
 * Whether the station has been left untouched for `idleSeconds` (null: not known yet, never idle);
 * the second value starts the idle time again once the lock is lifted.
 */
export function useIdle(idleSeconds: number | null): [boolean, () => void] {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idleSeconds === null || idle) return;
    const clock = new IdleClock(idleSeconds * 1000);
    const touch = () => clock.touch();
    let timer: ReturnType<typeof setTimeout>;
    // Timers wake no earlier than asked; checking again until the clock agrees follows each touch.
    const check = () => {
      if (clock.isIdle()) setIdle(true);
      else timer = setTimeout(check, clock.msLeft());
    };
    timer = setTimeout(check, clock.msLeft());
    for (const event of ACTIVITY) window.addEventListener(event, touch, { capture: true, passive: true });
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY) window.removeEventListener(event, touch, { capture: true });
    };
  }, [idleSeconds, idle]);
  return [idle, () => setIdle(false)];
}
