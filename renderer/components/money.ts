/** Amounts travel in minor units (halalas); people read and type them in riyals. */
export function formatMoney(minor: number, language: string, currency = 'SAR'): string {
  return new Intl.NumberFormat(language === 'ar' ? 'ar-SA-u-nu-latn' : 'en-SA', { style: 'currency', currency }).format(minor / 100);
}

export function toMinor(major: number | null | undefined): number {
  return Math.round((major ?? 0) * 100);
}

export function toMajor(minor: number): number {
  return minor / 100;
}
