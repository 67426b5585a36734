import { describe, expect, it } from 'vitest';
import { allowedMs, marginPlan, marginsOf, overtimeFee, visitTime } from '../../../shared/domain/visit-time';

const min = (m: number) => m * 60_000;
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 22, 10, 0) + min(minutes));

describe('allowed time: the hours plus each hour’s margin', () => {
  it.each([
    ['no margin', 2, '0', 120],
    ['one number is every hour’s margin', 2, '10', 140],
    ['a list per hour', 3, '10,5,2', 197],
    ['the last value repeats', 4, '10,5', 265],
    ['a list longer than the hours', 1, '15,10,5', 75],
    ['spaces are ignored', 2, ' 10 , 5 ', 135],
    ['an unreadable margin is none', 1, 'x', 60],
  ])('%s', (_case, hours, margin, minutes) => {
    expect(allowedMs(hours, margin)).toBe(min(minutes));
  });

  it('reads the margin list', () => {
    expect(marginsOf('10,5')).toEqual([10, 5]);
    expect(marginsOf('')).toEqual([0]);
  });
});

describe('pending time and overtime', () => {
  const twoHours = { checkinAt: at(0), dailyLimits: 2, marginMinutes: '10,5' }; // 135 minutes allowed

  it.each([
    ['just checked in', 0, 135, 0],
    ['inside the hours', 90, 45, 0],
    ['inside the margin', 130, 5, 0],
    ['at the last allowed minute', 135, 0, 0],
    ['a minute over is a started hour', 136, -1, 1],
    ['exactly one hour over', 195, -60, 1],
    ['into the second hour', 196, -61, 2],
    ['overtime stops counting at 8 hours', 135 + 60 * 12, -720, 8],
  ])('%s', (_case, minutes, pendingMinutes, overtimeHours) => {
    const time = visitTime(twoHours, at(minutes));
    expect(time.pendingMs).toBe(min(pendingMinutes));
    expect(time.overtimeHours).toBe(overtimeHours);
  });

  it('a clock behind the check-in is no time spent, not negative time', () => {
    expect(visitTime(twoHours, at(-5))).toMatchObject({ elapsedMs: 0, pendingMs: min(135), overtimeHours: 0 });
  });

  it('the fee is started hours times the hourly price', () => {
    expect(overtimeFee(3, 2500)).toBe(7500);
    expect(overtimeFee(0, 2500)).toBe(0);
  });
});

describe('the margin as said to a person', () => {
  it.each([
    ['one number: every hour the same', '10', { firstHours: [], thenEach: 10 }],
    ['a list: its own hours, then the last for every hour after', '10,5', { firstHours: [10], thenEach: 5 }],
    ['repeats of the last value say nothing more', '10,8,5,5', { firstHours: [10, 8], thenEach: 5 }],
    ['equal hours stay one number', '5,5', { firstHours: [], thenEach: 5 }],
    ['no margin', '0', { firstHours: [], thenEach: 0 }],
    ['unreadable is none', '', { firstHours: [], thenEach: 0 }],
  ])('%s', (_case, margin, plan) => {
    expect(marginPlan(margin)).toEqual(plan);
  });
});
