import { describe, expect, it } from 'vitest';
import { clockMinutes, clockTime } from '../../../shared/domain/promotion';

describe('a sending window’s time as typed in Settings', () => {
  it('reads hours and minutes, with or without a leading zero, and 24:00 as the day’s end', () => {
    expect(clockMinutes('09:00')).toBe(540);
    expect(clockMinutes(' 9:30 ')).toBe(570);
    expect(clockMinutes('00:00')).toBe(0);
    expect(clockMinutes('23:59')).toBe(23 * 60 + 59);
    expect(clockMinutes('24:00')).toBe(24 * 60);
  });

  it('is no time for anything else', () => {
    for (const typed of ['', '24:01', '25:00', '12:60', '9', '9:5', '09-00', '٠٩:٠٠', '12:00pm'])
      expect(clockMinutes(typed), typed).toBeNull();
  });

  it('reads back what the screen shows', () => {
    for (const minutes of [0, 540, 1259, 1440]) expect(clockMinutes(clockTime(minutes))).toBe(minutes);
  });
});
