import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf, ResponseInputOf } from '../../../shared/api/catalogue';
import type { UserSummaryRow } from '../../../shared/api/reports';
import { itemBranch } from '../which-branch';
import { instantWindow, localDay, num, ofBranch } from './report-sql';
import { rollupsReady } from './rollups';

type Dates = { from: string; to: string };
type Figures = Omit<UserSummaryRow, 'user'>;

/**
 * What each employee did, read from the records the work left: sign-ins (login_sessions), invoices
 * and credit notes (their roll-ups, by who made them), visits (kid_sessions, kid_room_visits, by who let the
 * kid in or out), overtime decisions and closed shifts. Each is one event of the `ev` set, on the day
 * and at the branch where it happened; an employee's row adds theirs up.
 */
export class UserSummary {
  constructor(private readonly db: Db) {}

  async of(
    ctx: AuthenticatedContext,
    input: ParsedRequestOf<'report/users'>,
  ): Promise<ResponseInputOf<'report/users'>> {
    const branch = await itemBranch(this.db, ctx, input.branch_id);
    const { from, to } = input.dates;
    await rollupsReady(this.db);
    const result = await this.db.execute(sql`
      with ev as (${this.events(branch, input.dates)}),
      mine as (
        select ev.user_id,
          count(*) filter (where ev.what = 'sign_in') as sign_ins,
          coalesce(sum(ev.seconds) filter (where ev.what = 'sign_in'), 0) as seconds,
          coalesce(sum(ev.n) filter (where ev.what = 'invoice'), 0) as sales,
          coalesce(sum(ev.amount) filter (where ev.what = 'invoice'), 0) as sales_amount,
          coalesce(sum(ev.n) filter (where ev.what = 'credit_note'), 0) as credit_notes,
          coalesce(sum(ev.amount) filter (where ev.what = 'credit_note'), 0) as credit_notes_amount,
          count(*) filter (where ev.what = 'check_in') as check_ins,
          count(*) filter (where ev.what = 'check_out') as check_outs,
          count(*) filter (where ev.what = 'room_check_in') as room_check_ins,
          count(*) filter (where ev.what = 'room_check_out') as room_check_outs,
          count(*) filter (where ev.what = 'forgive') as forgiven,
          coalesce(sum(ev.amount) filter (where ev.what = 'forgive'), 0) as forgiven_amount,
          count(*) filter (where ev.what = 'shift') as shifts_closed,
          count(*) filter (where ev.what = 'shift' and ev.amount <> 0) as shifts_off,
          coalesce(sum(ev.amount) filter (where ev.what = 'shift'), 0) as cash_difference
        from ev
        where ev.day between ${from}::date and ${to}::date
        group by ev.user_id
      )
      select u.id, u.name_en, u.name_ar, mine.*
      from users u left join mine on mine.user_id = u.id
      where mine.user_id is not null
        or (u.deleted_at is null and ${branch === null ? sql`true` : sql`u.branch_id = ${branch}`})
      order by u.name_en, u.id`);
    const rows = result.rows.map((r) => ({
      user: { id: num(r.id), name_en: String(r.name_en), name_ar: String(r.name_ar) },
      ...figuresOf(r),
    }));
    return { rows, totals: totalOf(rows) };
  }

  /** Every event of the days asked (a few hours either side: the days are read per row on its branch's clock). */
  private events(branch: number | null, dates: Dates): SQL {
    const { lo, hi } = instantWindow(dates.from, dates.to);
    const during = (moment: SQL) => sql`${moment} >= ${lo} and ${moment} < ${hi}`;
    const at = (column: SQL) => sql`${ofBranch(column, branch)}`;
    return sql`
      -- A sign-in not signed out lasts, as far as anyone knows, until its station last renewed its token.
      select ls.user_id, 'sign_in' as what, ${localDay(sql`ls.login_at`)} as day, 0 as amount,
        extract(epoch from coalesce(ls.logout_at,
          (select max(rt.created_at) from refresh_tokens rt where rt.family_id = ls.id), ls.login_at) - ls.login_at) as seconds,
        1 as n
      from login_sessions ls left join branches b on b.id = ls.branch_id
      where ${during(sql`ls.login_at`)} and ${at(sql`ls.branch_id`)}
      union all
      -- Invoices and credit notes as the roll-ups count them: a row holds its documents (n).
      select r.cashier_id, r.kind, r.day, r.payable, 0, r.sales
      from rollup_sales r
      where r.day between ${dates.from}::date and ${dates.to}::date and ${at(sql`r.branch_id`)}
      union all
      select ks.checked_in_by, 'check_in', ${localDay(sql`ks.checkin_at`)}, 0, 0, 1
      from kid_sessions ks join branches b on b.id = ks.branch_id
      where ${during(sql`ks.checkin_at`)} and ${at(sql`ks.branch_id`)}
      union all
      select ks.checked_out_by, 'check_out', ${localDay(sql`ks.checkout_at`)}, 0, 0, 1
      from kid_sessions ks join branches b on b.id = ks.branch_id
      where ks.checked_out_by is not null and ${during(sql`ks.checkout_at`)} and ${at(sql`ks.branch_id`)}
      union all
      select rv.checked_in_by, 'room_check_in', ${localDay(sql`rv.checkin_at`)}, 0, 0, 1
      from kid_room_visits rv join branches b on b.id = rv.branch_id
      where ${during(sql`rv.checkin_at`)} and ${at(sql`rv.branch_id`)}
      union all
      select rv.checked_out_by, 'room_check_out', ${localDay(sql`rv.checkout_at`)}, 0, 0, 1
      from kid_room_visits rv join branches b on b.id = rv.branch_id
      where rv.checked_out_by is not null and ${during(sql`rv.checkout_at`)} and ${at(sql`rv.branch_id`)}
      union all
      select od.user_id, 'forgive', ${localDay(sql`od.at`)}, od.fee_before, 0, 1
      from overtime_decisions od join kid_sessions ks on ks.id = od.session_id join branches b on b.id = ks.branch_id
      where od.action = 'forgive' and ${during(sql`od.at`)} and ${at(sql`ks.branch_id`)}
      union all
      select cs.user_id, 'shift', ${localDay(sql`cs.closed_at`)}, cs.counted_cash - cs.expected_cash, 0, 1
      from cash_shifts cs join branches b on b.id = cs.branch_id
      where cs.closed_at is not null and ${during(sql`cs.closed_at`)} and ${at(sql`cs.branch_id`)}`;
  }
}

function figuresOf(r: Record<string, unknown>): Figures {
  return {
    signIns: num(r.sign_ins),
    signedInMinutes: Math.round(num(r.seconds) / 60),
    sales: { count: num(r.sales), amount: num(r.sales_amount) },
    creditNotes: { count: num(r.credit_notes), amount: num(r.credit_notes_amount) },
    checkIns: num(r.check_ins),
    checkOuts: num(r.check_outs),
    roomCheckIns: num(r.room_check_ins),
    roomCheckOuts: num(r.room_check_outs),
    forgiven: { count: num(r.forgiven), amount: num(r.forgiven_amount) },
    shiftsClosed: num(r.shifts_closed),
    shiftsOff: num(r.shifts_off),
    cashDifference: num(r.cash_difference),
  };
}

function totalOf(rows: Figures[]): Figures {
  const sum = (pick: (f: Figures) => number) => rows.reduce((n, f) => n + pick(f), 0);
  const pair = (pick: (f: Figures) => { count: number; amount: number }) => ({
    count: sum((f) => pick(f).count),
    amount: sum((f) => pick(f).amount),
  });
  return {
    signIns: sum((f) => f.signIns),
    signedInMinutes: sum((f) => f.signedInMinutes),
    sales: pair((f) => f.sales),
    creditNotes: pair((f) => f.creditNotes),
    checkIns: sum((f) => f.checkIns),
    checkOuts: sum((f) => f.checkOuts),
    roomCheckIns: sum((f) => f.roomCheckIns),
    roomCheckOuts: sum((f) => f.roomCheckOuts),
    forgiven: pair((f) => f.forgiven),
    shiftsClosed: sum((f) => f.shiftsClosed),
    shiftsOff: sum((f) => f.shiftsOff),
    cashDifference: sum((f) => f.cashDifference),
  };
}
