import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';

/**
 * The sales added up ahead, so a report over a month reads thousands of rows, not millions of lines.
 * PostgreSQL keeps them itself: statement triggers on `sales` and `sale_lines` add what each statement
 * changed, in the statement's own transaction (migration 0023, ARCHITECTURE "Roll-ups"); `rollup_rebuild`
 * recomputes them from the invoices. A day is the branch's calendar day; 0 stands for "none" in a key
 * (no coupon, no product, no package). Amounts are halalas; a credit note's are negative, its counts not.
 */

/** `payment`: cash (no card), card (no cash kept) or split, as the reports have always told them. */
const grain = {
  branch_id: integer('branch_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  cashier_id: integer('cashier_id').notNull(),
  payment: varchar('payment', { length: 5 }).$type<'cash' | 'card' | 'split'>().notNull(),
  kind: varchar('kind', { length: 12 }).$type<'invoice' | 'credit_note'>().notNull(),
};

const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const count = (name: string) => integer(name).notNull().default(0);

/** What the lines add up to (line discount, net and VAT split per line as the sale was priced). */
const lineSums = {
  quantity: money('quantity'),
  discount: money('discount'),
  net: money('net'),
  /** What was charged: the line's gross after its share of the discount. VAT is paid − net. */
  paid: money('paid'),
};

/** Per branch, day, cashier, payment, kind and coupon: the documents and what they add up to. */
export const rollupSales = pgTable(
  'rollup_sales',
  {
    ...grain,
    coupon_id: integer('coupon_id').notNull(),
    /** Documents (invoices or credit notes). */
    sales: count('sales'),
    payable: money('payable'),
    /** Cash kept (cash − change) and card, as the drawer and the terminal saw them. */
    cash: money('cash'),
    card: money('card'),
    /** The documents' own discount (the coupon's). */
    sale_discount: money('sale_discount'),
    ...lineSums,
    /** Documents with a line that is no product, and with one that is no package: the "none" rows' counts. */
    no_product: count('no_product'),
    no_package: count('no_package'),
  },
  (t) => [
    primaryKey({ columns: [t.branch_id, t.day, t.cashier_id, t.payment, t.kind, t.coupon_id] }),
    index('rollup_sales_day').on(t.day),
  ],
);

/** Per branch, day, cashier, payment, kind and what a line sold (product, package, or neither: overtime). */
export const rollupItems = pgTable(
  'rollup_items',
  {
    ...grain,
    product_id: integer('product_id').notNull(),
    package_id: integer('package_id').notNull(),
    /** Documents with a line of this item. */
    sales: count('sales'),
    ...lineSums,
  },
  (t) => [
    primaryKey({ columns: [t.branch_id, t.day, t.cashier_id, t.payment, t.kind, t.product_id, t.package_id] }),
    index('rollup_items_day').on(t.day),
  ],
);

/** Per branch, day, hour (on the branch's clock) and cashier: the dashboard's takings by hour. */
export const rollupHours = pgTable(
  'rollup_hours',
  {
    branch_id: grain.branch_id,
    day: grain.day,
    hour: smallint('hour').notNull(),
    cashier_id: grain.cashier_id,
    sales: count('sales'),
    payable: money('payable'),
  },
  (t) => [primaryKey({ columns: [t.branch_id, t.day, t.hour, t.cashier_id] }), index('rollup_hours_day').on(t.day)],
);

/**
 * The zone a branch without one follows (the server's, BranchLocales): the database must know it to
 * put such a branch's sales on their day. One row; the server sets it (reports/rollup-clock.ts), and a
 * change rebuilds those branches' roll-ups.
 */
export const rollupClock = pgTable(
  'rollup_clock',
  {
    id: integer('id').primaryKey().default(1),
    server_zone: varchar('server_zone', { length: 64 }).notNull(),
  },
  (t) => [check('rollup_clock_one_row', sql`${t.id} = 1`)],
);

/**
 * Kids on the books per branch (their parent's; 0: a parent of no branch): kids and parents not
 * deleted. The dashboard's first card, kept by triggers on `kids` and `parents` like the sales'.
 */
export const rollupKids = pgTable('rollup_kids', {
  branch_id: integer('branch_id').primaryKey(),
  kids: count('kids'),
});
