/** Numbers as the app writes them: Arabic text with Latin digits, as its money and times are. */
export const numberLocale = (language: string) => (language === 'ar' ? 'ar-SA-u-nu-latn' : 'en');

/** A count (kids inside, a capacity, an age) in the page's language. */
export const formatCount = (n: number, language: string) => new Intl.NumberFormat(numberLocale(language)).format(n);
