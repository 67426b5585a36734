import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { branches, sales } from '../../db/schema';
import { toReview } from '../offline/review';
import type { AuthenticatedContext } from '../../http/context';
import type { ResponseInputOf } from '../../../shared/api/catalogue';
import { dayIn } from '../../../shared/domain/time-zone';
import { itemBranch } from '../which-branch';
import { effectiveTimeZone } from '../branches/locales';
import type { SubscriptionReport } from './subscription-report';
import { branchToday, localDay, num, ofBranch } from './report-sql';
import { rollupsReady } from './rollups';

/** Days of subscriptions ending that the dashboard lists, today included. */
const EXPIRING_DAYS = 7;
const EXPIRING_SHOWN = 20;

/**
 * What a manager opens first: the spec's four cards and, beside them, today against last week, the
 * rooms, the overtime and the subscriptions running out. "Today" is each branch's own.
 */
export class Dashboard {
  constructor(
    private readonly db: Db,
    private readonly subscriptions: SubscriptionReport,
  ) {}

  async of(ctx: AuthenticatedContext, requested: number | null): Promise<ResponseInputOf<'admin/dashboard'>> {
    const branch = await itemBranch(this.db, ctx, requested);
    const [place, kids, inside, employees, hours, rooms, overtime, forgiven, expiring, offlineToReview] =
      await Promise.all([
        this.place(branch ?? ctx.user.branch_id),
        this.one(
          sql`select coalesce(sum(r.kids), 0) as n from rollup_kids r where ${ofBranch(sql`r.branch_id`, branch)}`,
        ),
        this.one(sql`
        select count(*) as n from kid_sessions ks
        where ks.checkout_at is null and ${ofBranch(sql`ks.branch_id`, branch)}`),
        this.one(sql`
        select count(distinct ls.user_id) as n from login_sessions ls left join branches b on b.id = ls.branch_id
        where ls.logout_at is null and ls.login_at > now() - interval '38 hours'
          and ${localDay(sql`ls.login_at`)} = ${branchToday()} and ${ofBranch(sql`ls.branch_id`, branch)}`),
        // Takings by hour from the roll-ups; the days of every branch's today lie within a day of the database's.
        rollupsReady(this.db).then(() =>
          this.db.execute(sql`
          select r.hour,
            coalesce(sum(r.payable) filter (where r.day = ${branchToday()}), 0) as today,
            coalesce(sum(r.payable) filter (where r.day = ${branchToday()} - 7), 0) as last_week
          from rollup_hours r join branches b on b.id = r.branch_id
          where r.day between current_date - 9 and current_date + 2 and ${ofBranch(sql`r.branch_id`, branch)}
            and r.day in (${branchToday()}, ${branchToday()} - 7)
          group by 1`),
        ),
        this.db.execute(sql`
        select r.id, r.name_en, r.name_ar, r.branch_id, r.capacity,
          (select count(*) from kid_room_visits v where v.room_id = r.id and v.checkout_at is null) as inside
        from rooms r where r.deleted_at is null and ${ofBranch(sql`r.branch_id`, branch)}
        order by r.branch_id, r.name_en`),
        this.one(sql`
        select coalesce(sum(ks.overtime_fee), 0) as n
        from kid_sessions ks join sales s on s.id = ks.billed_sale_id join branches b on b.id = s.branch_id
        where s.created_at > now() - interval '38 hours' and ${localDay(sql`s.created_at`)} = ${branchToday()}
          and ${ofBranch(sql`s.branch_id`, branch)}`),
        this.db.execute(sql`
        select count(*) as n, coalesce(sum(d.fee_before), 0) as amount
        from overtime_decisions d join kid_sessions ks on ks.id = d.session_id join branches b on b.id = ks.branch_id
        where d.action = 'forgive' and d.at > now() - interval '38 hours' and ${localDay(sql`d.at`)} = ${branchToday()}
          and ${ofBranch(sql`ks.branch_id`, branch)}`),
        this.subscriptions.expiringCount(branch, EXPIRING_DAYS, EXPIRING_SHOWN),
        this.db.$count(sales, and(toReview, branch === null ? undefined : eq(sales.branch_id, branch))),
      ]);
    const byHour = new Map(hours.rows.map((r) => [num(r.hour), r]));
    const revenueByHour = Array.from({ length: 24 }, (_, hour) => ({
      hour,
      today: num(byHour.get(hour)?.today),
      lastWeek: num(byHour.get(hour)?.last_week),
    }));
    return {
      cardData: {
        totalKids: kids,
        chekinKids: inside,
        activeEmployee: employees,
        todayRevenue: revenueByHour.reduce((s, h) => s + h.today, 0),
      },
      ...place,
      revenueByHour,
      rooms: rooms.rows.map((r) => ({
        id: num(r.id),
        name_en: String(r.name_en),
        name_ar: String(r.name_ar),
        branch_id: num(r.branch_id),
        capacity: r.capacity === null ? null : num(r.capacity),
        inside: num(r.inside),
      })),
      overtime: {
        collected: overtime,
        forgivenCount: num(forgiven.rows[0]?.n),
        forgivenAmount: num(forgiven.rows[0]?.amount),
      },
      expiring,
      offlineToReview,
    };
  }

  /** The day, zone and currency the figures are read in: the branch's, or the first branch's for all. */
  private async place(branchId: number | null) {
    const [row] = await this.db
      .select({ time_zone: branches.time_zone, currency: branches.currency })
      .from(branches)
      .where(branchId === null ? isNull(branches.deleted_at) : eq(branches.id, branchId))
      .orderBy(asc(branches.id))
      .limit(1);
    const time_zone = effectiveTimeZone(row?.time_zone ?? null);
    return { day: dayIn(time_zone), time_zone, currency: row?.currency ?? 'SAR' };
  }

  private async one(query: SQL): Promise<number> {
    const result = await this.db.execute(query);
    return num(result.rows[0]?.n);
  }
}
