import { z } from 'zod';
import { endpoint } from './endpoint';
import { Id, Nothing, paging, Timestamp } from './common';
import { pageSchema } from './envelope';
import { SUBSCRIPTION_STATUSES } from '../domain/constants';
import { MAX_FREEZE_DAYS } from '../domain/subscription';

/** A kid's subscription (spec 3), with the status it has today and what it was bought on. */
export const subscriptionSchema = z.object({
  id: z.number().int(),
  kid_id: z.number().int(),
  kid_name_en: z.string(),
  kid_name_ar: z.string(),
  parent_id: z.number().int(),
  package_id: z.number().int(),
  sale_id: z.number().int(),
  invoice_no: z.number().int(),
  branch_id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  start_date: z.string(),
  end_date: z.string(),
  frozen_at: z.string().nullable(),
  freeze_days: z.number().int(),
  daily_limits: z.number().int(),
  margin_minutes: z.string(),
  created_at: Timestamp,
});
export type Subscription = z.output<typeof subscriptionSchema>;
export type SubscriptionRecord = z.input<typeof subscriptionSchema>;

/** The Subscriptions screen: newest first, found by kid or parent name or mobile. */
export const subscriptionPageList = endpoint({
  method: 'POST',
  path: '/subscription/pagelist',
  tags: ['Subscription'],
  read: true,
  request: z.object({ ...paging(10), q: z.string().trim().max(60).optional() }),
  response: pageSchema(subscriptionSchema),
  permission: { action: 'view', subject: 'Subscriptions' },
});

export const kidSubscriptions = endpoint({
  method: 'POST',
  path: '/profile/kid/subscription',
  tags: ['Subscription'],
  read: true,
  request: z.object({ id: Id }),
  response: z.array(subscriptionSchema),
  permission: { action: 'view', subject: 'FrontDesk' },
});

const freezeDays = z
  .number({ error: 'FREEZE_DAYS_NOT_VALID' })
  .int('FREEZE_DAYS_NOT_VALID')
  .min(1, 'FREEZE_DAYS_NOT_VALID')
  .max(MAX_FREEZE_DAYS, 'FREEZE_DAYS_NOT_VALID');

/** Spec 4: freezing sends freeze_days; sending none resumes. */
export const subscriptionFreeze = endpoint({
  method: 'PATCH',
  path: '/subscription/freeze',
  invalidates: ['Subscription'],
  request: z.object({ id: Id, freeze_days: freezeDays.nullish().transform((v) => v ?? null) }),
  response: subscriptionSchema,
  permission: { action: 'update', subject: 'Subscriptions' },
});

/** Cancels one subscription (`id`) or all of a sale's (`sale_id`); the money stays with the invoice. */
export const subscriptionDelete = endpoint({
  method: 'POST',
  path: '/subscription/delete',
  invalidates: ['Subscription'],
  request: z
    .object({ id: Id.optional(), sale_id: Id.optional() })
    .refine((r) => (r.id === undefined) !== (r.sale_id === undefined), { message: 'FIELD_REQUIRED', path: ['id'] }),
  response: Nothing,
  permission: { action: 'delete', subject: 'Subscriptions' },
});
