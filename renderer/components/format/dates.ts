/** Arabic screens use the Gregorian calendar and Latin digits, as the till's receipts do. */
const localeOf = (language: string) => (language === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB');

/** A moment (ISO time stamp) as people read it, on a branch's clock when given (else the station's); a dash when there is none. */
export function formatDateTime(
  iso: string | null,
  language: string,
  style: 'short' | 'medium' = 'medium',
  timeZone?: string,
): string {
  return iso
    ? new Intl.DateTimeFormat(localeOf(language), { dateStyle: style, timeStyle: 'short', timeZone }).format(
        new Date(iso),
      )
    : '—';
}

/**
 * A calendar day (`YYYY-MM-DD`, or a time stamp's day) as people read it. Formatting it, rather than
 * showing the ISO text, also keeps it whole inside Arabic sentences, where bidi would flip its parts.
 */
export function formatDay(day: string | null, language: string): string {
  if (!day) return '—';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T00:00:00Z`) : new Date(day);
  return new Intl.DateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeZone: day.length === 10 ? 'UTC' : undefined,
  }).format(date);
}

/** A moment's time of day alone (14:05, or 2:05 pm as the language writes it), on the station's clock. */
export function formatTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { timeStyle: 'short' }).format(new Date(iso));
}
