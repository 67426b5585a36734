import { z } from 'zod';
import { endpoint } from './endpoint';
import { Id, OptionalId, Timestamp, paging } from './common';
import { pageSchema } from './envelope';
import { storedName } from './files';
import { templateProblems } from '../domain/promotion-text';
import { CAMPAIGN_STATES, MAX_CAMPAIGN_ROWS, MAX_PROMOTION_MESSAGE, ROW_STATES } from '../domain/promotion';
import { campaignRowSchema as sheetRowSchema } from '../domain/campaign-rows';
import { AUDIENCE_KINDS, MAX_AUDIENCE_DAYS } from '../domain/promotion-audience';
import { LANGUAGES } from '../domain/constants';

/** Promotion SMS (spec 7): one message or a campaign, sent by the server in the background. */

const Promotions = (action: 'view' | 'create' | 'update') => ({ action, subject: 'Promotions' as const });

/** A template with a wrong placeholder would be stored, then refused row by row by the sender: refused here. */
const Message = z
  .string({ error: 'FIELD_REQUIRED' })
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .max(MAX_PROMOTION_MESSAGE, 'FIELD_TOO_LONG')
  .refine((m) => templateProblems(m).length === 0, 'TEMPLATE_INVALID');
/** As typed or as the spreadsheet had it; the server reads it in the branch's country. */
const TypedMobile = z.string({ error: 'FIELD_REQUIRED' }).trim().min(1, 'FIELD_REQUIRED').max(30, 'FIELD_TOO_LONG');
/** A spreadsheet's row number: at most an .xlsx sheet's last row. */
const SHEET_ROWS = 1_048_576;

export const campaignRowInput = z.object({
  row: z.number({ error: 'FIELD_REQUIRED' }).int().min(1, 'FIELD_TOO_SMALL').max(SHEET_ROWS, 'FIELD_TOO_LARGE'),
  mobile: TypedMobile,
  name: z.string().trim().max(120, 'FIELD_TOO_LONG').default(''),
  kid: z.string().trim().max(120, 'FIELD_TOO_LONG').default(''),
});
export type CampaignRowInput = z.output<typeof campaignRowInput>;

export const progressSchema = z.object({
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int(),
  skipped: z.number().int(),
  /** Not yet handed to the gateway. */
  waiting: z.number().int(),
  /** Handed over, answer not yet in. */
  sending: z.number().int(),
  /** Still to go out: waiting and sending. */
  left: z.number().int(),
  /** Outside the branch's sending window: when it opens again. */
  waits_until: Timestamp.nullable(),
});
export type Progress = z.output<typeof progressSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  branch_id: z.number().int(),
  created_by: z.number().int(),
  message: z.string(),
  state: z.enum(CAMPAIGN_STATES),
  file: z.string().nullable(),
  created_at: Timestamp,
  finished_at: Timestamp.nullable(),
  progress: progressSchema,
});

const created = z.object({ campaign_id: z.number().int(), total: z.number().int(), skipped: z.number().int() });

/** One message to a mobile typed or a parent: a campaign of one row, so the window and the opt-out hold. */
export const promotionSms = endpoint({
  method: 'POST',
  path: '/promotion/sms',
  invalidates: ['Promotion'],
  request: z
    .object({
      mobile: TypedMobile.optional(),
      parent_id: Id.optional(),
      message: Message,
      /** The station's branch, for an administrator without one of their own. */
      branch_id: OptionalId,
    })
    .superRefine((r, ctx) => {
      // A mobile or a parent: one of the two, not both.
      if (r.mobile === undefined && r.parent_id === undefined)
        ctx.addIssue({ code: 'custom', message: 'FIELD_REQUIRED', path: ['mobile'] });
      if (r.mobile !== undefined && r.parent_id !== undefined)
        ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: ['parent_id'] });
    }),
  response: created,
  permission: Promotions('create'),
  success: 'MESSAGE_SENT',
});

/** A campaign from imported rows: stored whole first (opted-out numbers as skipped), then sent in the background. */
export const promotionBulkSms = endpoint({
  method: 'POST',
  path: '/promotion/bulksms',
  invalidates: ['Promotion'],
  request: z.object({
    rows: z
      .array(campaignRowInput)
      .min(1, 'FIELD_REQUIRED')
      .max(MAX_CAMPAIGN_ROWS, 'FIELD_TOO_LARGE')
      .superRefine((rows, ctx) => {
        const seen = new Set<number>();
        for (const [i, r] of rows.entries()) {
          if (seen.has(r.row)) ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID', path: [i, 'row'] });
          seen.add(r.row);
        }
      }),
    message: Message,
    file: storedName.nullish().transform((v) => v ?? null),
    branch_id: OptionalId,
  }),
  response: created,
  permission: Promotions('create'),
  success: 'MESSAGE_SENT',
  // 100,000 rows of a mobile, a name and a kid's name.
  bodyLimit: 32 * 1024 * 1024,
});

/**
 * A campaign's rows built from the branch's own families (kids whose pass ends within `days` days, or
 * families not seen for `days` days), in the shape a file's import gives the screen: one row a parent,
 * names in `lang`. Opted-out parents are left out and counted.
 */
export const promotionAudience = endpoint({
  method: 'POST',
  path: '/promotion/audience',
  read: true,
  request: z.object({
    kind: z.enum(AUDIENCE_KINDS, { error: (i) => (i.input === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID') }),
    days: z.number().int().min(1).max(MAX_AUDIENCE_DAYS),
    lang: z.enum(LANGUAGES).default('en'),
    branch_id: OptionalId,
  }),
  response: z.object({
    rows: z.array(sheetRowSchema).max(MAX_CAMPAIGN_ROWS),
    opted_out: z.number().int(),
    /** More families matched than a campaign may hold: the first MAX_CAMPAIGN_ROWS are given. */
    cut: z.boolean(),
  }),
  // A read (it stores nothing), so the view right, as the campaigns' rows are read.
  permission: Promotions('view'),
});

/** The branch's campaigns, newest first (an administrator's: every branch's), with their progress. */
export const promotionCampaigns = endpoint({
  method: 'POST',
  path: '/promotion/campaigns',
  tags: ['Promotion'],
  read: true,
  request: z.object({ ...paging(20) }),
  response: pageSchema(campaignSchema),
  permission: Promotions('view'),
});

export const campaignRowSchema = z.object({
  id: z.number().int(),
  row: z.number().int(),
  mobile: z.string(),
  name: z.string(),
  kid: z.string(),
  state: z.enum(ROW_STATES),
  cause: z.string().nullable(),
  sms_id: z.number().int().nullable(),
});

/** One campaign's progress and a page of its rows (10 per page, spec 9), optionally of one state. */
export const promotionCampaign = endpoint({
  method: 'POST',
  path: '/promotion/campaign',
  tags: ['Promotion'],
  read: true,
  request: z.object({ id: Id, ...paging(10), state: z.enum(ROW_STATES).optional() }),
  response: z.object({ campaign: campaignSchema, rows: pageSchema(campaignRowSchema) }),
  permission: Promotions('view'),
});

const CampaignId = z.object({ id: Id });

export const promotionPause = endpoint({
  method: 'POST',
  path: '/promotion/campaign/pause',
  invalidates: ['Promotion'],
  request: CampaignId,
  response: campaignSchema,
  permission: Promotions('update'),
});

export const promotionResume = endpoint({
  method: 'POST',
  path: '/promotion/campaign/resume',
  invalidates: ['Promotion'],
  request: CampaignId,
  response: campaignSchema,
  permission: Promotions('update'),
});

/** Rows not yet handed over are skipped (CANCELLED); those sent stay sent. */
export const promotionCancel = endpoint({
  method: 'POST',
  path: '/promotion/campaign/cancel',
  invalidates: ['Promotion'],
  request: CampaignId,
  response: campaignSchema,
  permission: Promotions('update'),
});

/** A parent's wish for no promotions (their profile). */
export const promotionOptOut = endpoint({
  method: 'POST',
  path: '/promotion/optout',
  invalidates: ['Parent'],
  request: z.object({ parent_id: Id, opt_out: z.boolean({ error: 'FIELD_REQUIRED' }) }),
  response: z.object({ parent_id: z.number().int(), opt_out: z.boolean() }),
  permission: Promotions('update'),
});

/** A STOP list: every number in it receives no promotion again; parents among them are marked. */
export const promotionOptOutImport = endpoint({
  method: 'POST',
  path: '/promotion/optout/import',
  invalidates: ['Parent'],
  request: z.object({
    mobiles: z.array(TypedMobile).min(1, 'FIELD_REQUIRED').max(MAX_CAMPAIGN_ROWS, 'FIELD_TOO_LARGE'),
    branch_id: OptionalId,
  }),
  response: z.object({ numbers: z.number().int(), parents: z.number().int() }),
  permission: Promotions('update'),
  bodyLimit: 8 * 1024 * 1024,
});

const minuteOfDay = z
  .number({ error: 'FIELD_REQUIRED' })
  .int()
  .min(0, 'FIELD_TOO_SMALL')
  .max(24 * 60, 'FIELD_TOO_LARGE');
/** Alphanumeric sender names: letters, digits, space, dash; at most 11. */
const SenderName = z
  .string()
  .trim()
  .max(11, 'FIELD_TOO_LONG')
  .regex(/^[A-Za-z0-9 -]*$/, 'FIELD_INVALID')
  .transform((v) => v || null)
  .nullable();
const OptOutWords = z.string({ error: 'FIELD_REQUIRED' }).trim().min(1, 'FIELD_REQUIRED').max(60, 'FIELD_TOO_LONG');

export const promotionSettingsSchema = z
  .object({
    /** Minutes after the branch's midnight (default 09:00–21:00, read on each branch's clock). */
    window_start: minuteOfDay,
    window_end: minuteOfDay,
    /** Null: the service sender with "-AD". */
    sender: SenderName,
    opt_out_en: OptOutWords,
    opt_out_ar: OptOutWords,
  })
  .refine((s) => s.window_start < s.window_end, { message: 'FIELD_INVALID', path: ['window_end'] });
export type PromotionSettings = z.output<typeof promotionSettingsSchema>;

export const promotionSettingsGet = endpoint({
  method: 'GET',
  path: '/settings/promotion',
  tags: ['Promotion'],
  request: z.object({}),
  response: promotionSettingsSchema,
  permission: Promotions('view'),
});

export const promotionSettingsUpdate = endpoint({
  method: 'POST',
  path: '/settings/promotion/update',
  invalidates: ['Promotion'],
  request: promotionSettingsSchema,
  response: promotionSettingsSchema,
  permission: { action: 'update', subject: 'Settings' },
});
