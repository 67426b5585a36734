import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, requiredRef, taxModeColumn } from './columns';
import { branches } from './organisation';
import { users } from './staff';
import { products, coupons, packages } from './catalogue';
import { kids, parents } from './families';
import type { CustomReportDefinition } from '../../../shared/api/reports';
import type { OfflineNote } from '../../../shared/api/offline';

/** Invoices and credit notes, their lines and numbering, commands kept to run once, and the subscriptions a sale buys. */

/** The last invoice number of each branch; taken inside the sale's transaction, so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  branch_id: integer('branch_id')
    .primaryKey()
    .references(() => branches.id),
  last_no: integer('last_no').notNull(),
});

/**
 * Invoice numbers taken from a branch's counter that no sale uses yet: held by a station for its
 * offline sales, or handed back (station_id null) for the branch's next sales, lowest first. A branch's
 * numbers are always its sales' and these, together exactly 1..invoice_counters.last_no.
 */
export const offlineNumbers = pgTable(
  'offline_numbers',
  {
    branch_id: requiredRef('branch_id', () => branches.id),
    invoice_no: integer('invoice_no').notNull(),
    station_id: uuid('station_id'),
    held_at: timestamp('held_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.branch_id, t.invoice_no] }),
    // What a sale looks for first, under the counter's lock: usually nothing.
    index('offline_numbers_free')
      .on(t.branch_id, t.invoice_no)
      .where(sql`${t.station_id} is null`),
  ],
);

/**
 * A cashier's shift at a branch: opened with the float in the drawer, closed with the cash counted.
 * One open shift per cashier (a partial unique index), so two stations cannot open it twice.
 */
export const cashShifts = pgTable(
  'cash_shifts',
  {
    id: serial('id').primaryKey(),
    branch_id: requiredRef('branch_id', () => branches.id),
    user_id: requiredRef('user_id', () => users.id),
    opening_float: integer('opening_float').notNull(),
    opened_at: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    counted_cash: integer('counted_cash'),
    /** Kept at close, so a Z report read later is the one printed then. */
    expected_cash: integer('expected_cash'),
  },
  (t) => [
    uniqueIndex('cash_shifts_one_open')
      .on(t.user_id)
      .where(sql`${t.closed_at} is null`),
    index('cash_shifts_branch_opened').on(t.branch_id, t.opened_at),
  ],
);

/**
 * A sale is its invoice. A cancellation is a credit note: a sale of its own, with negative amounts,
 * referencing the original (`original_id`), which is then marked cancelled.
 */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    branch_id: requiredRef('branch_id', () => branches.id),
    invoice_no: integer('invoice_no').notNull(),
    kind: varchar('kind', { length: 12 }).$type<'invoice' | 'credit_note'>().notNull().default('invoice'),
    original_id: integer('original_id'),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    cashier_id: requiredRef('cashier_id', () => users.id),
    coupon_id: integer('coupon_id').references(() => coupons.id),
    parent_id: integer('parent_id').references(() => parents.id),
    parent_info: jsonb('parent_info').$type<{ name?: string; mobile?: string } | null>(),
    gross: integer('gross').notNull(),
    discount: integer('discount').notNull(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    payable: integer('payable').notNull(),
    cash: integer('cash').notNull(),
    pos: integer('pos').notNull(),
    pos_reference: varchar('pos_reference', { length: 60 }),
    change: integer('change').notNull(),
    /** The cashier's shift open when it was made (null: made outside a shift). */
    shift_id: integer('shift_id').references(() => cashShifts.id),
    /** For a sale made offline, when it was sold (the receipt's time), not when it reached the server. */
    created_at: createdAt,
    /** The station that sold it offline (null: sold online). */
    station_id: uuid('station_id'),
    offline: boolean('offline').notNull().default(false),
    /** When an offline sale reached the server (null: sold online, recorded at created_at). */
    recorded_at: timestamp('recorded_at', { withTimezone: true }),
    /** What an offline sale arrived with for a manager to look at (null: nothing), until reviewed_at. */
    review_notes: jsonb('review_notes').$type<OfflineNote[]>(),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sales_branch_invoice_no').on(t.branch_id, t.invoice_no),
    uniqueIndex('sales_one_credit_note').on(t.original_id),
    index('sales_branch_created').on(t.branch_id, t.created_at),
    // An administrator's reports over every branch read a range of days.
    index('sales_created').on(t.created_at),
    index('sales_shift').on(t.shift_id),
    index('sales_to_review')
      .on(t.branch_id, t.created_at)
      .where(sql`${t.review_notes} is not null and ${t.reviewed_at} is null`),
  ],
);

export const saleLines = pgTable(
  'sale_lines',
  {
    id: serial('id').primaryKey(),
    sale_id: requiredRef('sale_id', () => sales.id),
    product_id: integer('product_id').references(() => products.id),
    package_id: integer('package_id').references(() => packages.id),
    /** The kids a package line was bought for: one subscription each, qty = their number. */
    kid_ids: jsonb('kid_ids').$type<number[]>(),
    name_en: varchar('name_en', { length: 120 }).notNull(),
    name_ar: varchar('name_ar', { length: 120 }).notNull(),
    unit_price: integer('unit_price').notNull(),
    qty: integer('qty').notNull(),
    rate_bp: integer('rate_bp').notNull(),
    included: taxModeColumn(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
    discount: integer('discount').notNull(),
  },
  (t) => [index('sale_lines_sale').on(t.sale_id)],
);

/**
 * Commands that must run once however often they are sent (a sale, a check-in). `key` is a hash of
 * the caller and their Idempotency-Key, so a key of any allowed length fits; `request_hash` tells a
 * retry from a key reused for another request; `result_ids` are what the command created.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  key: varchar('key', { length: 64 }).primaryKey(),
  endpoint: varchar('endpoint', { length: 80 }).notNull(),
  request_hash: varchar('request_hash', { length: 64 }).notNull(),
  result_ids: integer('result_ids').array().notNull(),
  created_at: createdAt,
});

/** A user's custom reports, kept by name. */
export const savedReports = pgTable(
  'saved_reports',
  {
    id: serial('id').primaryKey(),
    user_id: requiredRef('user_id', () => users.id),
    name: varchar('name', { length: 80 }).notNull(),
    definition: jsonb('definition').$type<CustomReportDefinition>().notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_reports_user_name').on(t.user_id, t.name)],
);

/**
 * A kid's subscription to a package, bought on a sale. `state` is what staff decided (kept, frozen,
 * cancelled); the status shown (ACTIVE, WAITING, …) follows from it and the dates (shared/domain/subscription).
 * Hours and margin are copied from the package, so editing a package never changes what was sold.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    kid_id: requiredRef('kid_id', () => kids.id),
    package_id: requiredRef('package_id', () => packages.id),
    sale_id: requiredRef('sale_id', () => sales.id),
    branch_id: requiredRef('branch_id', () => branches.id),
    name_en: varchar('name_en', { length: 120 }).notNull(),
    name_ar: varchar('name_ar', { length: 120 }).notNull(),
    state: varchar('state', { length: 10 }).$type<'ACTIVE' | 'FREEZED' | 'CANCELLED'>().notNull().default('ACTIVE'),
    start_date: varchar('start_date', { length: 10 }).notNull(),
    end_date: varchar('end_date', { length: 10 }).notNull(),
    frozen_at: varchar('frozen_at', { length: 10 }),
    freeze_days: integer('freeze_days').notNull().default(0),
    daily_limits: integer('daily_limits').notNull(),
    margin_minutes: varchar('margin_minutes', { length: 100 }).notNull(),
    overtime_price: integer('overtime_price').notNull().default(0),
    created_at: createdAt,
    /** Its last change (made, frozen, cancelled, moved), kept by a trigger: what an offline sale compares its time with. */
    changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_kid').on(t.kid_id, t.start_date),
    // Those ending soon, on the dashboard and in the subscription report.
    index('subscriptions_end').on(t.end_date),
    index('subscriptions_sale').on(t.sale_id),
    check('subscriptions_state', sql`${t.state} in ('ACTIVE', 'FREEZED', 'CANCELLED')`),
    check('subscriptions_period', sql`${t.start_date} <= ${t.end_date}`),
  ],
);
