import { z } from 'zod';
import { endpoint } from './endpoint';
import { bilingualName, Id, Nothing, OptionalId, paging } from './common';
import { pageSchema } from './envelope';
import { BRANCH_LIST_PAGING } from '../domain/constants';
import { canonicalTimeZone } from '../domain/time-zone';

/**
 * A branch carries what its invoices print (address, phone, VAT registration number, currency), its
 * time zone (its calendar day and the time on its receipts) and its country (how local mobiles read).
 */
export const branchSchema = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_ar: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  vat_number: z.string().nullable(),
  currency: z.string(),
  time_zone: z.string(),
  country: z.string(),
  /** Its cash is counted at each shift's close: a cash sale or cash refund needs the cashier's open shift. */
  counts_cash: z.boolean(),
});
export type Branch = z.infer<typeof branchSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const branchFields = z.object({
  ...bilingualName,
  address: optionalText(300),
  phone: optionalText(30).refine((v) => v === null || /^\+?[0-9 ()-]{5,20}$/.test(v), 'FIELD_INVALID'),
  /** Saudi VAT registration numbers are 15 digits; other countries differ, so only digits are required. */
  vat_number: optionalText(30).refine((v) => v === null || /^[0-9]{5,30}$/.test(v), 'FIELD_INVALID'),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .default('SAR'),
  /** An IANA zone name the runtime knows, stored as the runtime spells it; left out: unchanged (new: the server's). */
  time_zone: z
    .string()
    .trim()
    .max(64)
    .transform(
      (v, ctx) => canonicalTimeZone(v) ?? (ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID' }), z.NEVER),
    )
    .optional(),
  /** ISO 3166 alpha-2; left out: unchanged (new: SA). */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  /** Left out: unchanged (new: true, the cash is counted). */
  counts_cash: z.boolean().optional(),
});
export type BranchInput = z.input<typeof branchFields>;

export const branchPageList = endpoint({
  method: 'POST',
  path: '/branch/pagelist',
  tags: ['Branch'],
  read: true,
  request: z.object({ ...paging(BRANCH_LIST_PAGING.perPage), q: z.string().trim().max(100).optional() }),
  response: pageSchema(branchSchema),
  permission: { action: 'view', subject: 'Branches' },
});

/**
 * The branch a station prints for (its name, address, VAT number and zone, as on every receipt): the
 * caller's own, or for an administrator the station's branch named (none named: the first branch).
 * Anyone signed in may read it, as anyone given a receipt does.
 */
export const branchOfStation = endpoint({
  method: 'POST',
  path: '/branch/station',
  tags: ['Branch'],
  read: true,
  request: z.object({ branch_id: OptionalId }),
  response: branchSchema,
  permission: 'authenticated',
});

export const branchCreate = endpoint({
  method: 'POST',
  path: '/branch/create',
  invalidates: ['Branch'],
  request: branchFields,
  response: branchSchema,
  permission: { action: 'create', subject: 'Branches' },
});

export const branchUpdate = endpoint({
  method: 'POST',
  path: '/branch/update',
  invalidates: ['Branch'],
  request: branchFields.extend({ id: Id }),
  response: branchSchema,
  permission: { action: 'update', subject: 'Branches' },
});

export const branchDelete = endpoint({
  method: 'POST',
  path: '/branch/delete',
  invalidates: ['Branch'],
  request: z.object({ id: Id }),
  response: Nothing,
  permission: { action: 'delete', subject: 'Branches' },
});
