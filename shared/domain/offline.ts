/**
 * The offline till's rules (issue 28), shared by the station that sells offline and the server that
 * records what it sold.
 */

/** Invoice numbers a station holds in reserve for its branch: enough for a long afternoon cut off. */
export const OFFLINE_NUMBERS_HELD = 50;
/** Below this many left the station asks for more while it can reach the server. */
export const OFFLINE_NUMBERS_REFILL_BELOW = 20;

/**
 * What an offline sale can arrive with:
 * - STOCK_BELOW_ZERO: a product's stock went below zero taking it (the goods were handed over);
 * - PRICE_CHANGED: the product's or package's price now differs from the one printed;
 * - PRODUCT_DELETED / PACKAGE_DELETED: deleted meanwhile (the line is still recorded);
 * - SUBSCRIPTION_CHANGED: the kid's subscriptions changed after the sale (another was bought, one frozen or cancelled);
 * - NUMBER_TAKEN: the printed number was no longer this station's (recorded under the next free one; `printed`/`current`);
 * - NO_SHIFT: cash taken while the cashier had no open shift to count it in;
 * - CASHIER_GONE: the cashier who sold it was deleted meanwhile.
 */
export const OFFLINE_NOTE_KINDS = [
  'STOCK_BELOW_ZERO',
  'PRICE_CHANGED',
  'PRODUCT_DELETED',
  'PACKAGE_DELETED',
  'SUBSCRIPTION_CHANGED',
  'NUMBER_TAKEN',
  'NO_SHIFT',
  'CASHIER_GONE',
] as const;
export type OfflineNoteKind = (typeof OFFLINE_NOTE_KINDS)[number];
