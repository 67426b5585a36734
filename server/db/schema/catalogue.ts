import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, names, requiredRef, taxModeColumn } from './columns';
import { branches, taxes } from './organisation';

/** What the till sells: products, coupons and packages. */

/** What a product and a package have alike: names, picture, price, VAT and branch (null: every branch). */
const sellable = () => ({
  id: serial('id').primaryKey(),
  ...names,
  image: text('image'),
  price: integer('price').notNull(),
  tax_id: requiredRef('tax_id', () => taxes.id),
  included: taxModeColumn(),
  branch_id: integer('branch_id').references(() => branches.id),
});

/** Products sold at the till; stock never goes below zero (the sale decrements it atomically). */
export const products = pgTable(
  'products',
  {
    ...sellable(),
    /** Below zero only after an offline sale of goods already handed over (its note says so); a till's sale needs enough. */
    stock: integer('stock').notNull().default(0),
    created_at: createdAt,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('products_price_not_negative', sql`${t.price} >= 0`),
    check('products_included', sql`${t.included} in (1, 2)`),
    index('products_branch').on(t.branch_id),
  ],
);

/** Coupons; `used` never passes `use_limit`, whatever two tills do at once (a check constraint). */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 30 }).notNull(),
    type: varchar('type', { length: 10 }).$type<'amount' | 'percent'>().notNull(),
    value: integer('value').notNull(),
    min_cart_value: integer('min_cart_value').notNull().default(0),
    use_limit: integer('use_limit'),
    used: integer('used').notNull().default(0),
    valid_from: timestamp('valid_from', { withTimezone: true }),
    valid_to: timestamp('valid_to', { withTimezone: true }),
    branch_id: integer('branch_id').references(() => branches.id),
    created_at: createdAt,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupons_code_active')
      .on(t.code)
      .where(sql`${t.deleted_at} is null`),
    check('coupons_used_within_limit', sql`${t.use_limit} is null or ${t.used} <= ${t.use_limit}`),
    check('coupons_type', sql`${t.type} in ('amount', 'percent')`),
  ],
);

/** Packages (subscriptions sold to kids): price, VAT, validity, hours per day and the overtime margin. */
export const packages = pgTable(
  'packages',
  {
    ...sellable(),
    validity_days: integer('validity_days').notNull(),
    daily_limits: integer('daily_limits').notNull(),
    margin_minutes: varchar('margin_minutes', { length: 100 }).notNull().default('0'),
    /** What each started overtime hour costs, in minor units (VAT as the package's). */
    overtime_price: integer('overtime_price').notNull().default(0),
    created_at: createdAt,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('packages_price_not_negative', sql`${t.price} >= 0`),
    check('packages_overtime_price_not_negative', sql`${t.overtime_price} >= 0`),
    check('packages_included', sql`${t.included} in (1, 2)`),
    check('packages_validity', sql`${t.validity_days} between 1 and 3650`),
    check('packages_daily_limits', sql`${t.daily_limits} between 1 and 24`),
    index('packages_branch').on(t.branch_id),
  ],
);
