import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { containing, pageOf } from '../../http/results';
import { inDataBranch, itemBranch } from '../which-branch';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import type { Branch } from '../../../shared/api/branches';
import { processTimeZone } from '../../../shared/domain/time-zone';
import { isPhoneCountry } from '../../../shared/domain/mobile';
import { effectiveTimeZone, type BranchLocales } from './locales';

/** A branch as the API answers it (and as a receipt prints its seller). */
export const branchColumns = {
  id: branches.id,
  name_en: branches.name_en,
  name_ar: branches.name_ar,
  address: branches.address,
  phone: branches.phone,
  vat_number: branches.vat_number,
  currency: branches.currency,
  time_zone: branches.time_zone,
  country: branches.country,
  counts_cash: branches.counts_cash,
};

/** A branch as answered: a zone left unset reads as the server's, the one its days follow. */
const out = <T extends { time_zone: string | null }>(row: T) => ({
  ...row,
  time_zone: effectiveTimeZone(row.time_zone),
});

/** A country whose mobiles cannot be read (no numbering plan known) would leave every number unreadable. */
function checkCountry(country: string | undefined) {
  if (country !== undefined && !isPhoneCountry(country))
    throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'country', message: 'FIELD_INVALID' }] });
}

/** Branches: administrators manage all of them; anyone else with the right sees and edits their own. */
export class BranchService {
  constructor(
    private readonly db: Db,
    private readonly locales: BranchLocales,
  ) {}

  private visible(ctx: AuthenticatedContext, ...more: (SQL | undefined)[]) {
    return and(isNull(branches.deleted_at), inDataBranch(ctx, branches.id), ...more);
  }

  async list(ctx: AuthenticatedContext, { page, perPage, q }: ParsedRequestOf<'branch/pagelist'>) {
    const where = this.visible(ctx, containing(q, branches.name_en, branches.name_ar));
    const [rows, [total]] = await Promise.all([
      this.db
        .select(branchColumns)
        .from(branches)
        .where(where)
        .orderBy(asc(branches.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(branches).where(where),
    ]);
    return pageOf(rows.map(out), total?.n ?? 0, page, perPage);
  }

  /**
   * The branch a station prints for: the caller's own, or the one an administrator names; an
   * administrator's station with none chosen yet prints as the first branch (a test print still shows
   * a real seller, and its size weighs Settings' serial-line time).
   */
  async ofStation(ctx: AuthenticatedContext, requested: number | null): Promise<Branch> {
    const id = await itemBranch(this.db, ctx, requested);
    const [row] = await this.db
      .select(branchColumns)
      .from(branches)
      .where(and(id === null ? undefined : eq(branches.id, id), isNull(branches.deleted_at)))
      .orderBy(asc(branches.id))
      .limit(1);
    if (!row) throw new AppError('NOT_FOUND');
    return out(row);
  }

  /** A new branch runs on the server's clock unless told otherwise. */
  async create(input: ParsedRequestOf<'branch/create'>): Promise<Branch> {
    checkCountry(input.country);
    const [row] = await this.db
      .insert(branches)
      .values({ ...input, time_zone: input.time_zone ?? processTimeZone() })
      .returning(branchColumns);
    return out(row!);
  }

  async update(ctx: AuthenticatedContext, { id, ...input }: ParsedRequestOf<'branch/update'>): Promise<Branch> {
    checkCountry(input.country);
    const [row] = await this.db
      .update(branches)
      .set(input)
      .where(this.visible(ctx, eq(branches.id, id)))
      .returning(branchColumns);
    if (!row) throw new AppError('NOT_FOUND');
    this.locales.forget(id);
    return out(row);
  }

  /** A branch its employees still work in is kept: EXISTS says it is in use. History keeps deleted ones. */
  async remove(ctx: AuthenticatedContext, id: number): Promise<null> {
    return this.db.transaction(async (tx) => {
      const [branch] = await tx
        .select({ id: branches.id })
        .from(branches)
        .where(this.visible(ctx, eq(branches.id, id)))
        .for('update');
      if (!branch) throw new AppError('NOT_FOUND');
      const [inUse] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.branch_id, id), isNull(users.deleted_at)));
      if ((inUse?.n ?? 0) > 0) throw new AppError('EXISTS');
      await tx.update(branches).set({ deleted_at: new Date() }).where(eq(branches.id, id));
      return null;
    });
  }
}
