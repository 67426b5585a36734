/**
 * A branch's clock: its IANA time zone decides its calendar day (today's invoices, a subscription's
 * first day) and the time printed on its receipts, whatever zone the server or the station runs in.
 */

/** The runtime's spelling of an IANA zone name (asia/riyadh → Asia/Riyadh); null for a zone it does not know. */
export function canonicalTimeZone(name: string): string | null {
  if (!name) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The zone this process runs in: a branch that names none follows it. */
export const processTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every zone name the runtime offers, for a branch to choose from. */
export const timeZoneNames = (): readonly string[] => Intl.supportedValuesOf('timeZone');

/** A zone's formatter, made once: making one costs far more than formatting with it (a receipt, a sale's day). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function parts(at: Date, timeZone: string) {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const fields = format.formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => fields.find((p) => p.type === type)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/** The calendar day (`YYYY-MM-DD`) in this zone at this moment. */
export const dayIn = (timeZone: string, at: Date = new Date()): string => parts(at, timeZone).day;

/** `YYYY-MM-DD HH:mm` on the branch's clock, as a receipt prints it. */
export function localDateTime(at: string | Date, timeZone: string): string {
  const { day, time } = parts(new Date(at), timeZone);
  return `${day} ${time}`;
}

/** The moment a calendar day begins in this zone (the start of "today" for a list of invoices). */
export function startOfDay(day: string, timeZone: string): Date {
  const asUtc = Date.parse(`${day}T00:00:00Z`);
  // The zone's offset at that moment, measured by reading the UTC instant on its clock; once more for a DST edge.
  let guess = asUtc;
  for (let i = 0; i < 2; i++) {
    const { day: d, time } = parts(new Date(guess), timeZone);
    const shown = Date.parse(`${d}T${time}:00Z`);
    guess -= shown - asUtc;
  }
  return new Date(guess);
}
