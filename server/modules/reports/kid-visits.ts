import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { kidVisits, kids, parents } from '../../db/schema';
import { checkedByColumns, inBy, outBy, withCheckedBy } from '../checked-by';
import { pageOf } from '../../http/results';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import type { KidVisitRecord } from '../../../shared/api/reports';
import { startOfDay } from '../../../shared/domain/time-zone';
import { addDays } from '../../../shared/domain/subscription';
import { dataBranch } from '../which-branch';
import type { BranchLocales } from '../branches/locales';

/** Spec 7 /kidsession/pagelist: kids' visits to the premises, newest first; days on the branch's clock. */
export class KidVisits {
  constructor(
    private readonly db: Db,
    private readonly locales: BranchLocales,
  ) {}

  async page(ctx: AuthenticatedContext, input: ParsedRequestOf<'kidsession/pagelist'>) {
    const branch = dataBranch(ctx) ?? input.branch_id;
    const { timeZone } = await this.locales.of(branch ?? ctx.user.branch_id);
    const where = and(
      branch === null ? undefined : eq(kidVisits.branch_id, branch),
      input.kid_id === null ? undefined : eq(kidVisits.kid_id, input.kid_id),
      input.user_id === null ? undefined : eq(kidVisits.checked_in_by, input.user_id),
      input.from ? gte(kidVisits.checkin_at, startOfDay(input.from, timeZone)) : undefined,
      input.to ? lt(kidVisits.checkin_at, startOfDay(addDays(input.to, 1), timeZone)) : undefined,
    );
    const [rows, total] = await Promise.all([
      this.db
        .select({
          id: kidVisits.id,
          kid_id: kidVisits.kid_id,
          kid_name_en: kids.name_en,
          kid_name_ar: kids.name_ar,
          parent_id: kidVisits.parent_id,
          parent_mobile: parents.mobile,
          branch_id: kidVisits.branch_id,
          badge: kidVisits.badge,
          checkin_at: kidVisits.checkin_at,
          checkout_at: kidVisits.checkout_at,
          ...checkedByColumns,
          overtime_fee: kidVisits.overtime_fee,
          fee_decision: kidVisits.fee_decision,
        })
        .from(kidVisits)
        .innerJoin(kids, eq(kids.id, kidVisits.kid_id))
        .innerJoin(parents, eq(parents.id, kidVisits.parent_id))
        .innerJoin(inBy, eq(inBy.id, kidVisits.checked_in_by))
        .leftJoin(outBy, eq(outBy.id, kidVisits.checked_out_by))
        .where(where)
        .orderBy(desc(kidVisits.checkin_at), sql`${kidVisits.id} desc`)
        .limit(input.perPage)
        .offset((input.page - 1) * input.perPage),
      this.db.$count(kidVisits, where),
    ]);
    const visits: KidVisitRecord[] = rows.map(withCheckedBy);
    return pageOf(visits, total, input.page, input.perPage);
  }
}
