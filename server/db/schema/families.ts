import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, names, requiredRef, searchWords } from './columns';
import { branches, identificationTypes, nationalities } from './organisation';
import { users } from './staff';

/** Parents, their kids and the kids' subscriptions. */

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
    /** The parent asked for no promotions: their number is skipped in every campaign, whoever imports it. */
    promotions_opt_out: boolean('promotions_opt_out').notNull().default(false),
    search: searchWords('name_en', 'name_ar'),
    created_at: createdAt,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('parents_mobile_active')
      .on(t.mobile)
      .where(sql`${t.deleted_at} is null`),
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
    /** Who last banned or let the kid back in, and when: lifting a ban is a manager's decision. */
    banned_by: integer('banned_by').references(() => users.id),
    banned_changed_at: timestamp('banned_changed_at', { withTimezone: true }),
    vip: boolean('vip').notNull().default(false),
    room_id: integer('room_id'),
    /** The kid's photo: the last picture uploaded to their files. */
    image: text('image'),
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
