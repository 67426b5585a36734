/** Numbers as the app writes them: Arabic text with Latin digits, as its money and times are. */
export const numberLocale = (language: string) => (language === 'ar' ? 'ar-SA-u-nu-latn' : 'en');

// Made once per language: a formatter takes a moment to make, and the menu and dashboard write many counts.
const counters = new Map<string, Intl.NumberFormat>();

/** A count (kids inside, a capacity, an age) in the page's language. */
export function formatCount(n: number, language: string): string {
  const locale = numberLocale(language);
  let counter = counters.get(locale);
  if (!counter) counters.set(locale, (counter = new Intl.NumberFormat(locale)));
  return counter.format(n);
}
