/**
 * Money rules the server charges by and the till previews with. Amounts are integer minor units
 * (halalas); VAT rates are basis points (1500 = 15 %). Rounding is per line, half up.
 */

/** Whether a price already contains VAT. One enum for products and packages (see README). */
export const TAX_INCLUDED = 1;
export const TAX_EXCLUDED = 2;
export type TaxMode = typeof TAX_INCLUDED | typeof TAX_EXCLUDED;

/** numerator / denominator rounded half up, for non-negative integers, exact at any size. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

export interface LineInput {
  unitPrice: number;
  qty: number;
  rateBp: number;
  included: TaxMode;
}

export interface LineAmounts {
  net: number;
  vat: number;
  gross: number;
}

const BP = 10_000n;

/** One line's net, VAT and gross, rounded once for the line (not per unit). */
export function lineAmounts({ unitPrice, qty, rateBp, included }: LineInput): LineAmounts {
  assertAmount(unitPrice);
  assertAmount(qty);
  const amount = BigInt(unitPrice) * BigInt(qty);
  const rate = BigInt(rateBp);
  if (included === TAX_INCLUDED) {
    const net = divideHalfUp(amount * BP, BP + rate);
    return { net: Number(net), vat: Number(amount - net), gross: Number(amount) };
  }
  const vat = divideHalfUp(amount * rate, BP);
  return { net: Number(amount), vat: Number(vat), gross: Number(amount + vat) };
}

export interface PricedLine extends LineAmounts {
  /** The part of the cart's discount this line carries (VAT included). */
  discount: number;
}

export interface PricedCart {
  lines: PricedLine[];
  /** Before the discount. */
  gross: number;
  discount: number;
  /** After the discount: what the parent pays, and its net and VAT parts. */
  net: number;
  vat: number;
  payable: number;
}

/**
 * Prices a cart with a discount off its VAT-inclusive total. The discount is shared across the lines
 * in proportion to their gross (largest remainder, so the shares add up exactly), and each line's
 * VAT is taken again from what is left of it, so the invoice's VAT is what is really charged.
 */
export function priceCart(inputs: readonly LineInput[], discount = 0): PricedCart {
  const lines = inputs.map(lineAmounts);
  const gross = lines.reduce((sum, l) => sum + l.gross, 0);
  assertAmount(discount);
  if (discount > gross) throw new RangeError('discount larger than the cart');
  const shares = shareOut(
    discount,
    lines.map((l) => l.gross),
  );
  const priced = lines.map((line, i) => {
    const share = shares[i]!;
    const left = line.gross - share;
    // What is left of a line is VAT-inclusive at the line's rate.
    const net = line.gross === 0 ? 0 : Number(divideHalfUp(BigInt(left) * BP, BP + BigInt(inputs[i]!.rateBp)));
    return { ...line, discount: share, netAfter: net, vatAfter: left - net };
  });
  return {
    lines: priced.map(({ netAfter: _n, vatAfter: _v, ...line }) => line),
    gross,
    discount,
    net: priced.reduce((s, l) => s + l.netAfter, 0),
    vat: priced.reduce((s, l) => s + l.vatAfter, 0),
    payable: gross - discount,
  };
}

/** Splits `total` over `weights` in proportion, largest remainder first, adding up exactly. */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0 || total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (BigInt(total) * BigInt(w)) / BigInt(sum));
  const remainders = weights.map((w, i) => ({ i, r: (BigInt(total) * BigInt(w)) % BigInt(sum) }));
  let left = BigInt(total) - exact.reduce((s, x) => s + x, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0n) break;
    exact[i]! += 1n;
    left -= 1n;
  }
  return exact.map(Number);
}

function assertAmount(value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not an amount: ${value}`);
}

/** Formatters by locale and currency, made once: a receipt formats a dozen amounts, a list hundreds. */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units as people read it, in riyals (Latin digits in both languages, as on the till). */
export function formatMoney(minor: number, language: string, currency = 'SAR'): string {
  const locale = language === 'ar' ? 'ar-SA-u-nu-latn' : 'en-SA';
  const key = `${locale} ${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  return format.format(minor / 100);
}
