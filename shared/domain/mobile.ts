import {
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js/max';

/**
 * Mobiles are kept and sent in E.164 (+966501234567): a gateway reads `0501234567` as nothing
 * in particular. What staff type is read in the branch's country, so a local `0501234567` and an
 * international `+966 50 123 4567` are one number.
 */
export function toE164(typed: string, country: string): string | null {
  const parsed = parsePhoneNumberFromString(typed.trim(), asCountry(country));
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  // Some numbering plans cannot tell a mobile from a landline; those are given the benefit of the doubt.
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
}

/**
 * The start of a mobile as staff type it at the counter (`0501`, `+9665`, `009665`), as the start of
 * the stored E.164 number; null when what was typed is not the start of a number.
 */
export function e164Prefix(typed: string, country: string): string | null {
  const compact = typed.replace(/[\s()-]/g, '');
  if (!/^(\+|00)?[0-9]+$/.test(compact)) return null;
  if (compact.startsWith('+')) return compact;
  if (compact.startsWith('00')) return `+${compact.slice(2)}`;
  // A national trunk prefix (the 0 of 0501…) is not part of the international number.
  return `+${getCountryCallingCode(asCountry(country))}${compact.replace(/^0/, '')}`;
}

/** Whether mobiles can be read in this country (ISO 3166 alpha-2 with a numbering plan). */
export const isPhoneCountry = (country: string): boolean => isSupportedCountry(country);

function asCountry(country: string): CountryCode {
  return isSupportedCountry(country) ? country : 'SA';
}
