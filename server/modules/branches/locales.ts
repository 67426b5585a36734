import { eq, like, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AuthenticatedContext } from '../../http/context';
import { workBranch } from '../which-branch';
import { dayIn, processTimeZone } from '../../../shared/domain/time-zone';
import { e164Prefix, toE164 } from '../../../shared/domain/mobile';

export interface BranchLocale {
  timeZone: string;
  country: string;
}

/** A branch's zone as stored, or the server's when it names none. */
export const effectiveTimeZone = (stored: string | null): string => stored ?? processTimeZone();

const FALLBACK: BranchLocale = { timeZone: processTimeZone(), country: 'SA' };
/** Read on every sale, search and code; a change made through another server instance shows within this. */
const CACHE_MS = 30_000;

/**
 * Where a branch is: its time zone and country, read often (every search, sale and code) and changed
 * rarely, so kept for a short while. A caller without a branch (an administrator) gets the server's
 * zone and SA, the default branch country.
 */
export class BranchLocales {
  private readonly cache = new Map<number, { at: number; locale: BranchLocale }>();

  constructor(private readonly db: Db) {}

  async of(branchId: number | null | undefined): Promise<BranchLocale> {
    if (branchId === null || branchId === undefined) return FALLBACK;
    const hit = this.cache.get(branchId);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.locale;
    const [row] = await this.db
      .select({ time_zone: branches.time_zone, country: branches.country })
      .from(branches)
      .where(eq(branches.id, branchId));
    const locale = row ? { timeZone: effectiveTimeZone(row.time_zone), country: row.country } : FALLBACK;
    this.cache.set(branchId, { at: Date.now(), locale });
    return locale;
  }

  /** The caller's own branch (the one they work in), else the fallback. */
  ofCaller(ctx: AuthenticatedContext): Promise<BranchLocale> {
    return this.of(workBranch(ctx));
  }

  /** The branch's calendar day now: its subscriptions' statuses, its "today" of invoices. */
  async today(branchId: number | null | undefined): Promise<string> {
    return dayIn((await this.of(branchId)).timeZone);
  }

  /** A search text that is the start of a mobile as the counter types it (0501…): the stored E.164 numbers it starts. */
  async mobileStarts(ctx: AuthenticatedContext, column: AnyColumn, typed: string): Promise<SQL | undefined> {
    const prefix = e164Prefix(typed, (await this.ofCaller(ctx)).country);
    // Only + and digits: nothing in it for LIKE to read as a wildcard.
    return prefix === null ? undefined : like(column, `${prefix}%`);
  }

  forget(branchId: number): void {
    this.cache.delete(branchId);
  }

  /** A mobile as E.164 read in the branch's country; INVALID_MOBILE on the field when it is not a mobile number. */
  async mobile(branchId: number | null | undefined, typed: string, field = 'mobile'): Promise<string> {
    const e164 = toE164(typed, (await this.of(branchId)).country);
    if (!e164) throw new AppError('INVALID_MOBILE', { errors: [{ path: field, message: 'INVALID_MOBILE' }] });
    return e164;
  }
}
