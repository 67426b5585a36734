import { z } from 'zod';
import { endpoint } from './endpoint';
import { Id, OptionalId, Timestamp, paging } from './common';
import { pageSchema } from './envelope';

/**
 * The manager's figures: the dashboard, the kids' visits report and the sales, custom and subscription
 * reports. Days are calendar days on each branch's own clock; amounts are in minor units (halalas).
 * A non-administrator sees their own branch only; an administrator one branch or (no branch_id) all.
 */

/** Reports span at most two years: the figures a chain compares, and a bound on the work one call may ask. */
export const REPORT_MAX_DAYS = 731;

const dayMs = 86_400_000;
const spanDays = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / dayMs + 1;

/** A range of days, both ends included. */
export const dayRange = z
  .object({ from: z.iso.date(), to: z.iso.date() })
  .refine((d) => d.from <= d.to, { message: 'FIELD_INVALID', path: ['to'] })
  .refine((d) => spanDays(d.from, d.to) <= REPORT_MAX_DAYS, { message: 'FIELD_TOO_LARGE', path: ['to'] });

const named = { id: z.number().int(), name_en: z.string(), name_ar: z.string() };

/** A subscription ending soon, with the parent's mobile for a reminder. */
const expiringRow = z.object({
  subscription_id: z.number().int(),
  kid_id: z.number().int(),
  kid_name_en: z.string(),
  kid_name_ar: z.string(),
  parent_name_en: z.string(),
  parent_name_ar: z.string(),
  mobile: z.string(),
  name_en: z.string(),
  name_ar: z.string(),
  end_date: z.iso.date(),
});

export const dashboardSchema = z.object({
  /** Spec 3: the four cards, numbers, 0 when there is nothing to count. */
  cardData: z.object({
    /** Kids registered with the branch's families (every kid, for all branches). */
    totalKids: z.number().int().default(0),
    /** Kids inside now. */
    chekinKids: z.number().int().default(0),
    /** Employees signed in today and not signed out. */
    activeEmployee: z.number().int().default(0),
    /** Today's takings: invoices less credit notes, VAT included. */
    todayRevenue: z.number().int().default(0),
  }),
  /** Today on the branch's clock (the first branch's, for all branches), and its currency. */
  day: z.iso.date(),
  time_zone: z.string(),
  currency: z.string(),
  /** Takings per hour of today beside the same weekday a week ago, hours 0–23. */
  revenueByHour: z.array(z.object({ hour: z.number().int(), today: z.number().int(), lastWeek: z.number().int() })),
  /** Each room's kids now against its capacity (null: no limit). */
  rooms: z.array(
    z.object({
      ...named,
      branch_id: z.number().int(),
      inside: z.number().int(),
      capacity: z.number().int().nullable(),
    }),
  ),
  /** Today's overtime: billed and paid, and forgiven (how many and how much was let go). */
  overtime: z.object({
    collected: z.number().int(),
    forgivenCount: z.number().int(),
    forgivenAmount: z.number().int(),
  }),
  /** Subscriptions ending within the next seven days (today included), soonest first. */
  expiring: z.object({
    count: z.number().int(),
    rows: z.array(expiringRow),
  }),
  /** Offline sales that arrived with notes (stock below zero, a price changed, …) no manager has reviewed (issue 28). */
  offlineToReview: z.number().int().default(0),
});
export type Dashboard = z.output<typeof dashboardSchema>;

/** Spec 7: GET /admin/dashboard returns cardData; with it, what a manager looks at first. */
export const adminDashboard = endpoint({
  method: 'GET',
  path: '/admin/dashboard',
  tags: ['Invoice', 'Visit', 'Room', 'Subscription', 'OfflineReview'],
  request: z.object({ branch_id: OptionalId }),
  response: dashboardSchema,
  permission: { action: 'view', subject: 'Dashboard' },
});

export const kidVisitSchema = z.object({
  id: z.number().int(),
  kid_id: z.number().int(),
  kid_name_en: z.string(),
  kid_name_ar: z.string(),
  parent_id: z.number().int(),
  parent_mobile: z.string(),
  branch_id: z.number().int(),
  badge: z.string(),
  checkin_at: Timestamp,
  checkout_at: Timestamp.nullable(),
  checked_in_by: z.object(named),
  checked_out_by: z.object(named).nullable(),
  overtime_fee: z.number().int().nullable(),
  fee_decision: z.enum(['edited', 'forgiven']).nullable(),
});
export type KidVisit = z.output<typeof kidVisitSchema>;
export type KidVisitRecord = z.input<typeof kidVisitSchema>;

/** Spec 7: kids' premises visits (the spec's kid sessions), newest first, by branch, days (check-in day) and the employee who checked in. */
export const kidVisitPageList = endpoint({
  method: 'POST',
  path: '/kidsession/pagelist',
  tags: ['Visit'],
  read: true,
  request: z
    .object({
      ...paging(10),
      branch_id: OptionalId,
      kid_id: OptionalId,
      user_id: OptionalId,
      from: z.iso.date().optional(),
      to: z.iso.date().optional(),
    })
    .refine((d) => !d.from || !d.to || d.from <= d.to, { message: 'FIELD_INVALID', path: ['to'] }),
  response: pageSchema(kidVisitSchema),
  permission: { action: 'view', subject: 'Reports' },
});

/** How a report's rows are cut; the time periods are calendar days, ISO weeks (from Monday) and months. */
export const REPORT_DIMENSIONS = [
  'day',
  'week',
  'month',
  'branch',
  'product',
  'package',
  'cashier',
  'payment',
] as const;
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number];
/**
 * What is summed: `count` invoices (a count is never negative: credit notes are counted apart, in the
 * sales report's `creditNotes`), `quantity` items (a credit note's negative), `discount` given, and
 * what was charged after discounts: `net`, `vat` and `gross` (= net + VAT).
 */
export const REPORT_MEASURES = ['count', 'quantity', 'discount', 'net', 'vat', 'gross'] as const;
export type ReportMeasure = (typeof REPORT_MEASURES)[number];

const measures = z.object({
  count: z.number().int(),
  quantity: z.number().int(),
  discount: z.number().int(),
  net: z.number().int(),
  vat: z.number().int(),
  gross: z.number().int(),
});
export type Measures = z.output<typeof measures>;

/** One value of a dimension: a day/week/month (`YYYY-MM-DD` of its first day), a payment kind, or a named thing. */
const dimensionValue = z.object({
  key: z.string(),
  name_en: z.string().nullable(),
  name_ar: z.string().nullable(),
});
export type DimensionValue = z.output<typeof dimensionValue>;

const reportRow = z.object({ keys: z.array(dimensionValue), values: measures });
export type ReportRow = z.output<typeof reportRow>;

export const customReportDefinition = z.object({
  dimensions: z
    .array(z.enum(REPORT_DIMENSIONS))
    .min(1, 'FIELD_REQUIRED')
    .max(3, 'FIELD_TOO_LARGE')
    .refine((d) => new Set(d).size === d.length, 'FIELD_INVALID'),
  measures: z
    .array(z.enum(REPORT_MEASURES))
    .min(1, 'FIELD_REQUIRED')
    .refine((m) => new Set(m).size === m.length, 'FIELD_INVALID'),
});
export type CustomReportDefinition = z.output<typeof customReportDefinition>;

/** Each report's rows at most: a custom report by day × product × cashier over two years could be millions. */
export const REPORT_MAX_ROWS = 5000;

export const customReport = endpoint({
  method: 'POST',
  path: '/report/custom',
  tags: ['Invoice'],
  read: true,
  request: z.object({ branch_id: OptionalId, dates: dayRange }).extend(customReportDefinition.shape),
  /** `truncated`: more rows matched than REPORT_MAX_ROWS; the biggest by the first measure are kept. */
  response: z.object({ rows: z.array(reportRow), totals: measures, truncated: z.boolean() }),
  permission: { action: 'view', subject: 'Reports' },
});

const savedReport = z.object({
  id: z.number().int(),
  name: z.string(),
  definition: customReportDefinition,
  updated_at: Timestamp,
});
export type SavedReport = z.output<typeof savedReport>;

/** A user's own custom reports, by name. */
export const savedReportList = endpoint({
  method: 'POST',
  path: '/report/custom/list',
  tags: ['SavedReport'],
  read: true,
  request: z.object({}),
  response: z.array(savedReport),
  permission: { action: 'view', subject: 'Reports' },
});

/** Saves under a name: the same name again replaces that report. */
export const savedReportSave = endpoint({
  method: 'POST',
  path: '/report/custom/save',
  invalidates: ['SavedReport'],
  request: z.object({
    name: z.string().trim().min(1, 'FIELD_REQUIRED').max(80, 'FIELD_TOO_LONG'),
    definition: customReportDefinition,
  }),
  response: savedReport,
  // One's own report definitions: no figures in them, and a view right cannot be a command.
  permission: 'authenticated',
});

export const savedReportDelete = endpoint({
  method: 'POST',
  path: '/report/custom/delete',
  invalidates: ['SavedReport'],
  request: z.object({ id: Id }),
  response: z.null(),
  // One's own report definitions: no figures in them, and a view right cannot be a command.
  permission: 'authenticated',
});

/** Spec 2, Reports: the sales report of a range of days, by period, with its breakdowns. */
export const salesReport = endpoint({
  method: 'POST',
  path: '/report/sales',
  tags: ['Invoice'],
  read: true,
  request: z.object({
    branch_id: OptionalId,
    dates: dayRange,
    period: z.enum(['day', 'week', 'month']).default('day'),
  }),
  response: z.object({
    /**
     * Invoices and credit notes apart, each `count` the documents of its kind, and netted: `total`'s
     * amounts are invoices + credit notes (whose amounts are negative), its count the invoices'.
     */
    invoices: measures,
    creditNotes: measures,
    total: measures,
    periods: z.array(reportRow),
    products: z.array(reportRow),
    packages: z.array(reportRow),
    cashiers: z.array(reportRow),
    branches: z.array(reportRow),
    /** Money taken by each means, change given back already taken off; refunds negative. */
    payments: z.object({ cash: z.number().int(), card: z.number().int() }),
    /** Each coupon used: on how many invoices, and the discount it gave less what credit notes took back. */
    coupons: z.array(
      z.object({ id: z.number().int(), code: z.string(), uses: z.number().int(), discount: z.number().int() }),
    ),
    truncated: z.boolean(),
  }),
  permission: { action: 'view', subject: 'Reports' },
});

/** Spec 2, subscription reports: statuses over time, those ending soon (with a mobile to remind), freeze days used. */
export const subscriptionReport = endpoint({
  method: 'POST',
  path: '/report/subscriptions',
  tags: ['Subscription'],
  read: true,
  request: z.object({
    branch_id: OptionalId,
    dates: dayRange,
    period: z.enum(['week', 'month']).default('month'),
    expiringDays: z.coerce.number().int().min(1).max(90).default(7),
  }),
  response: z.object({
    /**
     * Per period: sold, ended (last day inside it) and cancelled in it; and on its last day (or today,
     * for the period under way) how many were active, waiting to start and frozen.
     */
    periods: z.array(
      z.object({
        period: z.iso.date(),
        sold: z.number().int(),
        ended: z.number().int(),
        cancelled: z.number().int(),
        active: z.number().int(),
        waiting: z.number().int(),
        frozen: z.number().int(),
      }),
    ),
    expiring: z.array(expiringRow),
    /** Days of freezing that began within the range. */
    freezeDays: z.number().int(),
  }),
  permission: { action: 'view', subject: 'Reports' },
});

const countAndAmount = z.object({ count: z.number().int(), amount: z.number().int() });

/**
 * One employee's work in the days asked, each thing counted on the day (branch clock) it happened at
 * the branch asked. Credit notes are counted apart from sales, by who made them, their amount negative.
 */
const userSummaryRow = z.object({
  user: z.object(named),
  /** Sign-ins begun in the days; minutes from each to its sign-out, or, not signed out, to its last token renewal. */
  signIns: z.number().int(),
  signedInMinutes: z.number().int(),
  /** Invoices made (VAT included, after discounts), and credit notes made (amount ≤ 0). */
  sales: countAndAmount,
  creditNotes: countAndAmount,
  /** Kids let in and out at the front desk, and into and out of rooms. */
  checkIns: z.number().int(),
  checkOuts: z.number().int(),
  roomCheckIns: z.number().int(),
  roomCheckOuts: z.number().int(),
  /** Overtime fees this employee forgave: how many, and what they came to before. */
  forgiven: countAndAmount,
  /** Shifts closed in the days, those whose count differed, and counted less expected summed (negative: short). */
  shiftsClosed: z.number().int(),
  shiftsOff: z.number().int(),
  cashDifference: z.number().int(),
});
export type UserSummaryRow = z.output<typeof userSummaryRow>;

/** Spec 2, the user summary: per employee, what they did in a range of days. */
export const userSummaryReport = endpoint({
  method: 'POST',
  path: '/report/users',
  tags: ['Invoice', 'Visit', 'Shift', 'Employee'],
  read: true,
  request: z.object({ branch_id: OptionalId, dates: dayRange }),
  /** Rows: the branch's employees (every employee, for all branches) and whoever did anything there; `totals` adds them. */
  response: z.object({ rows: z.array(userSummaryRow), totals: userSummaryRow.omit({ user: true }) }),
  permission: { action: 'view', subject: 'Reports' },
});
