import { z } from 'zod';
import { endpoint } from './endpoint';
import { Id, OptionalId, Timestamp, paging } from './common';
import { pageSchema } from './envelope';
import { Amount } from './products';

/**
 * The end-of-shift cash-up (spec 2, "user summary"). A cashier opens a shift with the float in the
 * drawer; every sale and credit note they make at that branch while it is open belongs to it. The X
 * report reads it mid-shift; the Z report closes it against the cash the cashier counted.
 */

const named = { id: z.number().int(), name_en: z.string(), name_ar: z.string() };

const moneyOf = z.object({
  count: z.number().int(),
  /** Cash into the drawer (change given back taken off); a credit note's is negative. */
  cash: z.number().int(),
  card: z.number().int(),
  /** VAT included, after discounts. */
  total: z.number().int(),
});

export const shiftSummarySchema = z.object({
  id: z.number().int(),
  branch: z.object({ ...named, currency: z.string(), time_zone: z.string() }),
  cashier: z.object(named),
  opened_at: Timestamp,
  closed_at: Timestamp.nullable(),
  opening_float: z.number().int(),
  invoices: moneyOf,
  creditNotes: moneyOf,
  discount: z.number().int(),
  vat: z.number().int(),
  /**
   * The credit notes this shift's drawer paid out (cash and card, negative), each with where it came
   * from: the invoice, who sold it and in which shift, and who cancelled it. A refund belongs to the
   * drawer that pays it (shared/domain/drawer refundShift), so it may be another cashier's sale.
   */
  refunds: z.array(
    z.object({
      credit_note_no: z.number().int(),
      invoice_no: z.number().int(),
      cash: z.number().int(),
      card: z.number().int(),
      sold_by: z.object(named),
      sold_in_shift: z.number().int().nullable(),
      refunded_by: z.object(named),
    }),
  ),
  /** The float and the cash taken, less cash refunded: what the drawer should hold. */
  expected_cash: z.number().int(),
  /** Counted by the cashier at close (null while open), and counted less expected: negative is short. */
  counted_cash: z.number().int().nullable(),
  difference: z.number().int().nullable(),
  /** When these figures were read (an X report's moment). */
  as_of: Timestamp,
});
export type ShiftSummary = z.output<typeof shiftSummarySchema>;
export type ShiftSummaryRecord = z.input<typeof shiftSummarySchema>;

/** Opens the caller's shift at their branch (an administrator names the station's). */
export const cashupOpen = endpoint({
  method: 'POST',
  path: '/cashup/open',
  invalidates: ['Shift'],
  request: z.object({ opening_float: Amount, branch_id: OptionalId }),
  response: shiftSummarySchema,
  permission: { action: 'create', subject: 'Sales' },
});

/** The caller's open shift with its running figures (the X report), or null: none open. */
export const cashupCurrent = endpoint({
  method: 'POST',
  path: '/cashup/current',
  tags: ['Shift'],
  read: true,
  request: z.object({}),
  response: shiftSummarySchema.nullable(),
  permission: { action: 'view', subject: 'Sales' },
});

/**
 * Closes the caller's shift with the cash counted: the Z report. Sent again after a lost answer with
 * the same count, it answers the same report; a different count for a closed shift is SHIFT_CLOSED.
 */
export const cashupClose = endpoint({
  method: 'POST',
  path: '/cashup/close',
  invalidates: ['Shift'],
  request: z.object({ id: Id, counted_cash: Amount }),
  response: shiftSummarySchema,
  permission: { action: 'create', subject: 'Sales' },
});

/**
 * A shift's report, open (X) or closed (Z): any of the branch's for a manager, and a cashier's own (the
 * station prints the slip from it, never from figures the page sends).
 */
export const cashupReport = endpoint({
  method: 'POST',
  path: '/cashup/report',
  tags: ['Shift'],
  read: true,
  request: z.object({ id: Id }),
  response: shiftSummarySchema,
  permission: { action: 'view', subject: 'Reports', or: { action: 'view', subject: 'Sales' } },
});

/** The shifts, newest first, by branch, cashier and the day they opened; open ones only with `open`. */
export const cashupList = endpoint({
  method: 'POST',
  path: '/cashup/list',
  tags: ['Shift'],
  read: true,
  request: z
    .object({
      ...paging(10),
      branch_id: OptionalId,
      user_id: OptionalId,
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
      open: z.boolean().optional(),
    })
    .refine((d) => !d.from || !d.to || d.from <= d.to, { message: 'FIELD_INVALID', path: ['to'] }),
  response: pageSchema(shiftSummarySchema),
  permission: { action: 'view', subject: 'Reports' },
});
