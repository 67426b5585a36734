import { describe, expect, it } from 'vitest';
import {
  freeze,
  nextStart,
  periodFrom,
  rechain,
  resume,
  statusOn,
  type SubscriptionDates,
} from '../../../shared/domain/subscription';

const sub = (start_date: string, end_date: string, more: Partial<SubscriptionDates> = {}): SubscriptionDates => ({
  state: 'ACTIVE',
  start_date,
  end_date,
  frozen_at: null,
  freeze_days: 0,
  ...more,
});

describe('a subscription status on a day', () => {
  it.each([
    ['before it starts', sub('2026-11-10', '2026-11-16'), '2026-11-09', 'WAITING'],
    ['on its first day', sub('2026-11-10', '2026-11-16'), '2026-11-10', 'ACTIVE'],
    ['on its last day', sub('2026-11-10', '2026-11-16'), '2026-11-16', 'ACTIVE'],
    ['the day after it ends', sub('2026-11-10', '2026-11-16'), '2026-11-17', 'INACTIVE'],
    ['cancelled', sub('2026-11-10', '2026-11-16', { state: 'CANCELLED' }), '2026-11-12', 'CANCELLED'],
    [
      'within its freeze',
      sub('2026-11-10', '2026-11-19', { state: 'FREEZED', frozen_at: '2026-11-12', freeze_days: 3 }),
      '2026-11-14',
      'FREEZED',
    ],
    [
      'when the freeze has run out',
      sub('2026-11-10', '2026-11-19', { state: 'FREEZED', frozen_at: '2026-11-12', freeze_days: 3 }),
      '2026-11-15',
      'ACTIVE',
    ],
  ] as const)('%s', (_case, s, today, status) => {
    expect(statusOn(s, today)).toBe(status);
  });
});

describe('where a new subscription starts', () => {
  it('today when the kid has nothing running', () => {
    expect(nextStart([], '2026-11-22')).toBe('2026-11-22');
    expect(nextStart([sub('2026-10-01', '2026-10-30')], '2026-11-22')).toBe('2026-11-22');
  });

  it('the day after the last kept one ends, so it waits', () => {
    const running = [
      sub('2026-11-20', '2026-11-26'),
      sub('2026-11-27', '2026-12-26'),
      sub('2026-11-20', '2027-01-30', { state: 'CANCELLED' }),
    ];
    const start = nextStart(running, '2026-11-22');
    expect(start).toBe('2026-12-27');
    expect(periodFrom(start, 30)).toEqual({ start_date: '2026-12-27', end_date: '2027-01-25' });
    expect(statusOn(sub(start, '2027-01-25'), '2026-11-22')).toBe('WAITING');
  });

  it('crosses month and leap-year ends', () => {
    expect(periodFrom('2028-02-01', 30)).toEqual({ start_date: '2028-02-01', end_date: '2028-03-01' });
    expect(periodFrom('2026-12-31', 1)).toEqual({ start_date: '2026-12-31', end_date: '2026-12-31' });
  });
});

describe('freezing and resuming', () => {
  const today = '2026-11-22';
  const active = sub('2026-11-20', '2026-11-26');

  it.each([0, -1, 1.5, 181, Number.NaN])('refuses %s freeze days', (days) => {
    expect(freeze(active, days, today)).toEqual({ ok: false, key: 'FREEZE_DAYS_NOT_VALID' });
  });

  it('freezes an active subscription and moves its end', () => {
    const result = freeze(active, 5, today);
    expect(result).toEqual({
      ok: true,
      change: { state: 'FREEZED', frozen_at: today, freeze_days: 5, end_date: '2026-12-01' },
    });
  });

  it('does not freeze one that is waiting, ended or cancelled', () => {
    expect(freeze(sub('2026-11-30', '2026-12-06'), 3, today)).toMatchObject({ ok: false, key: 'NOT_ACTIVE' });
    expect(freeze(sub('2026-11-01', '2026-11-07'), 3, today)).toMatchObject({ ok: false, key: 'NOT_ACTIVE' });
    expect(freeze({ ...active, state: 'CANCELLED' }, 3, today)).toMatchObject({ ok: false, key: 'NOT_ACTIVE' });
  });

  it('resuming early gives back the unused frozen days', () => {
    const frozen = {
      ...active,
      state: 'FREEZED' as const,
      frozen_at: '2026-11-22',
      freeze_days: 5,
      end_date: '2026-12-01',
    };
    expect(resume(frozen, '2026-11-24')).toEqual({
      ok: true,
      change: { state: 'ACTIVE', frozen_at: null, freeze_days: 2, end_date: '2026-11-28' },
    });
    expect(resume(frozen, '2026-11-22')).toMatchObject({ change: { end_date: '2026-11-26', freeze_days: 0 } });
    expect(resume(active, today)).toEqual({ ok: false, key: 'NOT_FROZEN' });
  });
});

describe('rechaining a kid’s waiting subscriptions', () => {
  const today = '2026-11-22';

  it('moves the waiting ones after a freeze, keeping their lengths', () => {
    const subs = [
      { id: 1, ...sub('2026-11-20', '2026-12-01', { state: 'FREEZED', frozen_at: today, freeze_days: 5 }) },
      { id: 2, ...sub('2026-11-27', '2026-12-26') },
      { id: 3, ...sub('2026-12-27', '2026-12-27') },
    ];
    expect(Object.fromEntries(rechain(subs, today))).toEqual({
      2: { start_date: '2026-12-02', end_date: '2026-12-31' },
      3: { start_date: '2027-01-01', end_date: '2027-01-01' },
    });
  });

  it('starts the waiting one today when the running one is cancelled', () => {
    const subs = [
      { id: 1, ...sub('2026-11-20', '2026-11-26', { state: 'CANCELLED' }) },
      { id: 2, ...sub('2026-11-27', '2026-12-03') },
    ];
    expect(rechain(subs, today).get(2)).toEqual({ start_date: today, end_date: '2026-11-28' });
  });

  it('changes nothing when the chain already fits', () => {
    expect(
      rechain(
        [
          { id: 1, ...sub('2026-11-20', '2026-11-26') },
          { id: 2, ...sub('2026-11-27', '2026-12-03') },
        ],
        today,
      ).size,
    ).toBe(0);
  });
});
