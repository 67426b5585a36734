import type { ParsedRequestOf, ResponseOf } from '../../../shared/api/catalogue';
import { fail, type ApiFailure } from '../../../shared/api/envelope';
import type { z } from 'zod';
import type { offlineSaleRequest, OfflineSaleLine } from '../../../shared/api/offline';
import { priceCart } from '../../../shared/domain/money';
import { receiptOf, type Receipt } from '../../../shared/domain/receipt';
import { familyOfKid } from './cache';
import type { OfflineCache, QueuedSale } from './records';

type SaleBody = ParsedRequestOf<'sale/sale/create'>;
/** An offline sale before it takes a number: its lines, totals and payment as they will print. */
export type OfflineCart = Omit<
  z.output<typeof offlineSaleRequest>,
  'station_id' | 'branch_id' | 'invoice_no' | 'sold_at' | 'sold_by'
> & {
  parent_id: number | null;
};

const invalid = (path: string, message: string) => fail('VALIDATION_FAILED', { errors: [{ path, message }] });

/**
 * Prices a sale from the station's cache as the server would (products first, by id, then packages,
 * one per kid), or says why it cannot be sold offline:
 * - a coupon: its use limit is counted across every station, which only the server can do;
 * - overtime: the visit's time and what was paid of it are the server's;
 * - a family (the paying parent, a package's kid) not held by the station: OFFLINE_FAMILY_UNKNOWN;
 * - a product or package (or its tax) not in the cache: NOT_FOUND.
 */
export function offlineCart(cache: OfflineCache, body: SaleBody): OfflineCart | ApiFailure {
  if (body.coupon_id !== null) return fail('NEEDS_SERVER');
  if (body.overtime_session_id !== null || body.bulk_overtime_session_id.length > 0) return fail('NEEDS_SERVER');
  const named = body.parentInfo?.parent_id;
  if (named !== undefined && !cache.families.some((f) => f.parent_id === named)) return fail('OFFLINE_FAMILY_UNKNOWN');
  const rateOf = (taxId: number) => cache.taxes.find((t) => t.id === taxId)?.rate_bp;

  const wanted = new Map<number, number>();
  for (const { product } of body.cart) if (product) wanted.set(product.id, (wanted.get(product.id) ?? 0) + product.qty);
  type Item = Omit<OfflineSaleLine, 'net' | 'vat' | 'gross' | 'discount'>;
  const items: Item[] = [];
  for (const id of [...wanted.keys()].sort((a, b) => a - b)) {
    const product = cache.products.find((p) => p.id === id);
    const rate = product && rateOf(product.tax_id);
    if (!product || rate === undefined) return fail('NOT_FOUND');
    items.push({ ...line(product, rate), product_id: id, package_id: null, kid_ids: null, qty: wanted.get(id)! });
  }
  let firstKidParent: number | null = null;
  for (const { package: bought, kids } of body.cart) {
    if (!bought) continue;
    const pack = cache.packages.find((p) => p.id === bought.id);
    const rate = pack && rateOf(pack.tax_id);
    if (!pack || rate === undefined) return fail('NOT_FOUND');
    for (const kid of kids) {
      const family = familyOfKid(cache, kid);
      if (!family) return fail('OFFLINE_FAMILY_UNKNOWN');
      firstKidParent ??= family.parent_id;
    }
    items.push({ ...line(pack, rate), product_id: null, package_id: pack.id, kid_ids: kids, qty: kids.length });
  }
  const cart = priceCart(
    items.map((i) => ({ unitPrice: i.unit_price, qty: i.qty, rateBp: i.rate_bp, included: i.included })),
  );
  const { cash, pos, pos_reference } = body.salesData.payments;
  if (pos > cart.payable) return invalid('salesData.payments.pos', 'FIELD_TOO_LARGE');
  if (cash + pos < cart.payable) return invalid('salesData.payments.cash', 'FIELD_TOO_SMALL');
  return {
    lines: items.map((item, i) => ({ ...item, ...cart.lines[i]! })),
    totals: { gross: cart.gross, discount: cart.discount, net: cart.net, vat: cart.vat, payable: cart.payable },
    payments: { cash, pos, pos_reference, change: cash + pos - cart.payable },
    parentInfo: body.parentInfo,
    parent_id: named ?? firstKidParent,
  };
}

function line(row: { name_en: string; name_ar: string; price: number; included: 1 | 2 }, rate: number) {
  return { name_en: row.name_en, name_ar: row.name_ar, unit_price: row.price, rate_bp: rate, included: row.included };
}

/** The page's answer for a queued sale: the sale as the server would answer it, under id -seq. */
export function saleOfQueued(sale: QueuedSale): ResponseOf<'sale/sale/create'> {
  const { request: r } = sale;
  return {
    id: -sale.seq,
    branch_id: r.branch_id,
    invoice_no: r.invoice_no,
    kind: 'invoice',
    original_id: null,
    original_invoice_no: null,
    cancelled_at: null,
    cashier_id: r.sold_by,
    coupon_id: null,
    parent_id: sale.parent_id,
    ...r.totals,
    cash: r.payments.cash,
    pos: r.payments.pos,
    pos_reference: r.payments.pos_reference,
    change: r.payments.change,
    created_at: r.sold_at,
    lines: r.lines,
    // Made by the server when the sale arrives (their dates are its).
    subscriptions: [],
  };
}

/** The receipt of a queued sale: what the server's `sale/receipt/:id` will answer once it is recorded. */
export function receiptOfQueued(sale: QueuedSale): Receipt {
  const record = saleOfQueued(sale);
  return receiptOf({ sale: record, branch: sale.branch, cashier: sale.cashier });
}
