import { SUBSCRIPTION_STATUSES } from './constants';

/**
 * Subscription dates and statuses. A subscription is a run of calendar days (`YYYY-MM-DD`, both ends
 * included). What is stored is only what staff decided — kept, frozen, cancelled; whether it is
 * ACTIVE, WAITING, FREEZED or INACTIVE today follows from its dates, so it never goes stale. "Today"
 * is the selling branch's calendar day (`dayIn` of its time zone, shared/domain/time-zone.ts).
 */
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type SubscriptionState = 'ACTIVE' | 'FREEZED' | 'CANCELLED';

/** Freezing is for holidays and illness: a day to half a year. */
export const MAX_FREEZE_DAYS = 180;

export interface SubscriptionDates {
  state: SubscriptionState;
  start_date: string;
  end_date: string;
  frozen_at: string | null;
  freeze_days: number;
}

const DAY_MS = 86_400_000;
const toDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export const addDays = (date: string, days: number) => fromDay(toDay(date) + days);
const daysBetween = (from: string, to: string) => toDay(to) - toDay(from);

export function statusOn(sub: SubscriptionDates, today: string): SubscriptionStatus {
  if (sub.state === 'CANCELLED') return 'CANCELLED';
  if (sub.start_date > today) return 'WAITING';
  if (sub.state === 'FREEZED' && sub.frozen_at !== null && today < addDays(sub.frozen_at, sub.freeze_days))
    return 'FREEZED';
  if (sub.end_date < today) return 'INACTIVE';
  return 'ACTIVE';
}

/** A new subscription's days: from `start` for `validityDays` days. */
export const periodFrom = (start: string, validityDays: number) => ({
  start_date: start,
  end_date: addDays(start, validityDays - 1),
});

type Chained = { id: number } & SubscriptionDates;

/** The day after the kid's last kept subscription ends, or today: where a new one starts. */
export function nextStart(subs: readonly SubscriptionDates[], today: string): string {
  const kept = subs.filter((s) => s.state !== 'CANCELLED');
  const lastEnd = kept.reduce<string | null>((max, s) => (max === null || s.end_date > max ? s.end_date : max), null);
  return lastEnd !== null && lastEnd >= today ? addDays(lastEnd, 1) : today;
}

/**
 * Lays a kid's waiting subscriptions back to back after the ones already started, keeping each one's
 * length: after a freeze, a resume or a cancellation the next one starts the day the current one ends.
 * Returns only the subscriptions whose dates change.
 */
export function rechain(
  subs: readonly Chained[],
  today: string,
): Map<number, { start_date: string; end_date: string }> {
  const kept = subs.filter((s) => s.state !== 'CANCELLED');
  const started = kept.filter((s) => s.start_date <= today);
  const waiting = kept
    .filter((s) => s.start_date > today)
    .sort((a, b) => (a.start_date === b.start_date ? a.id - b.id : a.start_date < b.start_date ? -1 : 1));
  let cursor = nextStart(started, today);
  const moved = new Map<number, { start_date: string; end_date: string }>();
  for (const sub of waiting) {
    const period = periodFrom(cursor, daysBetween(sub.start_date, sub.end_date) + 1);
    if (period.start_date !== sub.start_date) moved.set(sub.id, period);
    cursor = addDays(period.end_date, 1);
  }
  return moved;
}

export type FreezeResult =
  | { ok: true; change: Pick<SubscriptionDates, 'state' | 'end_date' | 'frozen_at' | 'freeze_days'> }
  | { ok: false; key: 'FREEZE_DAYS_NOT_VALID' | 'NOT_ACTIVE' | 'NOT_FROZEN' };

/** Freezing pauses an active subscription for `days` days and moves its end by as many. */
export function freeze(sub: SubscriptionDates, days: number, today: string): FreezeResult {
  if (!Number.isInteger(days) || days < 1 || days > MAX_FREEZE_DAYS) return { ok: false, key: 'FREEZE_DAYS_NOT_VALID' };
  if (statusOn(sub, today) !== 'ACTIVE') return { ok: false, key: 'NOT_ACTIVE' };
  return {
    ok: true,
    change: { state: 'FREEZED', frozen_at: today, freeze_days: days, end_date: addDays(sub.end_date, days) },
  };
}

/** Resuming early gives back the frozen days not used; the days already off stay added. */
export function resume(sub: SubscriptionDates, today: string): FreezeResult {
  if (statusOn(sub, today) !== 'FREEZED' || sub.frozen_at === null) return { ok: false, key: 'NOT_FROZEN' };
  const used = daysBetween(sub.frozen_at, today);
  return {
    ok: true,
    change: {
      state: 'ACTIVE',
      frozen_at: null,
      freeze_days: used,
      end_date: addDays(sub.end_date, used - sub.freeze_days),
    },
  };
}
