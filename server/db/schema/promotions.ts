import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { CampaignState, RowState } from '../../../shared/domain/promotion';
import { createdAt, requiredRef } from './columns';
import { branches } from './organisation';
import { users } from './staff';
import { smsMessages } from './frontdesk';

/** Promotion campaigns: each row stored before it is sent, so a send is never repeated nor lost. */

/**
 * One campaign: a message to many numbers, sent by the server in the background. `state` is the
 * manager's word (sending, paused, cancelled) and the sender's (waiting: outside the sending window;
 * done: no row left to send).
 */
export const promotionCampaigns = pgTable(
  'promotion_campaigns',
  {
    id: serial('id').primaryKey(),
    branch_id: requiredRef('branch_id', () => branches.id),
    created_by: requiredRef('created_by', () => users.id),
    /** The message as typed, placeholders ({name}, {kid}) and all; each row's text is filled when it is sent. */
    message: text('message').notNull(),
    state: varchar('state', { length: 10 }).$type<CampaignState>().notNull().default('sending'),
    /** The spreadsheet the rows came from, as the file store named it; null: typed or built from families. */
    file: varchar('file', { length: 200 }),
    total: integer('total').notNull(),
    /** Rows stored as skipped (opted out): never sent. */
    skipped: integer('skipped').notNull().default(0),
    created_at: createdAt,
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('promotion_campaigns_branch').on(t.branch_id, t.created_at),
    // The sender looks only at campaigns still to send.
    index('promotion_campaigns_open')
      .on(t.id)
      .where(sql`${t.state} in ('sending', 'waiting')`),
    check('promotion_campaigns_state', sql`${t.state} in ('waiting', 'sending', 'paused', 'cancelled', 'done')`),
  ],
);

/**
 * One number of a campaign. A row goes waiting → sending (committed before the gateway is asked) →
 * sent / failed / unknown; a row found in `sending` by nobody sending it (a server killed) is unknown,
 * never sent again.
 */
export const promotionRows = pgTable(
  'promotion_rows',
  {
    id: serial('id').primaryKey(),
    campaign_id: requiredRef('campaign_id', () => promotionCampaigns.id),
    /** The row's number in the file it came from (or its place in the list). */
    row_no: integer('row_no').notNull(),
    /** E.164. */
    mobile: varchar('mobile', { length: 20 }).notNull(),
    name: varchar('name', { length: 120 }).notNull().default(''),
    kid: varchar('kid', { length: 120 }).notNull().default(''),
    state: varchar('state', { length: 10 }).$type<RowState>().notNull().default('waiting'),
    /** Why a row was not sent: the gateway's error code, TIMEOUT, OPTED_OUT, INTERRUPTED … */
    cause: varchar('cause', { length: 40 }),
    /** When a sender took it: a row in `sending` long past the gateway's wait has no sender left. */
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    sms_id: integer('sms_id').references(() => smsMessages.id),
  },
  (t) => [
    uniqueIndex('promotion_rows_campaign_row').on(t.campaign_id, t.row_no),
    // The sender's next row of a campaign, in order.
    index('promotion_rows_waiting')
      .on(t.campaign_id, t.row_no)
      .where(sql`${t.state} = 'waiting'`),
    index('promotion_rows_sending')
      .on(t.claimed_at)
      .where(sql`${t.state} = 'sending'`),
    index('promotion_rows_state').on(t.campaign_id, t.state),
    check('promotion_rows_state', sql`${t.state} in ('waiting', 'sending', 'sent', 'failed', 'unknown', 'skipped')`),
  ],
);

/** Numbers that asked for no promotions and are not (yet) parents: a STOP list imported. */
export const promotionOptOuts = pgTable('promotion_opt_outs', {
  /** E.164. */
  mobile: varchar('mobile', { length: 20 }).primaryKey(),
  created_at: createdAt,
});
