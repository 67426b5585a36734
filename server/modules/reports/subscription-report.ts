import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf, ResponseInputOf } from '../../../shared/api/catalogue';
import { itemBranch } from '../which-branch';
import { branchToday, instantWindow, localDay, num, ofBranch } from './report-sql';

/** Reminders are a phone call each: more than this is a list nobody works through. */
const EXPIRING_LISTED = 500;

/**
 * Subscriptions over time. A subscription's status on a day follows from its dates and what staff
 * decided (shared/domain/subscription statusOn); the same rule is read here in SQL for each period.
 */
export class SubscriptionReport {
  constructor(private readonly db: Db) {}

  async of(
    ctx: AuthenticatedContext,
    input: ParsedRequestOf<'report/subscriptions'>,
  ): Promise<ResponseInputOf<'report/subscriptions'>> {
    const branch = await itemBranch(this.db, ctx, input.branch_id);
    const [periods, expiring, freeze] = await Promise.all([
      this.periods(branch, input.dates, input.period),
      this.expiring(branch, input.expiringDays),
      this.db.execute(sql`
        select coalesce(sum(s.freeze_days), 0) as n from subscriptions s
        where ${ofBranch(sql`s.branch_id`, branch)} and s.frozen_at between ${input.dates.from} and ${input.dates.to}`),
    ]);
    return { periods, expiring, freezeDays: num(freeze.rows[0]?.n) };
  }

  private async periods(branch: number | null, dates: { from: string; to: string }, period: 'week' | 'month') {
    const { hi } = instantWindow(dates.from, dates.to);
    const step = sql.raw(`'1 ${period}'`);
    const unit = sql.raw(`'${period}'`);
    const from = sql`${dates.from}::date`;
    const to = sql`${dates.to}::date`;
    // On the period's last day, or today for the period under way.
    const p = sql`least(bk.last, subs.today)`;
    const frozenOn = (day: SQL) =>
      sql`coalesce(subs.state = 'FREEZED' and subs.frozen_d <= ${day} and ${day} < subs.frozen_d + subs.freeze_days, false)`;
    const inPeriod = (day: SQL) => sql`${day} between greatest(bk.start, ${from}) and bk.last`;
    const result = await this.db.execute(sql`
      with subs as (
        select s.state, s.start_date::date as start_d, s.end_date::date as end_d, s.frozen_at::date as frozen_d,
          s.freeze_days, ${localDay(sql`s.created_at`)} as sold_d, ${branchToday()} as today
        from subscriptions s join branches b on b.id = s.branch_id
        where ${ofBranch(sql`s.branch_id`, branch)} and s.created_at < ${hi} and s.end_date >= ${dates.from}
      ),
      bk as (
        select g::date as start, least((g + interval ${step} - interval '1 day')::date, ${to}) as last
        from generate_series(date_trunc(${unit}, ${from}), ${to}, interval ${step}) g
      )
      select greatest(bk.start, ${from})::text as period,
        count(subs.*) filter (where ${inPeriod(sql`subs.sold_d`)}) as sold,
        count(subs.*) filter (where subs.state <> 'CANCELLED' and ${inPeriod(sql`subs.end_d`)}) as ended,
        count(subs.*) filter (where subs.state = 'CANCELLED' and ${inPeriod(sql`subs.sold_d`)}) as cancelled,
        count(subs.*) filter (where subs.state <> 'CANCELLED' and subs.sold_d <= ${p} and subs.start_d > ${p}) as waiting,
        count(subs.*) filter (where subs.sold_d <= ${p} and subs.start_d <= ${p} and ${frozenOn(p)}) as frozen,
        count(subs.*) filter (
          where subs.state <> 'CANCELLED' and subs.sold_d <= ${p} and subs.start_d <= ${p} and subs.end_d >= ${p}
            and not ${frozenOn(p)}) as active
      from bk left join subs on true
      group by bk.start, bk.last
      order by bk.start`);
    return result.rows.map((r) => ({
      period: String(r.period),
      sold: num(r.sold),
      ended: num(r.ended),
      cancelled: num(r.cancelled),
      active: num(r.active),
      waiting: num(r.waiting),
      frozen: num(r.frozen),
    }));
  }

  /** Kept subscriptions running out within `days` days from today (today included), soonest first. */
  async expiring(branch: number | null, days: number, limit = EXPIRING_LISTED) {
    // The first `limit` picked on subscriptions alone; only those are joined to their kids and parents.
    const result = await this.db.execute(sql`
      select s.id as subscription_id, s.kid_id, k.name_en as kid_name_en, k.name_ar as kid_name_ar,
        p.name_en as parent_name_en, p.name_ar as parent_name_ar, p.mobile, s.name_en, s.name_ar, s.end_date
      from (select s.* ${this.ending(branch, days)} order by s.end_date, s.id limit ${limit}) s
      join kids k on k.id = s.kid_id join parents p on p.id = k.parent_id
      order by s.end_date, s.id`);
    return result.rows as ResponseInputOf<'report/subscriptions'>['expiring'];
  }

  /** How many kept subscriptions run out within `days` days from today, and the first `shown` of them. */
  async expiringCount(branch: number | null, days: number, shown: number) {
    const [count, rows] = await Promise.all([
      this.db.execute(sql`select count(*) as n ${this.ending(branch, days)}`),
      this.expiring(branch, days, shown),
    ]);
    return { count: num(count.rows[0]?.n), rows };
  }

  private ending(branch: number | null, days: number): SQL {
    return sql`
      from subscriptions s join branches b on b.id = s.branch_id
      where s.state <> 'CANCELLED' and ${ofBranch(sql`s.branch_id`, branch)}
        -- Every branch's today lies within a day of the server's: the index narrows, the branch's clock decides.
        and s.end_date between to_char(current_date - 1, 'YYYY-MM-DD') and to_char(current_date + ${sql.raw(String(days))}, 'YYYY-MM-DD')
        and s.end_date::date between ${branchToday()} and ${branchToday()} + ${sql.raw(String(days - 1))}
        and s.start_date::date <= ${branchToday()}`;
  }
}
