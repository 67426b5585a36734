import { createRequire } from 'node:module';

/** Starting values of the lookup lists; managers may change them later. Names are English and Arabic. */
type Named = { name_en: string; name_ar: string };

export const identificationTypes: Named[] = [
  { name_en: 'National ID', name_ar: 'الهوية الوطنية' },
  { name_en: 'Resident ID (Iqama)', name_ar: 'هوية مقيم (إقامة)' },
  { name_en: 'Passport', name_ar: 'جواز السفر' },
  { name_en: 'GCC ID', name_ar: 'هوية مواطني دول الخليج' },
  { name_en: 'Border number', name_ar: 'رقم الحدود' },
];

export const specializations: Named[] = [
  { name_en: 'Cashier', name_ar: 'أمين صندوق' },
  { name_en: 'Play supervisor', name_ar: 'مشرف ألعاب' },
  { name_en: 'Early childhood educator', name_ar: 'معلم طفولة مبكرة' },
  { name_en: 'First aid', name_ar: 'إسعافات أولية' },
  { name_en: 'Customer service', name_ar: 'خدمة العملاء' },
  { name_en: 'Management', name_ar: 'إدارة' },
];

export const qualifications: Named[] = [
  { name_en: 'Secondary school', name_ar: 'الثانوية العامة' },
  { name_en: 'Diploma', name_ar: 'دبلوم' },
  { name_en: "Bachelor's degree", name_ar: 'بكالوريوس' },
  { name_en: "Master's degree", name_ar: 'ماجستير' },
];

export const shifts: Named[] = [
  { name_en: 'Morning (08:00–16:00)', name_ar: 'صباحي (08:00–16:00)' },
  { name_en: 'Evening (16:00–24:00)', name_ar: 'مسائي (16:00–24:00)' },
  { name_en: 'Split shift', name_ar: 'دوام مقسم' },
  { name_en: 'Weekend', name_ar: 'نهاية الأسبوع' },
];

export const taxes: (Named & { rate_bp: number })[] = [
  { name_en: 'Standard VAT 15%', name_ar: 'ضريبة القيمة المضافة الأساسية 15%', rate_bp: 1500 },
  { name_en: 'Zero-rated 0%', name_ar: 'خاضع بنسبة صفر 0%', rate_bp: 0 },
  { name_en: 'Exempt', name_ar: 'معفى', rate_bp: 0 },
];

export const firstBranch = { name_en: 'Main branch', name_ar: 'الفرع الرئيسي', currency: 'SAR' };

/** The ISO 3166-1 list with English and Arabic names, from a maintained package rather than by hand. */
export function isoNationalities(): (Named & { code: string })[] {
  const require = createRequire(import.meta.url);
  const countries = require('i18n-iso-countries') as {
    registerLocale(data: unknown): void;
    getNames(lang: string, options?: { select: 'official' }): Record<string, string>;
  };
  countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
  countries.registerLocale(require('i18n-iso-countries/langs/ar.json'));
  const en = countries.getNames('en', { select: 'official' });
  const ar = countries.getNames('ar', { select: 'official' });
  return Object.keys(en)
    .filter((code) => en[code] && ar[code])
    .map((code) => ({ code, name_en: en[code]!, name_ar: ar[code]! }))
    .sort((a, b) => a.name_en.localeCompare(b.name_en));
}
