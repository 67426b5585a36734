import type { EndpointName, ResponseOf } from '../../../shared/api/catalogue';
import type { ApiResult } from '../../../shared/api/envelope';
import { fail } from '../../../shared/api/envelope';
import { FAMILIES_KEPT, FAMILY_KEPT_DAYS, type CachedFamily, type OfflineCache } from './records';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The page's reads the till answers while offline, from what the server last answered them. */
export const CACHED_READS = new Set<EndpointName>([
  'sale/product/list',
  'sale/package/list',
  'tax/list',
  'branch/station',
  'branch/list',
  'cashup/current',
  'parent/search',
  'sale/kidslist',
]);

const ok = <T>(data: T): ApiResult<T> => ({ status: true, message: 'OK', data });

/**
 * A cached read's answer, or null for one the cache cannot answer. `request` is already checked
 * against the endpoint's request; `userId` is who asks (a shift is theirs).
 */
export function cachedAnswer(
  cache: OfflineCache,
  name: EndpointName,
  request: Record<string, unknown>,
  userId: number,
): ApiResult<unknown> | null {
  switch (name) {
    case 'sale/product/list':
      // In stock as last known: the till's own offline sales are not taken off it.
      return ok(request.getAll ? cache.products : cache.products.filter((p) => p.stock > 0));
    case 'sale/package/list':
      return ok(cache.packages);
    case 'tax/list':
      return ok(cache.taxes);
    case 'branch/list':
      return ok(cache.branches);
    case 'branch/station': {
      const asked = request.branch_id ?? null;
      return cache.branch && (asked === null || asked === cache.branch.id) ? ok(cache.branch) : null;
    }
    case 'cashup/current': {
      const held = cache.shifts.find((s) => s.user_id === userId);
      return held ? ok(held.shift) : null;
    }
    case 'parent/search': {
      // Nothing found among the families held says nothing of the server's: "no parent matches" would
      // send the cashier to register the family again.
      const found = searchFamilies(cache.families, String(request.query), request.checked === true);
      return found.length > 0 ? ok(found) : fail('OFFLINE_FAMILY_UNKNOWN');
    }
    case 'sale/kidslist': {
      const ids = request.parent_ids as number[];
      const families = ids.map((id) => cache.families.find((f) => f.parent_id === id && f.kids !== null));
      if (families.some((f) => f === undefined)) return fail('OFFLINE_FAMILY_UNKNOWN');
      return ok(families.flatMap((f) => f!.kids!));
    }
    default:
      return null;
  }
}

/** `parent/search` over the families held: by mobile's start, a name's part or an ID number's part. */
function searchFamilies(families: CachedFamily[], query: string, checked: boolean): ResponseOf<'parent/search'> {
  const q = query.trim().toLowerCase();
  return families.flatMap(({ parent }) => {
    if (parent === null) return [];
    const names = [parent.name_en, parent.name_ar, ...parent.kids.flatMap((k) => [k.name_en, k.name_ar])];
    // A mobile as typed at the counter (0566…) or in full (+966566…): its digits after the leading zero.
    const digits = q.replace(/\D/g, '').replace(/^0+/, '');
    const found =
      (digits.length >= 4 && parent.mobile.replace(/\D/g, '').includes(digits)) ||
      names.some((n) => n.toLowerCase().includes(q)) ||
      (parent.identification_number ?? '').toLowerCase().includes(q);
    // Whether a kid is inside is the server's to know: offline, none is said to be.
    return found && !checked ? [{ ...parent, kids: parent.kids.map((k) => ({ ...k, session: null })) }] : [];
  });
}

/**
 * The cache with a page's successful read in it (the families it looked up, the user's shift); the
 * same cache for any other answer. Families stay FAMILY_KEPT_DAYS, the FAMILIES_KEPT most recent.
 */
export function remembered(
  cache: OfflineCache,
  name: EndpointName,
  request: Record<string, unknown>,
  data: unknown,
  userId: number,
  now: Date,
): OfflineCache {
  switch (name) {
    case 'cashup/current':
      return {
        ...cache,
        shifts: [
          ...cache.shifts.filter((s) => s.user_id !== userId),
          { user_id: userId, shift: data as ResponseOf<'cashup/current'> },
        ],
      };
    case 'parent/search': {
      const rows = data as ResponseOf<'parent/search'>;
      return withFamilies(
        cache,
        now,
        rows.map((parent) => ({ parent_id: parent.id, parent })),
      );
    }
    case 'sale/kidslist': {
      const kids = data as ResponseOf<'sale/kidslist'>;
      const ids = request.parent_ids as number[];
      return withFamilies(
        cache,
        now,
        ids.map((id) => ({ parent_id: id, kids: kids.filter((k) => k.parent_id === id) })),
      );
    }
    default:
      return cache;
  }
}

function withFamilies(
  cache: OfflineCache,
  now: Date,
  seen: ({ parent_id: number } & Partial<Pick<CachedFamily, 'parent' | 'kids'>>)[],
): OfflineCache {
  const at = now.toISOString();
  const fresh = seen.map((s) => {
    const before = cache.families.find((f) => f.parent_id === s.parent_id);
    return {
      parent_id: s.parent_id,
      at,
      parent: s.parent ?? before?.parent ?? null,
      kids: s.kids ?? before?.kids ?? null,
    };
  });
  const ids = new Set(fresh.map((f) => f.parent_id));
  const oldest = now.getTime() - FAMILY_KEPT_DAYS * DAY_MS;
  const kept = cache.families.filter((f) => !ids.has(f.parent_id) && Date.parse(f.at) >= oldest);
  return { ...cache, families: [...fresh, ...kept].slice(0, FAMILIES_KEPT) };
}

/** The kid's family, if the station holds it: their parent and their kids' rows as last looked up. */
export function familyOfKid(cache: OfflineCache, kidId: number): CachedFamily | undefined {
  return cache.families.find((f) => f.kids?.some((k) => k.id === kidId) || f.parent?.kids.some((k) => k.id === kidId));
}
