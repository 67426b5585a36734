import { addDays } from './subscription';

/**
 * A campaign's rows built from PlayDesk's own families (issue 23) rather than a file: the kids whose
 * pass is running out, or the families who stopped coming. Both are read on the branch's calendar.
 */
export const AUDIENCE_KINDS = ['pass_ends', 'not_seen'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/** A year: further than that is no longer "soon" nor "lately". */
export const MAX_AUDIENCE_DAYS = 365;

/** The days a pass may end on to be "ending within `days` days": today counted, as the subscription report counts. */
export const passEndsWithin = (today: string, days: number) => ({ from: today, to: addDays(today, days - 1) });

/**
 * The first day a visit would make a family "seen lately": not seen for `days` days means the last
 * visit was on `today - days` or earlier, so none from the day after it.
 */
export const seenLatelyFrom = (today: string, days: number) => addDays(today, 1 - days);
