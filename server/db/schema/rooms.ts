import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, names, requiredRef } from './columns';
import { branches } from './organisation';
import { loginSessions, users } from './staff';
import { kids } from './families';
import { kidVisits } from './frontdesk';

/** Rooms, who may supervise them, supervisors' code sign-ins, and kids' stays in rooms. */

/** A room of a branch; `capacity` null: no limit. Soft-deleted, since its visits keep pointing at it. */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    ...names,
    branch_id: requiredRef('branch_id', () => branches.id),
    capacity: integer('capacity'),
    min_age: integer('min_age'),
    max_age: integer('max_age'),
    created_at: createdAt,
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('rooms_branch').on(t.branch_id),
    check('rooms_capacity', sql`${t.capacity} is null or ${t.capacity} > 0`),
    check('rooms_ages', sql`${t.min_age} is null or ${t.max_age} is null or ${t.min_age} <= ${t.max_age}`),
  ],
);

/** Room access: which employees may supervise which rooms. */
export const roomAccess = pgTable(
  'room_access',
  {
    room_id: requiredRef('room_id', () => rooms.id),
    user_id: requiredRef('user_id', () => users.id),
    granted_by: integer('granted_by').references(() => users.id),
    granted_at: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.room_id, t.user_id] }), index('room_access_user').on(t.user_id)],
);

/**
 * A supervisor's code sign-in at a station: what the supervisor token names. Bound to the station's
 * staff sign-in that asked for the code, so it works only beside that session and dies with it. Ended by
 * logout, by an expiry (a shift), when the supervisor loses their last room, or moves branch.
 */
export const supervisorSessions = pgTable(
  'supervisor_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: requiredRef('user_id', () => users.id),
    /** The employee signed in at the station that hosted it. */
    station_user_id: requiredRef('station_user_id', () => users.id),
    /** Null only on sessions opened before the binding existed: such a session is never accepted. */
    station_session_id: uuid('station_session_id').references(() => loginSessions.id),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('supervisor_sessions_user').on(t.user_id, t.started_at)],
);

/** A supervisor's time logged into a room; one open at a time per supervisor. */
export const roomSessions = pgTable(
  'room_sessions',
  {
    id: serial('id').primaryKey(),
    user_id: requiredRef('user_id', () => users.id),
    room_id: requiredRef('room_id', () => rooms.id),
    supervisor_session_id: uuid('supervisor_session_id')
      .notNull()
      .references(() => supervisorSessions.id),
    login_at: timestamp('login_at', { withTimezone: true }).notNull().defaultNow(),
    logout_at: timestamp('logout_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('room_sessions_one_open_per_user')
      .on(t.user_id)
      .where(sql`${t.logout_at} is null`),
    index('room_sessions_user').on(t.user_id, t.login_at),
  ],
);

/**
 * A kid's stay in a room, within a premises visit. One open stay per kid (a partial unique index): two
 * supervisors taking the same kid into two rooms at once cannot both succeed.
 */
export const kidRoomStays = pgTable(
  'kid_room_visits',
  {
    id: serial('id').primaryKey(),
    kid_id: requiredRef('kid_id', () => kids.id),
    room_id: requiredRef('room_id', () => rooms.id),
    branch_id: requiredRef('branch_id', () => branches.id),
    /** The premises visit it is part of (`session_id`: the spec's word, kept in the table). */
    session_id: requiredRef('session_id', () => kidVisits.id),
    checkin_at: timestamp('checkin_at', { withTimezone: true }).notNull().defaultNow(),
    checkout_at: timestamp('checkout_at', { withTimezone: true }),
    checked_in_by: requiredRef('checked_in_by', () => users.id),
    checked_out_by: integer('checked_out_by').references(() => users.id),
  },
  (t) => [
    uniqueIndex('kid_room_visits_one_open_per_kid')
      .on(t.kid_id)
      .where(sql`${t.checkout_at} is null`),
    index('kid_room_visits_room_open')
      .on(t.room_id)
      .where(sql`${t.checkout_at} is null`),
    index('kid_room_visits_kid').on(t.kid_id, t.checkin_at),
    index('kid_room_visits_branch').on(t.branch_id, t.checkin_at),
    index('kid_room_visits_session').on(t.session_id),
  ],
);
