import { z } from 'zod';
import { endpoint } from './endpoint';
import { Id, paging, Timestamp } from './common';
import { pageSchema } from './envelope';
import { receiptSchema } from '../domain/receipt';
import { Amount, productSchema, taxMode } from './products';
import { packageSchema } from './packages';
import { SUBSCRIPTION_STATUSES } from '../domain/constants';

/**
 * One cart line of the spec's sale payload ("product (with qty) and kids"): a product with its
 * quantity, or a package with the kids it is for — one subscription each, so its quantity is theirs.
 */
export const cartItem = z
  .object({
    product: z.object({ id: Id, qty: z.number().int().min(1).max(1000) }).optional(),
    package: z.object({ id: Id }).optional(),
    kids: z.array(Id).max(20).default([]),
  })
  .superRefine((line, ctx) => {
    if ((line.product === undefined) === (line.package === undefined))
      ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: ['product'] });
    else if (line.package && line.kids.length === 0)
      ctx.addIssue({ code: 'custom', message: 'NO_KID_SELECTED', path: ['kids'] });
    else if (line.product && line.kids.length > 0)
      ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: ['kids'] });
    else if (new Set(line.kids).size !== line.kids.length)
      ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: ['kids'] });
  });
export type CartItem = z.input<typeof cartItem>;

/** The card terminal's reference of a payment; empty is none. */
export const cardReference = z
  .string()
  .trim()
  .max(60)
  .nullish()
  .transform((v) => v || null);

/** Who pays: a registered parent (`parent_id`), or a walk-in's name and mobile (kept in E.164; INVALID_MOBILE otherwise). */
export const parentInfo = z
  .object({
    parent_id: Id.optional(),
    name: z.string().trim().max(120).optional(),
    mobile: z.string().trim().max(20).optional(),
  })
  .nullish()
  .transform((v) => v ?? null);

export const saleCreateRequest = z
  .object({
    cart: z.array(cartItem).max(200).default([]),
    coupon_id: Id.nullish().transform((v) => v ?? null),
    salesData: z.object({
      /**
       * Cash and card, each in minor units; change is given from cash only. The card is `pos` here, in
       * the answer and in the DB, as the spec names the payment method; every name the code chooses says
       * `card` (`pos` also names the station: `window.pos`, the `pos:` channels).
       */
      payments: z.object({
        cash: Amount.default(0),
        pos: Amount.default(0),
        pos_reference: cardReference,
      }),
      /** Where the sale happens, for an administrator without a branch of their own. */
      branch_id: Id.nullish().transform((v) => v ?? null),
    }),
    parentInfo,
    /** Overtime of one visit (billed singly) or of several (in bulk), charged as a line each. */
    overtime_session_id: Id.nullish().transform((v) => v ?? null),
    bulk_overtime_session_id: z
      .array(Id)
      .max(20)
      .nullish()
      .transform((v) => v ?? []),
  })
  .refine((s) => s.cart.length > 0 || s.overtime_session_id !== null || s.bulk_overtime_session_id.length > 0, {
    message: 'FIELD_REQUIRED',
    path: ['cart'],
  })
  .refine((s) => s.salesData.payments.pos === 0 || s.salesData.payments.pos_reference !== null, {
    message: 'FIELD_REQUIRED',
    path: ['salesData', 'payments', 'pos_reference'],
  });

export const saleLineSchema = z.object({
  product_id: z.number().int().nullable(),
  package_id: z.number().int().nullable(),
  kid_ids: z.array(z.number().int()).nullable(),
  name_en: z.string(),
  name_ar: z.string(),
  unit_price: z.number().int(),
  qty: z.number().int(),
  rate_bp: z.number().int(),
  included: taxMode,
  net: z.number().int(),
  vat: z.number().int(),
  gross: z.number().int(),
  discount: z.number().int(),
});

export const saleSchema = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  invoice_no: z.number().int(),
  kind: z.enum(['invoice', 'credit_note']),
  original_id: z.number().int().nullable(),
  /** For a credit note: the number of the invoice it cancels. */
  original_invoice_no: z.number().int().nullable(),
  cancelled_at: Timestamp.nullable(),
  cashier_id: z.number().int(),
  coupon_id: z.number().int().nullable(),
  parent_id: z.number().int().nullable(),
  gross: z.number().int(),
  discount: z.number().int(),
  net: z.number().int(),
  vat: z.number().int(),
  payable: z.number().int(),
  cash: z.number().int(),
  pos: z.number().int(),
  pos_reference: z.string().nullable(),
  change: z.number().int(),
  created_at: Timestamp,
});
export type Sale = z.output<typeof saleSchema>;
export type SaleRecord = z.input<typeof saleSchema>;

/** A sale with its lines and the subscriptions its package lines created. */
export const saleWithLines = saleSchema.extend({
  lines: z.array(saleLineSchema),
  subscriptions: z.array(
    z.object({
      id: z.number().int(),
      kid_id: z.number().int(),
      package_id: z.number().int(),
      start_date: z.string(),
      end_date: z.string(),
      status: z.enum(SUBSCRIPTION_STATUSES),
    }),
  ),
});
export type SaleWithLinesRecord = z.input<typeof saleWithLines>;

/** What a sale changes, and its cancelling puts back: stock, coupon uses, subscriptions, overtime paid, the shift. */
const saleEffects = ['Invoice', 'Product', 'Coupon', 'Subscription', 'Visit', 'Shift'] as const;

export const saleCreate = endpoint({
  method: 'POST',
  path: '/sale/sale/create',
  invalidates: saleEffects,
  request: saleCreateRequest,
  response: saleWithLines,
  permission: { action: 'create', subject: 'Sales' },
  success: 'SALES_COMPLETED',
  once: true,
});

/** The same sale from the subscription screens: its cart must hold at least one package. */
export const subscriptionSaleCreate = endpoint({
  method: 'POST',
  path: '/sale/subscription/create',
  invalidates: saleEffects,
  request: saleCreateRequest.refine((s) => s.cart.some((line) => line.package !== undefined), {
    message: 'NO_KID_SELECTED',
    path: ['cart'],
  }),
  response: saleWithLines,
  permission: { action: 'create', subject: 'Sales' },
  success: 'SALES_COMPLETED',
  once: true,
});

/** Spec: the invoice list filters by dates (default today) and carries statistics (count and value). */
export const salePageList = endpoint({
  method: 'POST',
  path: '/sale/pagelist',
  tags: ['Invoice'],
  read: true,
  request: z.object({
    ...paging(10),
    dates: z
      .object({ from: z.iso.date(), to: z.iso.date() })
      .refine((d) => d.from <= d.to, { message: 'FIELD_INVALID', path: ['to'] })
      .optional(),
  }),
  /**
   * `days`: the range listed, on the caller's branch's calendar (default its today) in its time zone;
   * each row's `time_zone` is its own branch's, the one its time is read in (an administrator lists all).
   */
  response: pageSchema(saleSchema.extend({ time_zone: z.string() })).extend({
    /** `count` invoices and `credit_notes` apart, neither negative; `value` nets them (credit notes' negative). */
    statistics: z.object({ count: z.number().int(), credit_notes: z.number().int(), value: z.number().int() }),
    days: z.object({ from: z.iso.date(), to: z.iso.date(), time_zone: z.string() }),
  }),
  permission: { action: 'view', subject: 'Invoices' },
});

/**
 * A credit note for the whole invoice, under whichever of the spec's names and rights it is asked for.
 * It puts back what the sale took, so those lists reload, and that one sale's receipt (`saleField`).
 */
const voiding = <const P extends string, F extends string>(path: P, saleField: F, action: 'update' | 'delete') =>
  endpoint({
    method: 'POST',
    path,
    request: z.object({ [saleField]: Id } as Record<F, typeof Id>),
    response: saleWithLines,
    permission: { action, subject: 'Invoices' },
    success: 'INVOICE_CANCELLED',
    invalidates: [...saleEffects, { type: 'Invoice', id: saleField }],
  });

export const saleCancelInvoice = voiding('/sale/cancelinvoice', 'id', 'update');

/**
 * A tax invoice is never erased: the spec's "delete" of a sale (`/sale/delete {id}`) and of its
 * particulars (`/particular/delete {sale_id}`) both void it by the same credit note as a cancel,
 * and need the delete right on invoices.
 */
export const saleDelete = voiding('/sale/delete', 'id', 'delete');
export const particularDelete = voiding('/particular/delete', 'sale_id', 'delete');

/** What became of a text message just sent; `unknown`: no answer from the gateway, it may arrive. */
export const smsDelivery = z.enum(['sent', 'stored', 'unknown']);

/** Texts the invoice to the parent's mobile (or the walk-in's) through the SMS gateway. */
export const invoiceSend = endpoint({
  method: 'POST',
  path: '/invoice/send',
  request: z.object({ id: Id }),
  response: z.object({ to: z.string(), delivery: smsDelivery }),
  // A command with a cost (an SMS), so it needs more than seeing invoices.
  permission: { action: 'update', subject: 'Invoices' },
  success: 'MESSAGE_SENT',
});

/** What the till can sell: everything in stock in the caller's branch (`getAll` false: in stock only). */
export const saleProductList = endpoint({
  method: 'POST',
  path: '/sale/product/list',
  tags: ['Product'],
  read: true,
  request: z.object({ getAll: z.boolean().default(false) }),
  response: z.array(productSchema),
  permission: { action: 'view', subject: 'Sales' },
});

export const salePackageList = endpoint({
  method: 'POST',
  path: '/sale/package/list',
  tags: ['Package'],
  read: true,
  request: z.object({ getAll: z.boolean().default(true) }),
  response: z.array(packageSchema),
  permission: { action: 'view', subject: 'Sales' },
});

/** How an invoice was paid (spec: GET /sale/payments/{id}; section 7 also lists it among the POSTs). */
export const salePayments = endpoint({
  method: 'GET',
  alsoPost: true,
  path: '/sale/payments/:id',
  request: z.object({ id: Id }),
  response: z.object({
    payable: z.number().int(),
    cash: z.number().int(),
    pos: z.number().int(),
    pos_reference: z.string().nullable(),
    change: z.number().int(),
  }),
  permission: { action: 'view', subject: 'Invoices' },
});

/** An invoice or credit note as it is printed (A4 or thermal), with its tax QR. */
export const saleReceipt = endpoint({
  method: 'GET',
  path: '/sale/receipt/:id',
  tags: [{ type: 'Invoice', id: 'id' }],
  request: z.object({ id: Id }),
  response: receiptSchema,
  // A cashier prints the receipt of a sale they made even where their role does not read invoices.
  permission: { action: 'view', subject: 'Invoices', or: { action: 'create', subject: 'Sales' } },
});

/** Invoices that bought something for the kid, in a date range (default about a month back). */
export const kidInvoices = endpoint({
  method: 'POST',
  path: '/profile/kid/invoice',
  tags: ['Invoice'],
  read: true,
  request: z.object({
    ...paging(10),
    kid_id: Id,
    dates: z
      .object({ from: z.iso.date(), to: z.iso.date() })
      .refine((d) => d.from <= d.to, { message: 'FIELD_INVALID', path: ['to'] })
      .optional(),
  }),
  response: pageSchema(saleSchema),
  permission: { action: 'view', subject: 'FrontDesk' },
});
