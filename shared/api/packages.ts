import { z } from 'zod';
import { endpoint } from './endpoint';
import { bilingualName, Id, Nothing, paging } from './common';
import { pageSchema } from './envelope';
import { PLACEHOLDER_IMAGE } from '../domain/constants';
import { Amount, taxMode } from './products';

/**
 * Spec 4/9: margin_minutes is one number, or a comma list of per-hour allowances whose last value
 * repeats ("10,5" → 10 minutes for the first hour, 5 for each after).
 */
export const marginMinutes = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{1,3}(,\d{1,3}){0,23}$/));

export const packageSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  image: z
    .string()
    .nullable()
    .transform((v) => v ?? PLACEHOLDER_IMAGE),
  price: z.number().int(),
  tax_id: z.number().int(),
  included: taxMode,
  branch_id: z.number().int().nullable(),
  /** Days a subscription to it lasts: 1, 7, 30, 90, 180, 365, or a custom number. */
  validity_days: z.number().int(),
  /** Hours a kid may play per day. */
  daily_limits: z.number().int(),
  margin_minutes: z.string(),
  /** Each started overtime hour, in minor units. */
  overtime_price: z.number().int(),
});
export type Package = z.output<typeof packageSchema>;
export type PackageRecord = z.input<typeof packageSchema>;

/** Kept in create and update (unlike the old screens): a subscription's end date depends on it. */
const packageFields = z.object({
  ...bilingualName,
  price: Amount,
  tax_id: Id,
  included: taxMode,
  branch_id: Id.nullish().transform((v) => v ?? null),
  validity_days: z.number().int().min(1).max(3650),
  daily_limits: z.number().int().min(1).max(24),
  margin_minutes: marginMinutes.default('0'),
  overtime_price: Amount.default(0),
});
export type PackageInput = z.input<typeof packageFields>;

export const packagePageList = endpoint({
  method: 'POST',
  path: '/package/pagelist',
  tags: ['Package'],
  read: true,
  request: z.object({ ...paging(10), q: z.string().trim().max(100).optional() }),
  /** Spec 7: the page (`data`, here `rows`) and `allData`, every package the caller sees, for pickers. */
  response: pageSchema(packageSchema).extend({ allData: z.array(packageSchema) }),
  permission: { action: 'view', subject: 'Packages' },
});

/** Every package the caller's branch sells, for pickers. */
export const packageList = endpoint({
  method: 'POST',
  path: '/package/list',
  read: true,
  request: z.object({}),
  response: z.array(packageSchema),
  permission: { action: 'view', subject: 'Packages' },
});

export const packageCreate = endpoint({
  method: 'POST',
  path: '/package/create',
  invalidates: ['Package'],
  request: packageFields,
  response: packageSchema,
  permission: { action: 'create', subject: 'Packages' },
});

export const packageUpdate = endpoint({
  method: 'POST',
  path: '/package/update',
  invalidates: ['Package'],
  request: packageFields.extend({ id: Id }),
  response: packageSchema,
  permission: { action: 'update', subject: 'Packages' },
});

export const packageDelete = endpoint({
  method: 'POST',
  path: '/package/delete',
  invalidates: ['Package'],
  request: z.object({ id: Id }),
  response: Nothing,
  permission: { action: 'delete', subject: 'Packages' },
});
