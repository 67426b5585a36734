import { sql, type SQL } from 'drizzle-orm';
import { processTimeZone } from '../../../shared/domain/time-zone';

/**
 * SQL shared by the reports. Every branch counts its days on its own clock, so a sale at 23:59 in
 * Riyadh is that day's even on a server in UTC; the day is read per row from the branch's zone.
 */

/** A branch's zone (alias `b` of branches), the server's when it names none. */
export const branchZone = (): SQL => sql`coalesce(b.time_zone, ${processTimeZone()})`;

/** The calendar day of a moment on the clock of the row's branch. */
export const localDay = (moment: SQL): SQL => sql`(${moment} at time zone ${branchZone()})::date`;

/** Today on the row's branch's clock. */
export const branchToday = (): SQL => sql`(now() at time zone ${branchZone()})::date`;

/** Zones lie within UTC−12 and UTC+14: a window of instants that holds every branch's days `from`–`to`. */
export function instantWindow(from: string, to: string): { lo: Date; hi: Date } {
  const hour = 3_600_000;
  return {
    lo: new Date(Date.parse(`${from}T00:00:00Z`) - 14 * hour),
    hi: new Date(Date.parse(`${to}T00:00:00Z`) + 24 * hour + 12 * hour),
  };
}

/** The rows of branch `branchId` (alias `alias`), or of every branch (null). */
export const ofBranch = (column: SQL, branchId: number | null): SQL =>
  branchId === null ? sql`true` : sql`${column} = ${branchId}`;

/** A sum as a JavaScript number: PostgreSQL sums integers as bigint, which pg hands over as text. */
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
