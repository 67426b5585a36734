import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, names } from './columns';
import {
  branches,
  privileges,
  identificationTypes,
  specializations,
  qualifications,
  shifts,
  nationalities,
} from './organisation';

/** Employees, their sign-ins and tokens, and the server's own secrets. */

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
    uniqueIndex('users_mobile_active')
      .on(t.mobile)
      .where(sql`${t.deleted_at} is null`),
    uniqueIndex('users_email_active')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deleted_at} is null`),
  ],
);

/** One row per sign-in: the login record behind profile sessions and the login report. */
export const loginSessions = pgTable(
  'login_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
    branch_id: integer('branch_id').references(() => branches.id),
    login_at: timestamp('login_at', { withTimezone: true }).notNull().defaultNow(),
    logout_at: timestamp('logout_at', { withTimezone: true }),
  },
  // The dashboard counts today's sign-ins; the login report reads a branch's by day.
  (t) => [index('login_sessions_user').on(t.user_id, t.login_at), index('login_sessions_at').on(t.login_at)],
);

/** Refresh tokens rotate; all tokens of one sign-in share a family (the login session). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    token_hash: varchar('token_hash', { length: 64 }).primaryKey(),
    family_id: uuid('family_id')
      .notNull()
      .references(() => loginSessions.id),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id),
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
