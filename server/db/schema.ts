import { sql } from 'drizzle-orm';
import { DEFAULT_IDLE_SECONDS } from '../../shared/domain/idle';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { Privilege } from '../../shared/permissions';
import type { SmsStatus } from '../../shared/domain/sms';

const names = {
  name_en: varchar('name_en', { length: 120 }).notNull(),
  name_ar: varchar('name_ar', { length: 120 }).notNull(),
};
const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** A column that must point at a row of another table. */
const requiredRef = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target);

/** Words to find a row by, kept by PostgreSQL itself from the names (the front desk's search). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const searchWords = (...columns: string[]) =>
  tsvector('search').generatedAlwaysAs(sql.raw(`to_tsvector('simple', ${columns.map((c) => `coalesce("${c}", '')`).join(` || ' ' || `)})`));

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
  (t) => [uniqueIndex('privileges_name_en').on(sql`lower(${t.name_en})`), uniqueIndex('privileges_name_ar').on(t.name_ar)],
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
  { id: serial('id').primaryKey(), ...names, rate_bp: integer('rate_bp').notNull(), sort: integer('sort').notNull().default(0) },
  (t) => [check('taxes_rate_bp', sql`${t.rate_bp} between 0 and 10000`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    ...names,
    mobile: varchar('mobile', { length: 20 }),
    email: varchar('email', { length: 200 }),
    password_hash: text('password_hash').notNull(),
    role: varchar('role', { length: 20 }).notNull().default('employee'),
    privilege_id: integer('privilege_id').references(() => privileges.id),
    branch_id: integer('branch_id').references(() => branches.id),
    identification_id: integer('identification_id').references(() => identificationTypes.id),
    identification_number: varchar('identification_number', { length: 30 }),
    nationality_id: integer('nationality_id').references(() => nationalities.id),
    specialization_id: integer('specialization_id').references(() => specializations.id),
    qualification_id: integer('qualification_id').references(() => qualifications.id),
    shift_id: integer('shift_id').references(() => shifts.id),
    room_id: integer('room_id'),
    created_at: createdAt,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // A soft-deleted employee frees their mobile and email for someone else.
    uniqueIndex('users_mobile_active').on(t.mobile).where(sql`${t.deleted_at} is null`),
    uniqueIndex('users_email_active').on(sql`lower(${t.email})`).where(sql`${t.deleted_at} is null`),
  ],
);

/** One row per sign-in: the login record behind profile sessions and the login report. */
export const loginSessions = pgTable(
  'login_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id').notNull().references(() => users.id),
    branch_id: integer('branch_id').references(() => branches.id),
    login_at: timestamp('login_at', { withTimezone: true }).notNull().defaultNow(),
    logout_at: timestamp('logout_at', { withTimezone: true }),
  },
  (t) => [index('login_sessions_user').on(t.user_id, t.login_at)],
);

/** Refresh tokens rotate; all tokens of one sign-in share a family (the login session). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
    family_id: uuid('family_id').notNull().references(() => loginSessions.id),
    user_id: integer('user_id').notNull().references(() => users.id),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt,
  },
  (t) => [index('refresh_tokens_family').on(t.family_id)],
);

/** Failed and successful sign-in attempts per login, for the lock-out window. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    login: varchar('login', { length: 200 }).notNull(),
    /** The caller's address (an IPv6 caller's /64), for the per-address limit; null before it was kept. */
    address: varchar('address', { length: 64 }),
    ok: boolean('ok').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_login_at').on(t.login, t.at), index('login_attempts_address_at').on(t.address, t.at)],
);

/** Server-wide secrets (the token signing key), shared by every instance on this database. */
export const serverSecrets = pgTable('server_secrets', {
  name: varchar('name', { length: 50 }).primaryKey(),
  value: text('value').notNull(),
});

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
  },
  (t) => [check('chain_settings_one_row', sql`${t.id} = 1`)],
);

/** Products sold at the till; stock never goes below zero (the sale decrements it atomically). */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    ...names,
    image: text('image'),
    price: integer('price').notNull(),
    tax_id: requiredRef('tax_id', () => taxes.id),
    included: integer('included').notNull(),
    branch_id: integer('branch_id').references(() => branches.id),
    stock: integer('stock').notNull().default(0),
    created_at: createdAt,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('products_stock_not_negative', sql`${t.stock} >= 0`),
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
    uniqueIndex('coupons_code_active').on(t.code).where(sql`${t.deleted_at} is null`),
    check('coupons_used_within_limit', sql`${t.use_limit} is null or ${t.used} <= ${t.use_limit}`),
    check('coupons_type', sql`${t.type} in ('amount', 'percent')`),
  ],
);

/** The last invoice number of each branch; taken inside the sale's transaction, so numbers have no gaps. */
export const invoiceCounters = pgTable('invoice_counters', {
  branch_id: integer('branch_id')
    .primaryKey()
    .references(() => branches.id),
  last_no: integer('last_no').notNull(),
});

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
    created_at: createdAt,
  },
  (t) => [
    uniqueIndex('sales_branch_invoice_no').on(t.branch_id, t.invoice_no),
    uniqueIndex('sales_one_credit_note').on(t.original_id),
    index('sales_branch_created').on(t.branch_id, t.created_at),
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
    included: integer('included').notNull(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
    discount: integer('discount').notNull(),
  },
  (t) => [index('sale_lines_sale').on(t.sale_id)],
);

/** Packages (subscriptions sold to kids): price, VAT, validity, hours per day and the overtime margin. */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    ...names,
    image: text('image'),
    price: integer('price').notNull(),
    tax_id: requiredRef('tax_id', () => taxes.id),
    included: integer('included').notNull(),
    branch_id: integer('branch_id').references(() => branches.id),
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

/**
 * Parents are the centre's customers, shared by every branch (a family visits more than one);
 * `branch_id` is where they registered. The mobile identifies them for one-time codes.
 */
export const parents = pgTable(
  'parents',
  {
    id: serial('id').primaryKey(),
    ...names,
    mobile: varchar('mobile', { length: 20 }).notNull(),
    email: varchar('email', { length: 200 }),
    identification_id: integer('identification_id').references(() => identificationTypes.id),
    identification_number: varchar('identification_number', { length: 30 }),
    nationality_id: integer('nationality_id').references(() => nationalities.id),
    branch_id: integer('branch_id').references(() => branches.id),
    search: searchWords('name_en', 'name_ar'),
    created_at: createdAt,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('parents_mobile_active').on(t.mobile).where(sql`${t.deleted_at} is null`),
    // The front desk finds a parent by the start of their mobile, ID number or any word of a name.
    index('parents_mobile_prefix').using('btree', sql`${t.mobile} varchar_pattern_ops`),
    index('parents_identification_prefix').using('btree', sql`lower(${t.identification_number}) text_pattern_ops`),
    index('parents_search').using('gin', t.search),
    index('parents_name_en_prefix').using('btree', sql`lower(${t.name_en}) text_pattern_ops`),
    index('parents_name_ar_prefix').using('btree', sql`${t.name_ar} varchar_pattern_ops`),
  ],
);

/** Kids, with the flags the counter must see wherever the kid appears. */
export const kids = pgTable(
  'kids',
  {
    id: serial('id').primaryKey(),
    parent_id: requiredRef('parent_id', () => parents.id),
    ...names,
    birth_date: varchar('birth_date', { length: 10 }),
    gender: varchar('gender', { length: 6 }).$type<'male' | 'female'>(),
    medical_notes: text('medical_notes'),
    banned: boolean('banned').notNull().default(false),
    vip: boolean('vip').notNull().default(false),
    room_id: integer('room_id'),
    search: searchWords('name_en', 'name_ar'),
    created_at: createdAt,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('kids_parent').on(t.parent_id),
    index('kids_search').using('gin', t.search),
    index('kids_name_en_prefix').using('btree', sql`lower(${t.name_en}) text_pattern_ops`),
    index('kids_name_ar_prefix').using('btree', sql`${t.name_ar} varchar_pattern_ops`),
  ],
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
  },
  (t) => [
    index('subscriptions_kid').on(t.kid_id, t.start_date),
    index('subscriptions_sale').on(t.sale_id),
    check('subscriptions_state', sql`${t.state} in ('ACTIVE', 'FREEZED', 'CANCELLED')`),
    check('subscriptions_period', sql`${t.start_date} <= ${t.end_date}`),
  ],
);

/** Every text message the centre sends, whichever gateway carried it: the outbox staff can read. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: serial('id').primaryKey(),
    to: varchar('to', { length: 20 }).notNull(),
    body: text('body').notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    gateway: varchar('gateway', { length: 20 }).notNull(),
    status: varchar('status', { length: 10 }).$type<SmsStatus>().notNull(),
    provider_id: varchar('provider_id', { length: 100 }),
    /** What the gateway answered when it did not accept the message: HTTP status and its own error code. */
    http_status: integer('http_status'),
    error_code: varchar('error_code', { length: 40 }),
    /** The branch it was sent for; the outbox shows a branch only its own. Null: no branch (an administrator's). */
    branch_id: integer('branch_id').references(() => branches.id),
    sent_by: integer('sent_by').references(() => users.id),
    created_at: createdAt,
  },
  (t) => [index('sms_messages_to').on(t.to, t.created_at), index('sms_messages_branch').on(t.branch_id, t.created_at)],
);

/**
 * A kid's visit: checked in with a badge on a subscription, checked out later. One open visit per kid
 * (a partial unique index), so two tills cannot check the same kid in; a badge in use is refused.
 * The overtime is fixed at check-out and billed once.
 */
export const kidSessions = pgTable(
  'kid_sessions',
  {
    id: serial('id').primaryKey(),
    kid_id: requiredRef('kid_id', () => kids.id),
    parent_id: requiredRef('parent_id', () => parents.id),
    subscription_id: requiredRef('subscription_id', () => subscriptions.id),
    branch_id: requiredRef('branch_id', () => branches.id),
    badge: varchar('badge', { length: 40 }).notNull(),
    checkin_at: timestamp('checkin_at', { withTimezone: true }).notNull().defaultNow(),
    checkout_at: timestamp('checkout_at', { withTimezone: true }),
    checked_in_by: requiredRef('checked_in_by', () => users.id),
    checked_out_by: integer('checked_out_by').references(() => users.id),
    daily_limits: integer('daily_limits').notNull(),
    margin_minutes: varchar('margin_minutes', { length: 100 }).notNull(),
    overtime_price: integer('overtime_price').notNull(),
    overtime_hours: integer('overtime_hours'),
    overtime_fee: integer('overtime_fee'),
    /** How the fee was settled by a person: edited or forgiven (null: as computed). */
    fee_decision: varchar('fee_decision', { length: 10 }).$type<'edited' | 'forgiven'>(),
    billed_sale_id: integer('billed_sale_id').references(() => sales.id),
    /** When the parent confirmed the overtime to pay with their one-time code. */
    overtime_confirmed_at: timestamp('overtime_confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('kid_sessions_one_open_per_kid').on(t.kid_id).where(sql`${t.checkout_at} is null`),
    // Kids checked in together share their badge; a check-in serialises on the badge (advisory lock).
    index('kid_sessions_open_badge').on(t.branch_id, sql`lower(${t.badge})`).where(sql`${t.checkout_at} is null`),
    index('kid_sessions_branch_open').on(t.branch_id, t.checkin_at),
    index('kid_sessions_kid').on(t.kid_id, t.checkin_at),
  ],
);

/** Every decision on an overtime fee: who, when, from what to what, and why. */
export const overtimeDecisions = pgTable(
  'overtime_decisions',
  {
    id: serial('id').primaryKey(),
    session_id: requiredRef('session_id', () => kidSessions.id),
    user_id: requiredRef('user_id', () => users.id),
    action: varchar('action', { length: 10 }).$type<'edit' | 'forgive'>().notNull(),
    fee_before: integer('fee_before').notNull(),
    fee_after: integer('fee_after').notNull(),
    reason: text('reason').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('overtime_decisions_session').on(t.session_id)],
);

/** One-time codes: only a hash is kept; a code lives 10 minutes and allows 5 checks. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    mobile: varchar('mobile', { length: 20 }).notNull(),
    parent_id: integer('parent_id').references(() => parents.id),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    verified_at: timestamp('verified_at', { withTimezone: true }),
    created_at: createdAt,
  },
  (t) => [index('otp_codes_mobile').on(t.mobile, t.created_at)],
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
