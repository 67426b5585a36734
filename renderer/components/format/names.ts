/** Picks the name in the current language; Arabic falls back to English where a name is missing. */
export function localName(item: { name_en: string; name_ar: string }, language: string): string {
  return language === 'ar' ? item.name_ar || item.name_en : item.name_en;
}
