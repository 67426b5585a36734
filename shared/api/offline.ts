import { z } from 'zod';
import { endpoint } from './endpoint';
import { Id, Timestamp } from './common';
import { Amount, taxMode } from './products';
import { cardReference, parentInfo, saleWithLines } from './sales';
import { OFFLINE_NOTE_KINDS, OFFLINE_NUMBERS_HELD } from '../domain/offline';
import { lineAmounts, priceCart } from '../domain/money';

/**
 * The offline till (issue 28). A station mints its id once (a UUID kept in its settings) and holds
 * invoice numbers the server reserved for it in its branch; a sale made while the server cannot be
 * reached takes the next of them at once, is printed, queued in the station's main process and sent
 * here when the server is back, under the Idempotency-Key minted when it was sold.
 */
export const StationId = z.uuid();

/**
 * Tops the station's reserve of invoice numbers in the branch up to OFFLINE_NUMBERS_HELD (numbers handed
 * back by any station first, then new ones from the branch's counter) and answers every number it holds
 * there, in order. `branch_id`: the caller's own branch; an administrator without one names it.
 */
export const offlineNumbersReserve = endpoint({
  method: 'POST',
  path: '/offline/numbers/reserve',
  request: z.object({
    station_id: StationId,
    branch_id: Id.nullish().transform((v) => v ?? null),
  }),
  response: z.object({ branch_id: z.number().int(), numbers: z.array(z.number().int()) }),
  permission: { action: 'create', subject: 'Sales' },
});

/**
 * Hands numbers back: of those named, the ones this station still holds unused in the branch become
 * free, and the next sales of the branch (online, or another station's reserve) take them, lowest
 * first, so the branch's numbers stay gapless. A number not held by this station is left as it is.
 */
export const offlineNumbersRelease = endpoint({
  method: 'POST',
  path: '/offline/numbers/release',
  request: z.object({
    station_id: StationId,
    branch_id: Id,
    numbers: z
      .array(Id)
      .min(1)
      .max(OFFLINE_NUMBERS_HELD * 4),
  }),
  response: z.object({ released: z.array(z.number().int()) }),
  permission: { action: 'create', subject: 'Sales' },
});

/** A line exactly as it was printed: the names, prices, tax and amounts of the moment of sale. */
export const offlineSaleLine = z.object({
  product_id: Id.nullable(),
  package_id: Id.nullable(),
  /** A package's kids, one subscription each (as many as `qty`); null for a product. */
  kid_ids: z.array(Id).min(1).max(20).nullable(),
  // As long as a sale line's stored names (and a product's or package's own).
  name_en: z.string().max(120),
  name_ar: z.string().max(120),
  unit_price: Amount,
  qty: z.number().int().min(1).max(1000),
  rate_bp: z.number().int().min(0).max(10_000),
  included: taxMode,
  net: z.number().int(),
  vat: z.number().int(),
  gross: z.number().int(),
  discount: z.number().int(),
});
export type OfflineSaleLine = z.output<typeof offlineSaleLine>;

const amounts = z.object({ gross: Amount, discount: Amount, net: Amount, vat: Amount, payable: Amount });

/**
 * A sale made offline, as printed. The server records it as it is: its number, time, lines and
 * totals are those on the parent's receipt, whatever changed meanwhile (what did is noted for review).
 * The request's amounts must be what priceCart makes of its lines (a corrupt queue entry is refused).
 */
export const offlineSaleRequest = z
  .object({
    station_id: StationId,
    branch_id: Id,
    invoice_no: Id,
    /** The station's clock when it was sold: the receipt's date and its tax QR's timestamp. */
    sold_at: z.iso.datetime({ offset: true }),
    /** The cashier signed in when it was sold (the queue may be sent under a later sign-in). */
    sold_by: Id,
    lines: z.array(offlineSaleLine).min(1).max(200),
    totals: amounts,
    payments: z.object({
      cash: Amount,
      pos: Amount,
      pos_reference: cardReference,
      change: Amount,
    }),
    parentInfo,
  })
  .superRefine((sale, ctx) => {
    for (const [i, line] of sale.lines.entries()) {
      if ((line.product_id === null) === (line.package_id === null))
        ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: ['lines', i, 'product_id'] });
      else if (line.package_id !== null && line.kid_ids?.length !== line.qty)
        ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: ['lines', i, 'kid_ids'] });
      else if (line.product_id !== null && line.kid_ids !== null)
        ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: ['lines', i, 'kid_ids'] });
    }
    const inputs = sale.lines.map((l) => ({
      unitPrice: l.unit_price,
      qty: l.qty,
      rateBp: l.rate_bp,
      included: l.included,
    }));
    if (sale.totals.discount > inputs.map(lineAmounts).reduce((sum, l) => sum + l.gross, 0)) {
      ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: ['totals', 'discount'] });
      return;
    }
    const priced = priceCart(inputs, sale.totals.discount);
    const same =
      priced.gross === sale.totals.gross &&
      priced.net === sale.totals.net &&
      priced.vat === sale.totals.vat &&
      priced.payable === sale.totals.payable &&
      priced.lines.every((p, i) => {
        const l = sale.lines[i]!;
        return p.net === l.net && p.vat === l.vat && p.gross === l.gross && p.discount === l.discount;
      });
    if (!same) ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: ['totals'] });
    const { cash, pos, pos_reference, change } = sale.payments;
    if (pos > sale.totals.payable)
      ctx.addIssue({ code: 'custom', message: 'FIELD_TOO_LARGE', path: ['payments', 'pos'] });
    if (cash + pos - sale.totals.payable !== change)
      ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: ['payments', 'change'] });
    if (pos > 0 && pos_reference === null)
      ctx.addIssue({ code: 'custom', message: 'FIELD_REQUIRED', path: ['payments', 'pos_reference'] });
  });
export type OfflineSaleRequest = z.input<typeof offlineSaleRequest>;

/** What changed between the sale and its arrival, or what it left to look at; never a reason to drop it. */
export const offlineNote = z.object({
  kind: z.enum(OFFLINE_NOTE_KINDS),
  product_id: z.number().int().nullable().default(null),
  package_id: z.number().int().nullable().default(null),
  kid_id: z.number().int().nullable().default(null),
  /** What the receipt says (a price, a number), and what the server has now, in minor units or as a number. */
  printed: z.number().int().nullable().default(null),
  current: z.number().int().nullable().default(null),
});
export type OfflineNote = z.output<typeof offlineNote>;

/**
 * Records a sale made offline, once (its Idempotency-Key is the one minted at the sale): with the
 * number, time, lines and totals printed; stock taken even below zero (the goods were handed over);
 * into the cashier's shift that was open when it was sold. Answers the sale and what it left to review.
 */
export const offlineSale = endpoint({
  method: 'POST',
  path: '/offline/sale',
  invalidates: ['Invoice', 'Product', 'Subscription', 'Shift', 'OfflineReview'],
  request: offlineSaleRequest,
  response: saleWithLines.extend({ notes: z.array(offlineNote) }),
  permission: { action: 'create', subject: 'Sales' },
  success: 'OFFLINE_SALE_RECORDED',
  once: true,
});

export const offlineReviewRow = z.object({
  sale_id: z.number().int(),
  branch_id: z.number().int(),
  invoice_no: z.number().int(),
  station_id: z.string(),
  cashier_id: z.number().int(),
  sold_at: Timestamp,
  recorded_at: Timestamp,
  payable: z.number().int(),
  notes: z.array(offlineNote),
});

/** Offline sales that arrived with something to look at and are not reviewed yet, oldest first (the caller's branch; an administrator's all). */
export const offlineReviewList = endpoint({
  method: 'GET',
  path: '/offline/review',
  tags: ['OfflineReview'],
  request: z.object({}),
  response: z.array(offlineReviewRow),
  permission: { action: 'view', subject: 'Invoices' },
});

/** A manager has looked at an offline sale's notes: it leaves the list and the dashboard's count. */
export const offlineReviewDone = endpoint({
  method: 'POST',
  path: '/offline/review/done',
  invalidates: ['OfflineReview'],
  request: z.object({ sale_id: Id }),
  response: z.object({ sale_id: z.number().int(), reviewed_at: Timestamp }),
  permission: { action: 'update', subject: 'Invoices' },
  success: 'OFFLINE_SALE_REVIEWED',
});
