import { z } from 'zod';
import { endpoint } from './endpoint';
import { bilingualName, Id, Mobile, Nothing, optionalEmail, OptionalId, Timestamp } from './common';
import { SUBSCRIPTION_STATUSES } from '../domain/constants';

/** A parent (spec 3): the centre's customer, found by mobile, name or identification number. */
export const parentSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  identification_id: z.number().int().nullable(),
  identification_number: z.string().nullable(),
  nationality_id: z.number().int().nullable(),
  branch_id: z.number().int().nullable(),
  /** The parent asked for no promotions (set by `/promotion/optout` or a STOP list). */
  promotions_opt_out: z.boolean(),
  created_at: Timestamp,
});
export type Parent = z.output<typeof parentSchema>;
export type ParentRecord = z.input<typeof parentSchema>;

/** A kid, with the flags the counter must see wherever the kid appears. */
export const kidSchema = z.object({
  id: z.number().int(),
  parent_id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  birth_date: z.string().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  medical_notes: z.string().nullable(),
  banned: z.boolean(),
  vip: z.boolean(),
  room_id: z.number().int().nullable(),
  /** The kid's photo (a stored file's path), the last picture uploaded to the kid's files. */
  image: z.string().nullable(),
});
export type Kid = z.output<typeof kidSchema>;
export type KidRecord = z.input<typeof kidSchema>;

const parentFields = z.object({
  ...bilingualName,
  mobile: Mobile,
  email: optionalEmail,
  identification_id: OptionalId,
  identification_number: z
    .string()
    .trim()
    .max(30)
    .nullish()
    .transform((v) => v || null),
  nationality_id: OptionalId,
  /** Where they registered; an employee's own branch when left out. */
  branch_id: OptionalId,
});

const kidFields = z.object({
  ...bilingualName,
  birth_date: z.iso
    .date()
    .nullish()
    .transform((v) => v ?? null),
  gender: z
    .enum(['male', 'female'])
    .nullish()
    .transform((v) => v ?? null),
  medical_notes: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => v || null),
  banned: z.boolean().default(false),
  vip: z.boolean().default(false),
});

export const parentCreate = endpoint({
  method: 'POST',
  path: '/parent/create',
  invalidates: ['Parent'],
  request: parentFields,
  response: parentSchema,
  permission: { action: 'create', subject: 'FrontDesk' },
});

export const parentUpdate = endpoint({
  method: 'POST',
  path: '/parent/update',
  // Left out, the registration branch stays: a family belongs to the chain, and any branch edits it.
  request: parentFields.extend({ id: Id, branch_id: Id.nullish() }),
  response: parentSchema,
  permission: { action: 'update', subject: 'FrontDesk' },
});

export const parentWithKids = parentSchema.extend({ kids: z.array(kidSchema) });

export const parentInfo = endpoint({
  method: 'POST',
  path: '/parent/info',
  read: true,
  request: z.object({ id: Id }),
  response: parentWithKids,
  permission: { action: 'view', subject: 'FrontDesk' },
});

export const parentKids = endpoint({
  method: 'POST',
  path: '/parent/kids',
  read: true,
  request: z.object({ parent_id: Id }),
  response: z.array(kidSchema),
  permission: { action: 'view', subject: 'FrontDesk' },
});

/**
 * By mobile (from its start), a parent's or a kid's name in English or Arabic, or an identification
 * number (any part); `checked`: only parents with a kid inside. Each kid says whether they are inside.
 */
export const parentSearch = endpoint({
  method: 'POST',
  path: '/parent/search',
  tags: ['Parent', 'Visit'],
  read: true,
  request: z.object({ query: z.string().trim().min(1).max(60), checked: z.boolean().default(false) }),
  response: z.array(
    parentSchema.extend({
      kids: z.array(
        kidSchema.extend({
          session: z.object({ id: z.number().int(), badge: z.string(), checkin_at: Timestamp }).nullable(),
        }),
      ),
    }),
  ),
  permission: { action: 'view', subject: 'FrontDesk' },
});

export const kidCreate = endpoint({
  method: 'POST',
  path: '/kid/create',
  invalidates: ['Parent'],
  request: kidFields.extend({ parent_id: Id }),
  response: kidSchema,
  permission: { action: 'create', subject: 'FrontDesk' },
});

export const kidUpdate = endpoint({
  method: 'POST',
  path: '/kid/update',
  invalidates: ['Parent', 'Visit'],
  // Left out, the ban stays as it is (a ban is changed only by whoever may let a banned kid in).
  request: kidFields.extend({ id: Id, banned: z.boolean().optional() }),
  response: kidSchema,
  permission: { action: 'update', subject: 'FrontDesk' },
});

export const kidDelete = endpoint({
  method: 'POST',
  path: '/kid/delete',
  request: z.object({ id: Id }),
  response: Nothing,
  permission: { action: 'delete', subject: 'FrontDesk' },
});

/** The kids a package can be sold to: those of the chosen parents, each with their current subscription. */
export const saleKidsList = endpoint({
  method: 'POST',
  path: '/sale/kidslist',
  tags: ['Parent', 'Subscription'],
  read: true,
  request: z.object({ parent_ids: z.array(Id).min(1).max(20) }),
  response: z.array(
    kidSchema.extend({
      subscription: z
        .object({
          name_en: z.string(),
          name_ar: z.string(),
          status: z.enum(SUBSCRIPTION_STATUSES),
          end_date: z.string(),
        })
        .nullable(),
    }),
  ),
  permission: { action: 'view', subject: 'Sales' },
});

/** Kid profile (spec 7). */
export const kidInfo = endpoint({
  method: 'POST',
  path: '/profile/kid/info',
  tags: ['Parent'],
  read: true,
  request: z.object({ id: Id }),
  response: kidSchema.extend({ parent: parentSchema }),
  permission: { action: 'view', subject: 'FrontDesk' },
});
