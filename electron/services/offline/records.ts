import { z } from 'zod';
import { catalogue } from '../../../shared/api/catalogue';
import { offlineSaleRequest, StationId } from '../../../shared/api/offline';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../../../shared/api/once';
import { branchSchema } from '../../../shared/api/branches';

/** What the station keeps for the offline till (issue 28), each read back through these schemas. */

export const stationIdSchema = z.object({ id: StationId });

/** The seller as it was printed on a queued sale's receipt (a later change of the branch does not reprint it). */
export const receiptBranchSchema = branchSchema.pick({
  name_en: true,
  name_ar: true,
  address: true,
  phone: true,
  vat_number: true,
  currency: true,
  time_zone: true,
});

const seq = z.number().int().positive();

/** A sale sold offline: what is sent to `offline/sale`, under `key`, and what its receipt printed. */
export const queuedSaleSchema = z.object({
  t: z.literal('sale'),
  /** Its place in the station's queue, for good (never reused): the page knows it as sale id -seq. */
  seq,
  key: z.string().min(1).max(IDEMPOTENCY_KEY_MAX_LENGTH),
  request: offlineSaleRequest,
  cashier: z.object({ name_en: z.string(), name_ar: z.string() }),
  branch: receiptBranchSchema,
  parent_id: z.number().int().nullable(),
});
export type QueuedSale = z.output<typeof queuedSaleSchema>;

/** The queue's file: sales appended as sold, then what became of each (recorded by the server, or refused). */
export const queueRecordSchema = z.discriminatedUnion('t', [
  queuedSaleSchema,
  z.object({ t: z.literal('recorded'), seq, sale_id: z.number().int() }),
  z.object({ t: z.literal('stuck'), seq, key: z.string() }),
]);
export type QueueRecord = z.output<typeof queueRecordSchema>;

/** Recorded sales whose negative id the station still answers (their receipt is then the server's). */
export const RECORDED_KEPT = 500;

export const offlineStateSchema = z.object({
  nextSeq: seq,
  /** The invoice numbers the server reserved for this station and no queued sale took, lowest first. */
  numbers: z.object({ branch_id: z.number().int(), numbers: z.array(z.number().int()) }).nullable(),
  recorded: z.array(z.object({ seq, sale_id: z.number().int() })).max(RECORDED_KEPT),
});
export type OfflineState = z.output<typeof offlineStateSchema>;
export const emptyOfflineState: OfflineState = { nextSeq: 1, numbers: null, recorded: [] };

/** Families the till served or looked up, kept this long and this many (the most recent). */
export const FAMILY_KEPT_DAYS = 7;
export const FAMILIES_KEPT = 500;

const parentRow = catalogue['parent/search'].response.element;
const kidRows = catalogue['sale/kidslist'].response;

export const cachedFamilySchema = z.object({
  parent_id: z.number().int(),
  at: z.iso.datetime(),
  /** As `parent/search` answered it (null: only its kids were looked up). */
  parent: parentRow.nullable(),
  /** As `sale/kidslist` answered them, with their subscriptions (null: not looked up). */
  kids: kidRows.nullable(),
});
export type CachedFamily = z.output<typeof cachedFamilySchema>;

/** What the till sells from while the server cannot be reached, as the server last answered it. */
export const offlineCacheSchema = z.object({
  /** When the catalogue (products, packages, taxes, branch) was last refreshed whole. */
  at: z.iso.datetime().nullable(),
  branch: branchSchema.nullable(),
  products: catalogue['sale/product/list'].response,
  packages: catalogue['sale/package/list'].response,
  taxes: catalogue['tax/list'].response,
  branches: catalogue['branch/list'].response,
  shifts: z.array(z.object({ user_id: z.number().int(), shift: catalogue['cashup/current'].response })),
  families: z.array(cachedFamilySchema).max(FAMILIES_KEPT),
});
export type OfflineCache = z.output<typeof offlineCacheSchema>;
export const emptyOfflineCache: OfflineCache = {
  at: null,
  branch: null,
  products: [],
  packages: [],
  taxes: [],
  branches: [],
  shifts: [],
  families: [],
};
