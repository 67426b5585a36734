import type { Visit } from '../../../shared/api/frontdesk';
import type { Package } from '../../../shared/api/packages';
import type { Product } from '../../../shared/api/products';
import type { CartItem } from '../../../shared/api/sales';
import type { RequestOf, ResponseOf } from '../../../shared/api/catalogue';
import { priceCart, type LineInput, type PricedCart } from '../../../shared/domain/money';
import { toMinor } from '../../components/format/money';
import type { PickedParent } from './parent-picker';

/**
 * A cart line at the till: a product with its quantity, a package with the kids it is for, or a
 * visit's overtime brought from the front desk.
 */
export type Line =
  | { kind: 'product'; key: string; item: Product; qty: number }
  | { kind: 'package'; key: string; item: Package; kids: number[] }
  | { kind: 'overtime'; key: string; visit: Visit };

export const qtyOf = (line: Line) =>
  line.kind === 'product' ? line.qty : line.kind === 'package' ? line.kids.length : 1;

/** The line as the shared money rule prices it, so the screen shows what the server will charge. */
export function priceInput(line: Line, rateOf: (taxId: number) => number): LineInput {
  if (line.kind === 'overtime')
    return { unitPrice: line.visit.due, qty: 1, rateBp: line.visit.rate_bp, included: line.visit.included };
  return {
    unitPrice: line.item.price,
    qty: qtyOf(line),
    rateBp: rateOf(line.item.tax_id),
    included: line.item.included,
  };
}

/** The cart part of the sale payload (spec: product with qty, and kids); overtime goes by visit. */
export const toCartItems = (lines: Line[]): CartItem[] =>
  lines.flatMap((line): CartItem[] => {
    if (line.kind === 'product') return [{ product: { id: line.item.id, qty: line.qty } }];
    if (line.kind === 'package') return [{ package: { id: line.item.id }, kids: line.kids }];
    return [];
  });

export const overtimeVisits = (lines: Line[]) =>
  lines.flatMap((line) => (line.kind === 'overtime' ? [line.visit.id] : []));

type TillKid = ResponseOf<'sale/kidslist'>[number];
type Sale = ResponseOf<'sale/sale/create'>;
type Coupon = { code: string; coupon_id: number; discount: number };

/** Everything the till holds between two sales. */
export interface CartState {
  parent: PickedParent | null;
  lines: Line[];
  /** The coupon applied, with the discount the server checked against the total of the time. */
  coupon: Coupon | null;
  code: string;
  cash: number | null;
  card: number | null;
  cardRef: string;
  /** The last sale, shown until the cart changes again (with the kids it named, for their names). */
  done: { sale: Sale; kids: TillKid[] } | null;
  /** A cash sale refused for want of an open shift: the shift is opened beside the cart, which is kept. */
  shiftNeeded: boolean;
  /** The branch an administrator without one of their own chose to sell in; null: the station's. */
  branch: number | null;
  /** The next line's key (lines are keyed, not indexed, so a row keeps its inputs as others go). */
  nextKey: number;
}

export const emptyCart: CartState = {
  parent: null,
  lines: [],
  coupon: null,
  code: '',
  cash: null,
  card: null,
  cardRef: '',
  done: null,
  shiftNeeded: false,
  branch: null,
  nextKey: 0,
};

export type CartAction =
  | { type: 'parentPicked'; parent: PickedParent | null }
  | { type: 'overtimeBrought'; bills: Visit[]; parent: PickedParent }
  | { type: 'productAdded'; product: Product }
  | { type: 'packageAdded'; pkg: Package }
  | { type: 'qtyChanged'; key: string; qty: number }
  | { type: 'kidsChanged'; key: string; kids: number[] }
  | { type: 'lineRemoved'; key: string }
  | { type: 'codeTyped'; code: string }
  | { type: 'couponApplied'; coupon: Coupon }
  | { type: 'cashTyped'; amount: number | null }
  | { type: 'cardTyped'; amount: number | null }
  | { type: 'cardRefTyped'; ref: string }
  | { type: 'branchPicked'; branch: number | null }
  | { type: 'shiftRefused' }
  | { type: 'shiftOpened' }
  | { type: 'sold'; sale: Sale; kids: TillKid[] };

// Any change to the lines drops an applied coupon (its discount was checked against the old total)
// and the last sale's note.
const withLines = (state: CartState, lines: Line[], nextKey = state.nextKey): CartState => ({
  ...state,
  lines,
  nextKey,
  coupon: null,
  done: null,
});

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'parentPicked':
      // Another family's kids: the packages' kids are chosen again.
      return {
        ...withLines(
          state,
          state.lines.map((l) => (l.kind === 'package' ? { ...l, kids: [] } : l)),
        ),
        parent: action.parent,
      };
    case 'overtimeBrought':
      return {
        ...state,
        parent: state.parent ?? action.parent,
        lines: [
          ...state.lines.filter((l) => l.kind !== 'overtime'),
          ...action.bills.map((visit): Line => ({ kind: 'overtime', key: `o${visit.id}`, visit })),
        ],
      };
    case 'productAdded': {
      // The same product again is one more of it, not a second line.
      const existing = state.lines.find((l) => l.kind === 'product' && l.item.id === action.product.id);
      if (existing)
        return withLines(
          state,
          state.lines.map((l) => (l === existing && l.kind === 'product' ? { ...l, qty: l.qty + 1 } : l)),
        );
      const line: Line = { kind: 'product', key: `l${state.nextKey}`, item: action.product, qty: 1 };
      return withLines(state, [...state.lines, line], state.nextKey + 1);
    }
    case 'packageAdded': {
      const line: Line = { kind: 'package', key: `l${state.nextKey}`, item: action.pkg, kids: [] };
      return withLines(state, [...state.lines, line], state.nextKey + 1);
    }
    case 'qtyChanged':
      return withLines(
        state,
        state.lines.map((l) => (l.key === action.key && l.kind === 'product' ? { ...l, qty: action.qty } : l)),
      );
    case 'kidsChanged':
      return withLines(
        state,
        state.lines.map((l) => (l.key === action.key && l.kind === 'package' ? { ...l, kids: action.kids } : l)),
      );
    case 'lineRemoved':
      return withLines(
        state,
        state.lines.filter((l) => l.key !== action.key),
      );
    case 'codeTyped':
      return { ...state, code: action.code };
    case 'couponApplied':
      return { ...state, coupon: action.coupon };
    case 'cashTyped':
      return { ...state, cash: action.amount };
    case 'cardTyped':
      return { ...state, card: action.amount };
    case 'cardRefTyped':
      return { ...state, cardRef: action.ref };
    case 'branchPicked':
      return { ...state, branch: action.branch };
    case 'shiftRefused':
      return { ...state, shiftNeeded: true };
    case 'shiftOpened':
      return { ...state, shiftNeeded: false };
    case 'sold':
      // Only the sale's own fields are cleared: the parent and the branch stay for the next sale.
      return {
        ...emptyCart,
        parent: state.parent,
        branch: state.branch,
        nextKey: state.nextKey,
        done: { sale: action.sale, kids: action.kids },
      };
  }
}

/**
 * The totals as the shared money rule prices them (what the server will charge). A coupon whose
 * discount is more than the cart is worth is not applied.
 */
export function cartTotals(state: CartState, rateOf: (taxId: number) => number): PricedCart {
  const inputs = state.lines.map((l) => priceInput(l, rateOf));
  const gross = priceCart(inputs).gross;
  return priceCart(inputs, state.coupon && state.coupon.discount <= gross ? state.coupon.discount : 0);
}

/** What the customer handed over, in minor units, and the change (negative: still due). */
export function payment(state: CartState, payable: number) {
  const paid = toMinor(state.cash) + toMinor(state.card);
  return { paid, change: paid - payable };
}

export interface TillContext {
  /** The signed-in user's own branch; null for an administrator, who sells in `branchId`. */
  ownBranch: number | null;
  /** The branch the till sells in: the one picked, or the station's. */
  branchId: number | null;
  /** A sale sent whose answer never came is waiting. */
  pending: boolean;
}

/** Why Complete cannot run now, as a message key; null: it can. */
export function whyNotComplete(state: CartState, change: number, till: TillContext) {
  if (till.pending) return 'cart.whyPending';
  if (till.ownBranch === null && till.branchId === null) return 'station.whyBranch';
  if (change < 0) return 'cart.whyDue';
  if (toMinor(state.card) > 0 && !state.cardRef) return 'cart.whyCardRef';
  return null;
}

export const packageWithoutKids = (state: CartState) =>
  state.lines.some((l) => l.kind === 'package' && l.kids.length === 0);

/** The sale request for the cart as it stands (spec: sale/sale/create). */
export function saleRequest(state: CartState, till: TillContext): RequestOf<'sale/sale/create'> {
  return {
    cart: toCartItems(state.lines),
    bulk_overtime_session_id: overtimeVisits(state.lines),
    coupon_id: state.coupon?.coupon_id ?? null,
    salesData: {
      payments: { cash: toMinor(state.cash), pos: toMinor(state.card), pos_reference: state.cardRef || null },
      branch_id: till.ownBranch ? null : till.branchId,
    },
    parentInfo: state.parent ? { parent_id: state.parent.id } : null,
  };
}
