import { z } from 'zod';
import { endpoint } from './endpoint';
import { Id, Mobile, paging, Timestamp } from './common';
import { pageSchema } from './envelope';
import { Amount, taxMode } from './products';
import { smsDelivery } from './sales';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../domain/constants';

/** The mobile a one-time code goes to (spec 5: MOBILE_NUMBER_MISSING). */
export const codeMobile = z
  .string({ error: 'MOBILE_NUMBER_MISSING' })
  .trim()
  .min(1, 'MOBILE_NUMBER_MISSING')
  .pipe(Mobile);
/** A one-time code as typed back. */
export const OtpCode = z
  .string()
  .trim()
  .regex(/^\d{4,8}$/, 'INVALID_OTP');
/** `delivery` unknown: the gateway gave no answer; the code may arrive and stays good. */
export const codeSent = z.object({
  sent: z.literal(true),
  expires_in_seconds: z.number().int(),
  delivery: smsDelivery,
});

/** A parent's code: the parent and their mobile. */
const otpTarget = { id: Id, mobile: codeMobile };
/**
 * The language the code's text is written in: the one the station's page is in when it asks (the
 * parent is at the counter, spoken to in it). One language keeps the text to one SMS segment.
 */
export const codeLanguage = z.enum(LANGUAGES).default(DEFAULT_LANGUAGE);

export const otpSend = endpoint({
  method: 'POST',
  path: '/otp/send',
  request: z.object({
    ...otpTarget,
    language: codeLanguage,
    /** The station's branch, for an administrator without one of their own: its outbox shows the message. */
    branch_id: Id.nullish().transform((v) => v ?? null),
  }),
  response: codeSent,
  // Commands (a message is sent, a check is counted): the right to check kids in.
  permission: { action: 'create', subject: 'FrontDesk' },
});

/** Spec 4: approved only when the status is 'approved'; a wrong, used-up or expired code is INVALID_OTP. */
export const otpVerify = endpoint({
  method: 'POST',
  path: '/otp/verify',
  request: z.object({ ...otpTarget, otp: OtpCode }),
  response: z.object({ status: z.literal('approved') }),
  permission: { action: 'create', subject: 'FrontDesk' },
  success: 'OTP_VERIFICATION_SUCCESS',
});

/** A wristband's code, as a scanner types it: letters, digits and dashes. */
export const Badge = z
  .string({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .regex(/^[A-Za-z0-9-]{3,40}$/, 'FIELD_INVALID');

/** A visit as the counter sees it (spec: kid_id, session_id, id), with the time it has left. */
export const visitSchema = z.object({
  id: z.number().int(),
  session_id: z.number().int(),
  kid_id: z.number().int(),
  kid_name_en: z.string(),
  kid_name_ar: z.string(),
  parent_id: z.number().int(),
  parent_name_en: z.string(),
  parent_name_ar: z.string(),
  mobile: z.string(),
  branch_id: z.number().int(),
  badge: z.string(),
  checkin_at: Timestamp,
  checkout_at: Timestamp.nullable(),
  medical_notes: z.string().nullable(),
  banned: z.boolean(),
  vip: z.boolean(),
  /** The rule's inputs, so a screen counts the time down exactly as the server does. */
  daily_limits: z.number().int(),
  margin_minutes: z.string(),
  allowed_ms: z.number().int(),
  pending_ms: z.number().int(),
  overtime_hours: z.number().int(),
  overtime_price: z.number().int(),
  /** VAT on overtime, as on the package it was played on (for the till's preview). */
  rate_bp: z.number().int(),
  included: taxMode,
  /** The overtime: fixed at check-out, as it stands now while inside. */
  overtime_fee: z.number().int(),
  /** What is still to pay: the fee once the kid is out, 0 once billed or forgiven. */
  due: z.number().int(),
  fee_decision: z.enum(['edited', 'forgiven']).nullable(),
  billed_sale_id: z.number().int().nullable(),
  /** When the parent confirmed the overtime with their one-time code. */
  confirmed_at: Timestamp.nullable(),
});
export type Visit = z.output<typeof visitSchema>;

export const kidsCheckin = endpoint({
  method: 'POST',
  path: '/parent/kids/checkin',
  invalidates: ['Visit'],
  request: z.object({
    parent_id: Id,
    badge: Badge,
    kidsList: z.array(Id).min(1, 'NO_KID_SELECTED').max(10),
    /** A manager lets a banned kid in anyway (needs the manager's right). */
    override_banned: z.boolean().default(false),
    /** Where, for an administrator without a branch of their own. */
    branch_id: Id.nullish().transform((v) => v ?? null),
  }),
  response: z.array(visitSchema),
  permission: { action: 'create', subject: 'FrontDesk' },
  success: 'CHECKIN_DONE',
  once: true,
});

/** `ids` are the kids leaving; each needs an open visit (KID_SESSION_NOT_ACTIVE). */
export const kidsCheckout = endpoint({
  method: 'POST',
  path: '/parent/kids/checkout',
  invalidates: ['Visit'],
  request: z.object({ ids: z.array(Id).min(1, 'NO_KID_SELECTED').max(20) }),
  response: z.array(visitSchema),
  permission: { action: 'update', subject: 'FrontDesk' },
  success: 'CHECKOUT_COMPLETED',
});

/** An administrator closes any visit, e.g. one left open overnight. */
export const adminCheckout = endpoint({
  method: 'POST',
  path: '/admin/actions/checkout',
  request: z.object({ id: Id, kid_id: Id }),
  response: visitSchema,
  permission: { action: 'update', subject: 'FrontDesk' },
  success: 'CHECKOUT_COMPLETED',
});

/** Kids inside now. `branch_id` 0 is "Select a branch": the caller's own, or every branch for an administrator. */
export const checkedInList = endpoint({
  method: 'POST',
  path: '/kids/checkedinlist',
  tags: ['Visit'],
  read: true,
  request: z.object({
    ...paging(10),
    branch_id: z.coerce.number().int().min(0).default(0),
    q: z.string().trim().max(60).optional(),
  }),
  response: pageSchema(visitSchema),
  permission: { action: 'view', subject: 'FrontDesk' },
});

const idList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,49}$/)
  .transform((v) => v.split(',').map(Number));

export const visitTimeSchema = z.object({
  kid_id: z.number().int(),
  session_id: z.number().int(),
  checkin_at: Timestamp,
  allowed_ms: z.number().int(),
  pending_ms: z.number().int(),
  overtime_hours: z.number().int(),
  server_time: Timestamp,
});

/** Spec: GET /kids/session/time with query params: the open visits of these kids (or the caller's branch). */
export const visitTimes = endpoint({
  method: 'GET',
  path: '/kids/session/time',
  request: z.object({ kids: idList.optional() }),
  response: z.array(visitTimeSchema),
  permission: { action: 'view', subject: 'FrontDesk' },
});

export const visitTimeOfKid = endpoint({
  method: 'GET',
  path: '/kids/session/time/:kid_id',
  request: z.object({ kid_id: Id, session_id: Id.optional() }),
  response: visitTimeSchema,
  permission: { action: 'view', subject: 'FrontDesk' },
});

export const visitBilling = endpoint({
  method: 'GET',
  path: '/kids/session/billing/:id',
  request: z.object({ id: Id }),
  response: visitSchema,
  permission: { action: 'view', subject: 'FrontDesk' },
});

/** The overtime these kids still owe (their latest visits with something due), for one bulk sale. */
export const visitBillingBulk = endpoint({
  method: 'GET',
  path: '/kids/session/billing',
  tags: ['Visit'],
  request: z.object({ kids: idList }),
  response: z.object({ bills: z.array(visitSchema), total: z.number().int() }),
  permission: { action: 'view', subject: 'FrontDesk' },
});

/** A parent's one-time code, in the query string as the spec's payment verification sends it. */
const parentCode = OtpCode.optional();

/**
 * Over-time payment verification (spec 2 and 7): the kids' latest visits with what they owe. With the
 * parent's one-time code (`otp`), the parent confirms the overtime to pay: the code is checked
 * (INVALID_OTP) and the visits owing are marked confirmed. All the kids must be one parent's.
 */
export const visitPayments = endpoint({
  method: 'GET',
  path: '/kids/session/payments',
  invalidates: ['Visit'],
  request: z.object({ kids: idList, otp: parentCode }),
  response: z.array(visitSchema),
  permission: { action: 'view', subject: 'FrontDesk' },
  success: 'OTP_VERIFICATION_SUCCESS',
});

export const visitPaymentsOfKid = endpoint({
  method: 'GET',
  path: '/kids/session/payments/:kid_id',
  request: z.object({ kid_id: Id, session_id: Id.optional(), otp: parentCode }),
  response: visitSchema,
  permission: { action: 'view', subject: 'FrontDesk' },
});

/** A manager edits or forgives an overtime fee; the reason is kept with who and when. */
export const overtimeDecision = endpoint({
  method: 'POST',
  path: '/kids/session/fee',
  invalidates: ['Visit'],
  request: z
    .object({
      session_id: Id,
      action: z.enum(['edit', 'forgive']),
      fee: Amount.optional(),
      reason: z.string().trim().min(3).max(300),
    })
    .refine((d) => d.action === 'forgive' || d.fee !== undefined, { message: 'FIELD_REQUIRED', path: ['fee'] }),
  response: visitSchema,
  // The manager's right: deleting at the front desk.
  permission: { action: 'delete', subject: 'FrontDesk' },
});

export const overtimeDecisionLog = endpoint({
  method: 'POST',
  path: '/kids/session/fee/log',
  tags: ['Visit'],
  read: true,
  request: z.object({ session_id: Id }),
  response: z.array(
    z.object({
      action: z.enum(['edit', 'forgive']),
      fee_before: z.number().int(),
      fee_after: z.number().int(),
      reason: z.string(),
      user_id: z.number().int(),
      user_name_en: z.string(),
      user_name_ar: z.string(),
      at: Timestamp,
    }),
  ),
  permission: { action: 'view', subject: 'FrontDesk' },
});

export const kidVisits = endpoint({
  method: 'POST',
  path: '/profile/kid/session',
  tags: ['Visit'],
  read: true,
  request: z.object({ ...paging(10), kid_id: Id }),
  response: pageSchema(visitSchema),
  permission: { action: 'view', subject: 'FrontDesk' },
});
