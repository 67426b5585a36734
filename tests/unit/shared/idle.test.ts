import { describe, expect, it } from 'vitest';
import { IdleClock } from '../../../shared/domain/idle';

describe('the idle rule (a station locks after the idle time the manager set)', () => {
  it('counts as idle only once the whole idle time has passed with nobody touching it', () => {
    let now = 1_000_000;
    const clock = new IdleClock(600_000, () => now);
    now += 599_999;
    expect(clock.isIdle()).toBe(false);
    expect(clock.msLeft()).toBe(1);
    now += 1;
    expect(clock.isIdle()).toBe(true);
    expect(clock.msLeft()).toBe(0);
  });

  it('starts the idle time again from each key, click or touch', () => {
    let now = 0;
    const clock = new IdleClock(10_000, () => now);
    now = 9_000;
    clock.touch();
    now = 18_000;
    expect(clock.isIdle()).toBe(false);
    expect(clock.msLeft()).toBe(1_000);
    now = 19_000;
    expect(clock.isIdle()).toBe(true);
  });
});
