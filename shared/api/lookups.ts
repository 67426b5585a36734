import { z } from 'zod';
import { endpoint } from './endpoint';
import { Empty } from './common';
import type { CacheTag } from './cache';

export const lookupItem = z.object({ id: z.number().int(), name_en: z.string(), name_ar: z.string() });
export type LookupItem = z.infer<typeof lookupItem>;

export const nationalityItem = lookupItem.extend({ code: z.string().length(2) });
/** VAT rate in basis points (1500 = 15 %), so money stays integer. */
export const taxItem = lookupItem.extend({ rate_bp: z.number().int().min(0).max(10_000) });

const lookup = <P extends string, R extends z.ZodType>(path: P, row: R, tags: CacheTag[] = ['Lookup']) =>
  endpoint({
    method: 'POST',
    path,
    read: true,
    request: Empty,
    response: z.array(row),
    permission: 'authenticated',
    tags,
  });

export const identificationList = lookup('/identification/list', lookupItem);
export const nationalityList = lookup('/nationality/list', nationalityItem);
export const branchList = lookup('/branch/list', lookupItem, ['Branch']);
export const specializationList = lookup('/specialization/list', lookupItem);
export const qualificationList = lookup('/qualification/list', lookupItem);
export const shiftList = lookup('/shift/list', lookupItem);
export const priviledgeList = lookup('/priviledge/list', lookupItem, ['Lookup', 'Role']);
export const taxList = lookup('/tax/list', taxItem);
