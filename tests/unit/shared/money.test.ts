import { describe, expect, it } from 'vitest';
import {
  divideHalfUp,
  lineAmounts,
  priceCart,
  shareOut,
  TAX_EXCLUDED,
  TAX_INCLUDED,
} from '../../../shared/domain/money';
import { checkCoupon, type CouponTerms } from '../../../shared/domain/coupon';

describe('rounding half up', () => {
  it.each([
    [5n, 2n, 3n],
    [4n, 2n, 2n],
    [7n, 3n, 2n],
    [8n, 3n, 3n],
    [1n, 2n, 1n],
    [0n, 7n, 0n],
  ])('%i / %i = %i', (n, d, expected) => expect(divideHalfUp(n, d)).toBe(expected));
});

describe('a line, rounded once per line (VAT 15 %)', () => {
  it.each([
    // unit price, qty, tax mode, net, vat, gross
    [1000, 1, TAX_EXCLUDED, 1000, 150, 1150],
    [333, 3, TAX_EXCLUDED, 999, 150, 1149], // 149.85 → 150, rounded for the line, not 3 × 49.95
    [1, 1, TAX_EXCLUDED, 1, 0, 1], // 0.15 → 0
    [10, 1, TAX_EXCLUDED, 10, 2, 12], // 1.5 → 2 (half up)
    [1150, 1, TAX_INCLUDED, 1000, 150, 1150],
    [5000, 2, TAX_INCLUDED, 8696, 1304, 10000], // 8695.65 → 8696
    [1, 1, TAX_INCLUDED, 1, 0, 1],
    [999_999_999, 1000, TAX_EXCLUDED, 999_999_999_000, 149_999_999_850, 1_149_999_998_850],
  ])('%i × %i (mode %i) → net %i, VAT %i, gross %i', (unitPrice, qty, included, net, vat, gross) => {
    expect(lineAmounts({ unitPrice, qty, rateBp: 1500, included: included as 1 | 2 })).toEqual({ net, vat, gross });
  });

  it('a zero-rated line has no VAT either way', () => {
    expect(lineAmounts({ unitPrice: 1234, qty: 2, rateBp: 0, included: TAX_INCLUDED })).toEqual({
      net: 2468,
      vat: 0,
      gross: 2468,
    });
  });

  it('refuses a negative or fractional amount', () => {
    expect(() => lineAmounts({ unitPrice: -1, qty: 1, rateBp: 1500, included: TAX_EXCLUDED })).toThrow(RangeError);
    expect(() => lineAmounts({ unitPrice: 1.5, qty: 1, rateBp: 1500, included: TAX_EXCLUDED })).toThrow(RangeError);
  });
});

describe('a cart with a discount', () => {
  it('shares the discount in proportion, adding up exactly, and takes VAT again from what is left', () => {
    const cart = priceCart(
      [
        { unitPrice: 10000, qty: 1, rateBp: 1500, included: TAX_INCLUDED },
        { unitPrice: 2000, qty: 1, rateBp: 1500, included: TAX_INCLUDED },
        { unitPrice: 1000, qty: 1, rateBp: 0, included: TAX_INCLUDED },
      ],
      1000,
    );
    expect(cart.gross).toBe(13000);
    expect(cart.lines.map((l) => l.discount)).toEqual([769, 154, 77]);
    expect(cart.payable).toBe(12000);
    expect(cart.net + cart.vat).toBe(cart.payable);
    // VAT of (10000-769) and (2000-154) at 15 % included; the zero-rated line keeps none.
    expect(cart.vat).toBe(1204 + 241);
  });

  it('without a discount the totals are the lines', () => {
    const cart = priceCart([{ unitPrice: 1000, qty: 2, rateBp: 1500, included: TAX_EXCLUDED }]);
    expect(cart).toMatchObject({ gross: 2300, discount: 0, net: 2000, vat: 300, payable: 2300 });
  });

  it('never lets a discount exceed the cart', () => {
    expect(() => priceCart([{ unitPrice: 100, qty: 1, rateBp: 0, included: TAX_INCLUDED }], 101)).toThrow(RangeError);
  });

  it.each([
    [10, [1, 1, 1], [4, 3, 3]],
    [2, [1, 1, 1], [1, 1, 0]],
    [0, [5, 5], [0, 0]],
    [7, [0, 0], [0, 0]],
  ])('shareOut(%i, %j) = %j', (total, weights, expected) => expect(shareOut(total, weights)).toEqual(expected));
});

describe('coupons', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const base: CouponTerms = {
    type: 'amount',
    value: 500,
    min_cart_value: 2000,
    use_limit: 10,
    used: 0,
    valid_from: null,
    valid_to: null,
    branch_id: 1,
  };
  const check = (over: Partial<CouponTerms>, total = 5000, branchId: number | null = 1) =>
    checkCoupon({ ...base, ...over }, { total, branchId, now });

  it.each([
    ['an amount', {}, 5000, { ok: true, discount: 500 }],
    ['a percent, rounded half up', { type: 'percent' as const, value: 15 }, 4999, { ok: true, discount: 750 }],
    ['any branch', { branch_id: null }, 5000, { ok: true, discount: 500 }],
    ['before it starts', { valid_from: new Date('2026-12-01') }, 5000, { ok: false, key: 'COUPON_EXPIRED' }],
    ['after it ends', { valid_to: new Date('2026-11-01') }, 5000, { ok: false, key: 'COUPON_EXPIRED' }],
    ['another branch', { branch_id: 2 }, 5000, { ok: false, key: 'COUPON_NOT_FOR_THIS_BRANCH' }],
    ['used up', { used: 10 }, 5000, { ok: false, key: 'COUPON_USE_LIMIT_EXHAUSTED' }],
    ['below the minimum cart', {}, 1999, { ok: false, key: 'LESS_CART_VALUE' }],
    ['larger than the cart', { value: 3000, min_cart_value: 0 }, 2500, { ok: false, key: 'CART_LESS_THAN_DISCOUNT' }],
  ])('%s', (_name, over, total, expected) => expect(check(over, total)).toEqual(expected));

  it('a missing coupon is COUPON_NOT_FOUND', () => {
    expect(checkCoupon(null, { total: 100, branchId: 1, now })).toEqual({ ok: false, key: 'COUPON_NOT_FOUND' });
  });
});
