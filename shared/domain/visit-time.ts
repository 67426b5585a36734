import { MAX_OVERTIME_HOURS } from './constants';

/**
 * How long a kid may stay and what overtime is owed (spec 3 and 9). A package gives `daily_limits`
 * hours; each hour carries a grace margin from `margin_minutes` — one number for every hour, or a
 * comma list per hour whose last value repeats ("10,5": 10 minutes in the first hour, 5 in each after).
 * Allowed time = the hours plus their margins. Time beyond it is overtime, billed in started hours,
 * at most MAX_OVERTIME_HOURS.
 */
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The margin list as numbers; an empty or unreadable list is no margin. */
export function marginsOf(marginMinutes: string): number[] {
  const values = marginMinutes
    .split(',')
    .map((v) => Number(v.trim()))
    .filter((v) => Number.isInteger(v) && v >= 0);
  return values.length ? values : [0];
}

/** Minutes of grace for hour `n` (1-based): its own value, or the last one for every hour after. */
const marginForHour = (margins: readonly number[], n: number) => margins[Math.min(n, margins.length) - 1] ?? 0;

/**
 * The margin as a person reads it: the first hours that have minutes of their own, then the minutes
 * every later hour gets. Trailing repeats of the last value add nothing ("10,5,5" is "10,5").
 */
export function marginPlan(marginMinutes: string): { firstHours: number[]; thenEach: number } {
  const margins = marginsOf(marginMinutes);
  const thenEach = margins[margins.length - 1]!;
  let own = margins.length - 1;
  while (own > 0 && margins[own - 1] === thenEach) own--;
  return { firstHours: margins.slice(0, own), thenEach };
}

export function allowedMs(dailyLimits: number, marginMinutes: string): number {
  const margins = marginsOf(marginMinutes);
  let grace = 0;
  for (let hour = 1; hour <= dailyLimits; hour++) grace += marginForHour(margins, hour);
  return dailyLimits * HOUR_MS + grace * MINUTE_MS;
}

export interface VisitTime {
  /** Play time the package allows, margins included. */
  allowedMs: number;
  /** Time since check-in. */
  elapsedMs: number;
  /** Allowed minus elapsed; negative once the kid is in overtime (spec: pending time). */
  pendingMs: number;
  /** Started hours beyond the allowed time, at most MAX_OVERTIME_HOURS. */
  overtimeHours: number;
}

export function visitTime(
  visit: { checkinAt: Date | string; dailyLimits: number; marginMinutes: string },
  now: Date | string,
): VisitTime {
  const allowed = allowedMs(visit.dailyLimits, visit.marginMinutes);
  const elapsed = Math.max(0, new Date(now).getTime() - new Date(visit.checkinAt).getTime());
  const over = elapsed - allowed;
  return {
    allowedMs: allowed,
    elapsedMs: elapsed,
    pendingMs: allowed - elapsed,
    overtimeHours: over > 0 ? Math.min(MAX_OVERTIME_HOURS, Math.ceil(over / HOUR_MS)) : 0,
  };
}

/** The overtime fee: started hours times the hourly price, in minor units. */
export const overtimeFee = (overtimeHours: number, hourPrice: number) => overtimeHours * hourPrice;
