import type { Package } from '../../../shared/api/packages';
import type { Product } from '../../../shared/api/products';
import type { CartItem } from '../../../shared/api/sales';
import type { LineInput, TaxMode } from '../../../shared/domain/money';

/** A cart line at the till: a product with its quantity, or a package with the kids it is for. */
export type Line = { kind: 'product'; key: string; item: Product; qty: number } | { kind: 'package'; key: string; item: Package; kids: number[] };

export const qtyOf = (line: Line) => (line.kind === 'product' ? line.qty : line.kids.length);

/** The line as the shared money rule prices it, so the screen shows what the server will charge. */
export const priceInput = (line: Line, rateBp: number): LineInput => ({ unitPrice: line.item.price, qty: qtyOf(line), rateBp, included: line.item.included as TaxMode });

/** The line as the sale payload carries it (spec: product with qty, and kids). */
export const toCartItem = (line: Line): CartItem =>
  line.kind === 'product' ? { product: { id: line.item.id, qty: line.qty } } : { package: { id: line.item.id }, kids: line.kids };
