import { describe, expect, it } from 'vitest';
import { ageOn, ageOutOfRange, hasSpace } from '../../../shared/domain/room';

describe('a kid’s age on a day', () => {
  it('counts whole years, a birthday counting from its own day', () => {
    expect(ageOn('2020-06-15', '2026-06-14')).toBe(5);
    expect(ageOn('2020-06-15', '2026-06-15')).toBe(6);
    expect(ageOn('2020-02-29', '2026-02-28')).toBe(5);
    expect(ageOn('2020-02-29', '2026-03-01')).toBe(6);
  });

  it('is unknown without a readable birth date, or for one after the day', () => {
    expect(ageOn(null, '2026-01-01')).toBeNull();
    expect(ageOn('15/06/2020', '2026-01-01')).toBeNull();
    expect(ageOn('2027-01-01', '2026-01-01')).toBeNull();
  });
});

describe('a room’s ages', () => {
  const room = { min_age: 4, max_age: 8 };
  it('says below or above, and lets in a kid within them or of unknown age', () => {
    expect(ageOutOfRange(room, 3)).toBe('below');
    expect(ageOutOfRange(room, 9)).toBe('above');
    expect(ageOutOfRange(room, 4)).toBeNull();
    expect(ageOutOfRange(room, 8)).toBeNull();
    expect(ageOutOfRange(room, null)).toBeNull();
    expect(ageOutOfRange({ min_age: null, max_age: null }, 17)).toBeNull();
  });
});

describe('a room’s capacity', () => {
  it('takes kids up to it; without one, always', () => {
    expect(hasSpace({ capacity: 5 }, 4)).toBe(true);
    expect(hasSpace({ capacity: 5 }, 5)).toBe(false);
    expect(hasSpace({ capacity: null }, 500)).toBe(true);
  });
});
