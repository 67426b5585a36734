/** Amounts travel in minor units (halalas); people read and type them in riyals. */
export { formatMoney } from '../../../shared/domain/money';

export function toMinor(major: number | null | undefined): number {
  return Math.round((major ?? 0) * 100);
}

export function toMajor(minor: number): number {
  return minor / 100;
}
