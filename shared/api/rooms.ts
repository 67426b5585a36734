import { z } from 'zod';
import { endpoint } from './endpoint';
import { bilingualName, Id, Nothing, OptionalId, paging, Timestamp } from './common';
import { pageSchema } from './envelope';
import { ROOM_AGE_MAX, ROOM_CAPACITY_MAX } from '../domain/room';

/** A person as a list shows them: who supervised, who was let in. */
const named = { id: z.number().int(), name_en: z.string(), name_ar: z.string() };

/**
 * A room of a branch (spec 3: id, names, branch): how many kids it holds at once (null: no limit),
 * the ages it is meant for, the kids inside now and the employees who may supervise it (room access).
 */
export const roomSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  branch_id: z.number().int(),
  capacity: z.number().int().nullable(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  inside: z.number().int(),
  supervisors: z.array(z.object(named)),
});
export type Room = z.output<typeof roomSchema>;
export type RoomRecord = z.input<typeof roomSchema>;

const optionalCount = (max: number) =>
  z.coerce
    .number()
    .int('FIELD_INVALID')
    .min(1, 'FIELD_TOO_SMALL')
    .max(max, 'FIELD_TOO_LARGE')
    .nullish()
    .transform((v) => v ?? null);
const optionalAge = z.coerce
  .number()
  .int('FIELD_INVALID')
  .min(0, 'FIELD_TOO_SMALL')
  .max(ROOM_AGE_MAX, 'FIELD_TOO_LARGE')
  .nullish()
  .transform((v) => v ?? null);

const roomFields = z.object({
  ...bilingualName,
  /** Spec 7: the branch is sent as its id; a non-administrator's own branch when left out. */
  branch_id: OptionalId,
  capacity: optionalCount(ROOM_CAPACITY_MAX),
  min_age: optionalAge,
  max_age: optionalAge,
  /** Who may supervise the room: replaces the room's access list when sent. */
  supervisor_ids: z.array(Id).max(200).optional(),
});
/** The youngest age a room is for may not be above the oldest. */
const agesInOrder = <S extends z.ZodType<{ min_age: number | null; max_age: number | null }>>(schema: S) =>
  schema.refine((r) => r.min_age === null || r.max_age === null || r.min_age <= r.max_age, {
    message: 'FIELD_INVALID',
    path: ['max_age'],
  });

/** Spec 7: with no body every room the caller may see; with paging or a search, one page of them. */
export const roomListAll = endpoint({
  method: 'POST',
  path: '/room/listall',
  tags: ['Room', 'Visit'],
  read: true,
  request: z.object({
    page: z.coerce.number().int().min(1).max(100_000).optional(),
    perPage: z.coerce.number().int().min(1).max(200).optional(),
    q: z.string().trim().max(100).optional(),
    /** An administrator's filter; anyone else sees their own branch's rooms only. */
    branch_id: OptionalId,
  }),
  response: pageSchema(roomSchema),
  permission: { action: 'view', subject: 'Rooms' },
});

export const roomCreate = endpoint({
  method: 'POST',
  path: '/room/create',
  invalidates: ['Room'],
  request: agesInOrder(roomFields),
  response: roomSchema,
  permission: { action: 'create', subject: 'Rooms' },
});

export const roomUpdate = endpoint({
  method: 'POST',
  path: '/room/data/update',
  invalidates: ['Room'],
  request: agesInOrder(roomFields.extend({ id: Id })),
  response: roomSchema,
  permission: { action: 'update', subject: 'Rooms' },
});

/** Refused (ROOM_NOT_EMPTY) while kids are inside; ends its access and any supervisor's session in it. */
export const roomDelete = endpoint({
  method: 'POST',
  path: '/room/delete',
  invalidates: ['Room'],
  request: z.object({ id: Id }),
  response: Nothing,
  permission: { action: 'delete', subject: 'Rooms' },
});

/** Takes one employee's access to one room away; a supervisor logged into it is logged out of it. */
export const roomRevoke = endpoint({
  method: 'POST',
  path: '/room/revoke',
  invalidates: ['Room'],
  request: z.object({ room_id: Id, user_id: Id }),
  response: roomSchema,
  permission: { action: 'update', subject: 'Rooms' },
});

export const roomAccessSchema = z.object({
  room_id: z.number().int(),
  room_name_en: z.string(),
  room_name_ar: z.string(),
  user_id: z.number().int(),
  user_name_en: z.string(),
  user_name_ar: z.string(),
  granted_at: Timestamp,
});

/** Who may supervise which room, for one room, one employee or all the caller may see. */
export const roomAccessList = endpoint({
  method: 'POST',
  path: '/roomaccess/list',
  read: true,
  request: z.object({ room_id: Id.optional(), user_id: Id.optional() }),
  response: z.array(roomAccessSchema),
  permission: { action: 'view', subject: 'Rooms' },
});

/**
 * The employees a room's access may be given to (the room's branch's active employees, or for an
 * administrator's chain-wide view every branch's), each with the rooms they may supervise and the
 * room they are in now.
 */
export const roomSupervisorList = endpoint({
  method: 'POST',
  path: '/room/supervisor/list',
  tags: ['Room'],
  read: true,
  request: z.object({ branch_id: OptionalId }),
  response: z.array(
    z.object({
      ...named,
      branch_id: z.number().int().nullable(),
      room_id: z.number().int().nullable(),
      room_ids: z.array(z.number().int()),
    }),
  ),
  permission: { action: 'view', subject: 'Rooms' },
});

/** A supervisor's time logged into a room (the employee profile's room sessions). */
export const roomSessionSchema = z.object({
  id: z.number().int(),
  room_id: z.number().int(),
  room_name_en: z.string(),
  room_name_ar: z.string(),
  login_at: Timestamp,
  logout_at: Timestamp.nullable(),
});

/** One kid's stay in one room: who let them in and out, and the premises visit it belonged to. */
export const roomVisitSchema = z.object({
  id: z.number().int(),
  kid_id: z.number().int(),
  kid_name_en: z.string(),
  kid_name_ar: z.string(),
  room_id: z.number().int(),
  room_name_en: z.string(),
  room_name_ar: z.string(),
  branch_id: z.number().int(),
  session_id: z.number().int(),
  checkin_at: Timestamp,
  checkout_at: Timestamp.nullable(),
  checked_in_by: z.object(named),
  checked_out_by: z.object(named).nullable(),
});
export type RoomVisit = z.output<typeof roomVisitSchema>;
export type RoomVisitRecord = z.input<typeof roomVisitSchema>;

/** Spec 7: kids' room stays (the spec's kid room sessions), newest first; branch, room, employee and date filters (dates in the branch's zone). */
export const kidRoomStayPageList = endpoint({
  method: 'POST',
  path: '/kidroomsession/pagelist',
  tags: ['Visit'],
  read: true,
  request: z
    .object({
      ...paging(10),
      branch_id: OptionalId,
      room_id: OptionalId,
      kid_id: OptionalId,
      /** The employee who took the kid in. */
      user_id: OptionalId,
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
    })
    .refine((d) => !d.from || !d.to || d.from <= d.to, { message: 'FIELD_INVALID', path: ['to'] }),
  response: pageSchema(roomVisitSchema),
  permission: { action: 'view', subject: 'Rooms' },
});

/** The kid's stays in rooms, newest first (within the caller's branch, as their visits). */
export const kidRoomStays = endpoint({
  method: 'POST',
  path: '/profile/kid/roomsession',
  tags: ['Visit'],
  read: true,
  request: z.object({ ...paging(10), kid_id: Id }),
  response: pageSchema(roomVisitSchema),
  permission: { action: 'view', subject: 'FrontDesk' },
});
