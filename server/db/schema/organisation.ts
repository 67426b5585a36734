import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { DEFAULT_IDLE_SECONDS } from '../../../shared/domain/idle';
import { PROMOTION_DEFAULTS } from '../../../shared/domain/promotion';
import type { Privilege } from '../../../shared/permissions';
import { createdAt, names } from './columns';

/** The chain: branches, roles, the lookup lists, taxes and the chain's settings. */

export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  ...names,
  address: text('address'),
  phone: varchar('phone', { length: 30 }),
  vat_number: varchar('vat_number', { length: 30 }),
  currency: varchar('currency', { length: 3 }).notNull().default('SAR'),
  /** IANA name, e.g. Asia/Riyadh: the branch's calendar day and clock. Null: the server's own zone. */
  time_zone: varchar('time_zone', { length: 64 }),
  /** ISO 3166 alpha-2: how a mobile typed without its country code is read (0501… in SA). */
  country: varchar('country', { length: 2 }).notNull().default('SA'),
  /** The branch counts its cash at each shift's close: a cash sale or cash refund then needs an open shift (its drawer). */
  counts_cash: boolean('counts_cash').notNull().default(true),
  created_at: createdAt,
  deleted_at: timestamp('deleted_at', { withTimezone: true }),
});

export const privileges = pgTable(
  'privileges',
  {
    id: serial('id').primaryKey(),
    ...names,
    admin_access: boolean('admin_access').notNull().default(false),
    features: jsonb('features').$type<Privilege['features']>().notNull().default({}),
    created_at: createdAt,
  },
  // Two roles with one name would be told apart by nobody at the counter.
  (t) => [
    uniqueIndex('privileges_name_en').on(sql`lower(${t.name_en})`),
    uniqueIndex('privileges_name_ar').on(t.name_ar),
  ],
);

const lookupTable = (name: string) =>
  pgTable(name, { id: serial('id').primaryKey(), ...names, sort: integer('sort').notNull().default(0) });

export const identificationTypes = lookupTable('identification_types');
export const specializations = lookupTable('specializations');
export const qualifications = lookupTable('qualifications');
export const shifts = lookupTable('shifts');
export const nationalities = pgTable(
  'nationalities',
  { id: serial('id').primaryKey(), ...names, code: varchar('code', { length: 2 }).notNull() },
  (t) => [uniqueIndex('nationalities_code').on(t.code)],
);
export const taxes = pgTable(
  'taxes',
  {
    id: serial('id').primaryKey(),
    ...names,
    rate_bp: integer('rate_bp').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [check('taxes_rate_bp', sql`${t.rate_bp} between 0 and 10000`)],
);

/**
 * Settings of the whole chain, one row (id 1): staff move between branches and a station's lock should
 * not depend on where it stands. `idle_seconds`: a station untouched this long locks, a closed browser
 * page's session ends.
 */
export const chainSettings = pgTable(
  'chain_settings',
  {
    id: integer('id').primaryKey().default(1),
    idle_seconds: integer('idle_seconds').notNull().default(DEFAULT_IDLE_SECONDS),
    /** Minutes after the branch's midnight when promotions may start and must stop (default 09:00–21:00). */
    promotion_window_start: integer('promotion_window_start').notNull().default(PROMOTION_DEFAULTS.window_start),
    promotion_window_end: integer('promotion_window_end').notNull().default(PROMOTION_DEFAULTS.window_end),
    /** The sender name promotions go out under; null: the service sender with "-AD". */
    promotion_sender: varchar('promotion_sender', { length: 11 }),
    /** The opt-out words each promotion carries, in its language. */
    promotion_opt_out_en: text('promotion_opt_out_en').notNull().default(PROMOTION_DEFAULTS.opt_out_en),
    promotion_opt_out_ar: text('promotion_opt_out_ar').notNull().default(PROMOTION_DEFAULTS.opt_out_ar),
  },
  (t) => [check('chain_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * The chain's SMS provider, set in Settings (one SMS account for the chain; SMS_GATEWAY in the server's
 * environment wins over it). `config` is the provider without its secret, checked by zod when read;
 * `secret` (token, password or header value) leaves the server only towards the provider.
 */
export const smsProvider = pgTable(
  'sms_provider',
  {
    id: integer('id').primaryKey().default(1),
    config: jsonb('config').notNull(),
    secret: text('secret'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sms_provider_one_row', sql`${t.id} = 1`)],
);
