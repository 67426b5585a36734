/** Rooms: how many kids a room may hold, the ages it is meant for, and who may work in it. */

/** The most kids a room may be set to hold at once (a typing slip of 5000 for 50 is refused). */
export const ROOM_CAPACITY_MAX = 500;
/** Ages a room may be set for run 0 to 18. */
export const ROOM_AGE_MAX = 18;
/** A supervisor's code sign-in lasts a shift at most; signing out or losing access ends it sooner. */
export const SUPERVISOR_SESSION_HOURS = 8;

/** Whole years from a `YYYY-MM-DD` birth date to `today` (also `YYYY-MM-DD`), null when unknown or unreadable. */
export function ageOn(birthDate: string | null, today: string): number | null {
  const born = birthDate?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  const now = today.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!born || !now) return null;
  const [, by, bm, bd] = born.map(Number) as [number, number, number, number];
  const [, ny, nm, nd] = now.map(Number) as [number, number, number, number];
  const years = ny - by - (nm < bm || (nm === bm && nd < bd) ? 1 : 0);
  return years >= 0 ? years : null;
}

/** Whether a kid of `age` is outside the room's range: 'below', 'above', or null (fits, or either is unknown). */
export function ageOutOfRange(
  room: { min_age: number | null; max_age: number | null },
  age: number | null,
): 'below' | 'above' | null {
  if (age === null) return null;
  if (room.min_age !== null && age < room.min_age) return 'below';
  if (room.max_age !== null && age > room.max_age) return 'above';
  return null;
}

/** Whether one more kid fits: a room without a capacity always has room. */
export const hasSpace = (room: { capacity: number | null }, inside: number) =>
  room.capacity === null || inside < room.capacity;
