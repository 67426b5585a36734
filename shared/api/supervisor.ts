import { z } from 'zod';
import { endpoint, type Permission } from './endpoint';
import { Id, Nothing, Timestamp } from './common';
import { Badge, codeLanguage, codeMobile, codeSent, OtpCode } from './frontdesk';
import { roomSchema } from './rooms';

/**
 * Supervisor mode (spec 6): a station signed in by an employee with the Supervisor right hosts it; the
 * supervisor at the room door signs in with a code sent to their own mobile and gets a supervisor token,
 * sent in its own header beside the staff token. Room work needs both.
 */
/** The header the supervisor token travels in, beside the staff bearer token (spec 7). */
export const SUPERVISOR_HEADER = 'X-Supervisor-Token';

const roomWork = { action: 'access', subject: 'Supervisor', supervisor: true } as const satisfies Permission;
/** Asking for and checking a supervisor's code: the station's right only (no supervisor yet). */
const stationRight = { action: 'access', subject: 'Supervisor' } as const satisfies Permission;

/**
 * A code to the supervisor's own mobile. Any other number gets no code but the same answer (and the
 * try is counted against it), so the answer does not tell which numbers are supervisors'; nor does
 * it say whether the gateway's answer came (`delivery`), which a number that gets nothing has not.
 */
export const supervisorOtpSend = endpoint({
  method: 'POST',
  path: '/otp/supervisor/send',
  request: z.object({ mobile: codeMobile, language: codeLanguage }),
  response: codeSent.omit({ delivery: true }),
  permission: stationRight,
  success: 'MESSAGE_SENT',
});

const supervisorSchema = z.object({ id: z.number().int(), name_en: z.string(), name_ar: z.string() });

/**
 * The code checked (INVALID_OTP as a parent's): the supervisor token. The station keeps the token
 * (its main process, as staff tokens) and hands the page the rest.
 */
export const supervisorOtpVerify = endpoint({
  method: 'POST',
  path: '/otp/supervisor/verify',
  invalidates: ['Supervisor'],
  request: z.object({ mobile: codeMobile, otp: OtpCode }),
  response: z.object({
    supervisor: supervisorSchema,
    supervisor_token: z.string().optional(),
    expires_at: Timestamp,
  }),
  permission: stationRight,
  success: 'OTP_VERIFICATION_SUCCESS',
  supervisorToken: 'issues',
});

/**
 * A kid in the room as the door sees them: flags, photo, when they came into the room, and their
 * premises visit's inputs to the shared visit-time rule (so the screen counts down as the desk does).
 */
export const roomKidSchema = z.object({
  visit_id: z.number().int(),
  kid_id: z.number().int(),
  kid_name_en: z.string(),
  kid_name_ar: z.string(),
  parent_id: z.number().int(),
  parent_name_en: z.string(),
  parent_name_ar: z.string(),
  mobile: z.string(),
  image: z.string().nullable(),
  birth_date: z.string().nullable(),
  medical_notes: z.string().nullable(),
  banned: z.boolean(),
  vip: z.boolean(),
  badge: z.string(),
  room_checkin_at: Timestamp,
  session_id: z.number().int(),
  checkin_at: Timestamp,
  daily_limits: z.number().int(),
  margin_minutes: z.string(),
});
export type RoomKid = z.output<typeof roomKidSchema>;
export type RoomKidRecord = z.input<typeof roomKidSchema>;

/**
 * Where the supervisor stands: who they are, the room they are logged into (null: none yet) with its
 * branch's time zone (a kid's age at the door is counted on the branch's calendar day), and its kids.
 */
export const supervisorStateSchema = z.object({
  supervisor: supervisorSchema,
  expires_at: Timestamp,
  room: roomSchema.extend({ time_zone: z.string() }).nullable(),
  kids: z.array(roomKidSchema),
});

/** Spec 7: the supervisor's state; the room view asks it again and again (and on every visit change). */
export const supervisorState = endpoint({
  method: 'POST',
  path: '/room/supervisor',
  tags: ['Supervisor', 'Visit'],
  read: true,
  request: z.object({}),
  response: supervisorStateSchema,
  permission: roomWork,
});

/** The rooms this supervisor may log into, with how full each is. */
export const supervisorRoomList = endpoint({
  method: 'POST',
  path: '/room/supervisor/roomlist',
  tags: ['Supervisor', 'Visit'],
  read: true,
  request: z.object({}),
  response: z.array(roomSchema),
  permission: roomWork,
});

/**
 * Into one of their rooms (ROOM_LOGIN_NOT_FOUND for any other; NO_ROOM_ASSIGNED when they have none);
 * logging into another room ends the session in the first.
 */
export const supervisorLogin = endpoint({
  method: 'POST',
  path: '/room/supervisor/login',
  invalidates: ['Supervisor'],
  request: z.object({ room_id: Id }),
  response: supervisorStateSchema,
  permission: roomWork,
});

/** Out of the room and out of supervisor mode: the token stops working. The kids stay in the room. */
export const supervisorLogout = endpoint({
  method: 'POST',
  path: '/room/supervisor/logout',
  invalidates: ['Supervisor'],
  request: z.object({}),
  response: Nothing,
  permission: roomWork,
  supervisorToken: 'ends',
});

/** Kids inside the premises on a scanned badge (siblings share one), each with the room they are in now. */
export const supervisorBadge = endpoint({
  method: 'POST',
  path: '/supervisor/badge',
  read: true,
  request: z.object({ badge: Badge }),
  response: z.array(
    z.object({
      kid_id: z.number().int(),
      kid_name_en: z.string(),
      kid_name_ar: z.string(),
      parent_id: z.number().int(),
      badge: z.string(),
      banned: z.boolean(),
      /** For the age check's question before the kid goes in. */
      birth_date: z.string().nullable(),
      room_id: z.number().int().nullable(),
    }),
  ),
  permission: roomWork,
});

/**
 * Spec 7 (kid_id, names, room_id, parent_id, badge, room names: the names are the server's own). The kid
 * must be inside the premises (KID_SESSION_NOT_ACTIVE); in another room they are moved; a full room is
 * ROOM_FULL; a kid outside the room's ages is KID_AGE_OUT_OF_RANGE until the supervisor confirms
 * (`accept_age`). The room is any the supervisor may log into, so a kid can be sent on to the next
 * (ROOM_LOGIN_NOT_FOUND for any other); a scanned band must be the kid's (BADGE_OF_ANOTHER_KID).
 */
export const supervisorCheckin = endpoint({
  method: 'POST',
  path: '/supervisor/checkin',
  invalidates: ['Visit'],
  request: z.object({
    kid_id: Id,
    room_id: Id,
    /** The band scanned, when the kid comes in by scan (not a move): it must be the kid's. */
    badge: Badge.optional(),
    accept_age: z.boolean().default(false),
  }),
  response: roomKidSchema.extend({ room_id: z.number().int(), moved_from: z.number().int().nullable() }),
  permission: roomWork,
  success: 'CHECKIN_DONE',
});

export const supervisorCheckout = endpoint({
  method: 'POST',
  path: '/supervisor/checkout',
  invalidates: ['Visit'],
  request: z.object({ kid_id: Id, room_id: Id }),
  response: Nothing,
  permission: roomWork,
  success: 'CHECKOUT_COMPLETED',
});
