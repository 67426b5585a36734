/** The idle time a chain starts with: a station untouched this long locks (browser pages: signed out). */
export const DEFAULT_IDLE_SECONDS = 600;
/** The range a manager may set; seconds, so a test can set a few. */
export const IDLE_SECONDS_RANGE = { min: 5, max: 8 * 3600 } as const;

/**
 * When a station counts as idle: no key, click or touch for the idle time. The clock is given, so the
 * rule is tested without waiting.
 */
export class IdleClock {
  private last: number;

  constructor(
    private readonly idleMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.last = now();
  }

  /** Someone used the station. */
  touch(): void {
    this.last = this.now();
  }

  /** Milliseconds until it counts as idle; 0 once it does. */
  msLeft(): number {
    return Math.max(0, this.last + this.idleMs - this.now());
  }

  isIdle(): boolean {
    return this.msLeft() === 0;
  }
}
