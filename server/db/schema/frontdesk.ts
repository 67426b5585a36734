import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SmsStatus } from '../../../shared/domain/sms';
import { createdAt, requiredRef } from './columns';
import { branches } from './organisation';
import { users } from './staff';
import { sales, subscriptions } from './sales';
import { parents, kids } from './families';

/** The front desk: visits and their overtime, one-time codes and the text messages sent. */

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
 * The overtime is fixed at check-out and billed once. The table keeps the spec's name (kid sessions);
 * the code says visit.
 */
export const kidVisits = pgTable(
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
    uniqueIndex('kid_sessions_one_open_per_kid')
      .on(t.kid_id)
      .where(sql`${t.checkout_at} is null`),
    // Kids checked in together share their badge; a check-in serialises on the badge (advisory lock).
    index('kid_sessions_open_badge')
      .on(t.branch_id, sql`lower(${t.badge})`)
      .where(sql`${t.checkout_at} is null`),
    index('kid_sessions_branch_open').on(t.branch_id, t.checkin_at),
    index('kid_sessions_kid').on(t.kid_id, t.checkin_at),
    // The overtime a sale billed: found again when the sale is cancelled, and summed on the dashboard.
    index('kid_sessions_billed_sale').on(t.billed_sale_id),
  ],
);

/** Every decision on an overtime fee: who, when, from what to what, and why. */
export const overtimeDecisions = pgTable(
  'overtime_decisions',
  {
    id: serial('id').primaryKey(),
    /** The visit (`session_id`: the spec's word, kept in the table). */
    session_id: requiredRef('session_id', () => kidVisits.id),
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
    /** A supervisor's code (room work) rather than a parent's. */
    user_id: integer('user_id').references(() => users.id),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    verified_at: timestamp('verified_at', { withTimezone: true }),
    created_at: createdAt,
  },
  (t) => [index('otp_codes_mobile').on(t.mobile, t.created_at)],
);
