import type { Visit } from '../../../shared/api/frontdesk';
import type { Package } from '../../../shared/api/packages';
import type { Product } from '../../../shared/api/products';
import type { CartItem } from '../../../shared/api/sales';
import type { LineInput } from '../../../shared/domain/money';

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
