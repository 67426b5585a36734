import { describe, expect, it } from 'vitest';
import type { Visit } from '../../../shared/api/frontdesk';
import type { Package } from '../../../shared/api/packages';
import type { Product } from '../../../shared/api/products';
import { TAX_EXCLUDED, TAX_INCLUDED } from '../../../shared/domain/money';
import {
  cartReducer,
  cartTotals,
  emptyCart,
  packageWithoutKids,
  payment,
  saleRequest,
  whyNotComplete,
  type CartAction,
  type CartState,
} from '../../../renderer/features/sales/cart';

const juice: Product = {
  id: 7,
  name_en: 'Juice',
  name_ar: 'عصير',
  image: 'x.png',
  price: 1000,
  tax_id: 1,
  included: TAX_EXCLUDED,
  branch_id: null,
  stock: 5,
};
const water: Product = { ...juice, id: 8, name_en: 'Water', price: 230, included: TAX_INCLUDED };
const monthly: Package = {
  id: 3,
  name_en: 'Monthly',
  name_ar: 'شهري',
  image: 'p.png',
  price: 20000,
  tax_id: 1,
  included: TAX_INCLUDED,
  branch_id: null,
  validity_days: 30,
  daily_limits: 2,
  margin_minutes: '15',
  overtime_price: 1500,
};
const parent = { id: 11, name_en: 'Sara', name_ar: 'سارة', mobile: '+966500000001' };
const vat15 = () => 1500;
const run = (...actions: CartAction[]) => actions.reduce(cartReducer, emptyCart);
const till = { ownBranch: 2, branchId: 2, pending: false };

describe('the till cart', () => {
  it('adds a product once and counts the same product again as one more', () => {
    const cart = run({ type: 'productAdded', product: juice }, { type: 'productAdded', product: juice });
    expect(cart.lines).toHaveLength(1);
    expect(cart.lines[0]).toMatchObject({ kind: 'product', qty: 2 });
  });

  it('keys each new line apart, and a removed line goes by its key', () => {
    const cart = run({ type: 'productAdded', product: juice }, { type: 'productAdded', product: water });
    const [first, second] = cart.lines;
    expect(first!.key).not.toBe(second!.key);
    const left = cartReducer(cart, { type: 'lineRemoved', key: first!.key });
    expect(left.lines.map((l) => l.key)).toEqual([second!.key]);
  });

  it('prices with the shared rule: VAT added on top or taken from inside, rounded per line', () => {
    const cart = run(
      { type: 'productAdded', product: juice },
      { type: 'qtyChanged', key: 'l0', qty: 3 },
      { type: 'productAdded', product: water },
    );
    // 3 × 10.00 + 15 % = 34.50; 2.30 with VAT inside = 2.30.
    expect(cartTotals(cart, vat15)).toMatchObject({ gross: 3680, vat: 450 + 30, payable: 3680, discount: 0 });
  });

  it('applies a coupon only while its discount fits the cart, and drops it when the lines change', () => {
    const coupon = { code: 'SPRING', coupon_id: 4, discount: 500 };
    const cart = run({ type: 'productAdded', product: juice }, { type: 'couponApplied', coupon });
    expect(cartTotals(cart, vat15)).toMatchObject({ discount: 500, payable: 650 });
    expect(cartTotals({ ...cart, coupon: { ...coupon, discount: 5000 } }, vat15).discount).toBe(0);
    expect(cartReducer(cart, { type: 'qtyChanged', key: 'l0', qty: 2 }).coupon).toBeNull();
  });

  it('says why Complete cannot run, in the order a cashier meets them', () => {
    const cart = run({ type: 'productAdded', product: juice });
    const { change } = payment(cart, 1150);
    expect(whyNotComplete(cart, change, { ...till, pending: true })).toBe('cart.whyPending');
    expect(whyNotComplete(cart, change, { ownBranch: null, branchId: null, pending: false })).toBe('station.whyBranch');
    expect(whyNotComplete(cart, change, till)).toBe('cart.whyDue');
    const byCard = cartReducer(cart, { type: 'cardTyped', amount: 11.5 });
    expect(payment(byCard, 1150)).toEqual({ paid: 1150, change: 0 });
    expect(whyNotComplete(byCard, 0, till)).toBe('cart.whyCardRef');
    expect(whyNotComplete(cartReducer(byCard, { type: 'cardRefTyped', ref: 'R1' }), 0, till)).toBeNull();
  });

  it('asks for the kids of each package, and forgets them for another parent', () => {
    let cart = run({ type: 'parentPicked', parent }, { type: 'packageAdded', pkg: monthly });
    expect(packageWithoutKids(cart)).toBe(true);
    cart = cartReducer(cart, { type: 'kidsChanged', key: 'l0', kids: [21, 22] });
    expect(packageWithoutKids(cart)).toBe(false);
    expect(cartTotals(cart, vat15).gross).toBe(40000);
    cart = cartReducer(cart, { type: 'parentPicked', parent: { ...parent, id: 12 } });
    expect(cart.lines[0]).toMatchObject({ kind: 'package', kids: [] });
  });

  it('brings a visit’s overtime as a line of its own, with its payer, replacing overtime brought before', () => {
    const visit = { id: 90, due: 3000, rate_bp: 1500, included: TAX_INCLUDED } as Visit;
    const brought: CartAction = { type: 'overtimeBrought', bills: [visit], parent };
    const cart = run({ type: 'productAdded', product: juice }, brought, brought);
    expect(cart.parent).toEqual(parent);
    expect(cart.lines.map((l) => l.kind)).toEqual(['product', 'overtime']);
    expect(saleRequest(cart, till).bulk_overtime_session_id).toEqual([90]);
  });

  it('writes the sale request: cart items, coupon, payments in minor units, the branch only for an administrator', () => {
    const cart = run(
      { type: 'parentPicked', parent },
      { type: 'productAdded', product: juice },
      { type: 'packageAdded', pkg: monthly },
      { type: 'kidsChanged', key: 'l1', kids: [21] },
      { type: 'couponApplied', coupon: { code: 'C', coupon_id: 4, discount: 100 } },
      { type: 'cashTyped', amount: 100 },
      { type: 'cardTyped', amount: 112.49 },
      { type: 'cardRefTyped', ref: 'R9' },
    );
    expect(saleRequest(cart, till)).toEqual({
      cart: [{ product: { id: 7, qty: 1 } }, { package: { id: 3 }, kids: [21] }],
      bulk_overtime_session_id: [],
      coupon_id: 4,
      salesData: { payments: { cash: 10000, pos: 11249, pos_reference: 'R9' }, branch_id: null },
      parentInfo: { parent_id: 11 },
    });
    expect(saleRequest(cart, { ownBranch: null, branchId: 5, pending: false }).salesData.branch_id).toBe(5);
  });

  it('after a sale keeps the parent and the branch, clears the rest, and shows the sale', () => {
    const sale = { id: 1 } as Extract<CartAction, { type: 'sold' }>['sale'];
    const before: CartState = run(
      { type: 'parentPicked', parent },
      { type: 'branchPicked', branch: 5 },
      { type: 'productAdded', product: juice },
      { type: 'codeTyped', code: 'X' },
      { type: 'cashTyped', amount: 20 },
      { type: 'shiftRefused' },
    );
    const after = cartReducer(before, { type: 'sold', sale, kids: [] });
    expect(after).toMatchObject({ parent, branch: 5, lines: [], code: '', cash: null, shiftNeeded: false });
    expect(after.done?.sale).toBe(sale);
    // The next line gets a key no earlier line had.
    expect(cartReducer(after, { type: 'productAdded', product: water }).lines[0]!.key).not.toBe('l0');
  });
});
