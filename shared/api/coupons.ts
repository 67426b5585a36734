import { z } from 'zod';
import { endpoint } from './endpoint';
import { Id, Nothing, paging, Timestamp } from './common';
import { pageSchema } from './envelope';
import { COUPON_TYPES } from '../domain/constants';
import { Amount } from './products';

export const couponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  type: z.enum(COUPON_TYPES),
  value: z.number().int(),
  min_cart_value: z.number().int(),
  use_limit: z.number().int().nullable(),
  used: z.number().int(),
  valid_from: Timestamp.nullable(),
  valid_to: Timestamp.nullable(),
  branch_id: z.number().int().nullable(),
});
export type Coupon = z.output<typeof couponSchema>;

/** Codes are typed at the till: letters and digits, compared without case. */
const code = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{2,29}$/);

export const couponCreateRequest = z
  .object({
    code,
    /** Spec: the type is sent as a string. */
    type: z.enum(COUPON_TYPES),
    /** Minor units for `amount`; whole percent for `percent`. */
    value: Amount.min(1),
    min_cart_value: Amount.default(0),
    use_limit: z
      .number()
      .int()
      .min(1)
      .max(1_000_000)
      .nullish()
      .transform((v) => v ?? null),
    valid_from: z.iso
      .datetime({ offset: true })
      .nullish()
      .transform((v) => (v ? new Date(v) : null)),
    valid_to: z.iso
      .datetime({ offset: true })
      .nullish()
      .transform((v) => (v ? new Date(v) : null)),
    branch_id: Id.nullish().transform((v) => v ?? null),
  })
  .refine((c) => c.type !== 'percent' || c.value <= 100, { message: 'FIELD_TOO_LARGE', path: ['value'] })
  .refine((c) => !c.valid_from || !c.valid_to || c.valid_from <= c.valid_to, {
    message: 'FIELD_INVALID',
    path: ['valid_to'],
  });

export const couponPageList = endpoint({
  method: 'POST',
  path: '/coupon/pagelist',
  tags: ['Coupon'],
  read: true,
  request: z.object({ ...paging(10), q: z.string().trim().max(30).optional() }),
  response: pageSchema(couponSchema),
  permission: { action: 'view', subject: 'Coupons' },
});

export const couponCreate = endpoint({
  method: 'POST',
  path: '/coupon/create',
  invalidates: ['Coupon'],
  request: couponCreateRequest,
  response: couponSchema,
  permission: { action: 'create', subject: 'Coupons' },
});

export const couponDelete = endpoint({
  method: 'POST',
  path: '/coupon/delete',
  invalidates: ['Coupon'],
  request: z.object({ id: Id }),
  response: Nothing,
  permission: { action: 'delete', subject: 'Coupons' },
});

/**
 * The till checks a code against its cart before the sale (spec: /sale/coupon {coupon}); the sale
 * applies the same rule again and counts the use.
 */
export const saleCoupon = endpoint({
  method: 'POST',
  path: '/sale/coupon',
  read: true,
  request: z.object({ coupon: z.string().trim().toUpperCase().min(1).max(30), cart_total: Amount }),
  response: z.object({ coupon_id: z.number().int(), type: z.enum(COUPON_TYPES), discount: z.number().int() }),
  // Checking a code changes nothing: anyone who sees the sales screen may.
  permission: { action: 'view', subject: 'Sales' },
  success: 'COUPON_APPLIED',
});
