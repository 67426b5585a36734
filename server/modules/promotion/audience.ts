import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf, ResponseInputOf } from '../../../shared/api/catalogue';
import { MAX_CAMPAIGN_ROWS, MAX_CAMPAIGN_TEXT, type CampaignRow } from '../../../shared/domain/campaign-rows';
import { passEndsWithin, seenLatelyFrom } from '../../../shared/domain/promotion-audience';
import { statusOn, type SubscriptionState } from '../../../shared/domain/subscription';
import { dayIn, startOfDay } from '../../../shared/domain/time-zone';
import type { Language } from '../../../shared/domain/constants';
import type { BranchLocales } from '../branches/locales';
import { commandBranch } from '../which-branch';
import { optedOutAmong } from './opt-outs';

/** A family found, with the kid its row names. */
type Found = {
  parent_id: number;
  mobile: string;
  parent_en: string;
  parent_ar: string;
  kid_en: string | null;
  kid_ar: string | null;
};

/**
 * A campaign's rows from the branch's own families (issue 23). Families belong to the chain, but their
 * visits and passes stay in their branch: only this branch's count.
 */
export class PromotionAudience {
  constructor(
    private readonly db: Db,
    private readonly locales: BranchLocales,
    private readonly now: () => Date,
  ) {}

  async build(
    ctx: AuthenticatedContext,
    { kind, days, lang, branch_id }: ParsedRequestOf<'promotion/audience'>,
  ): Promise<ResponseInputOf<'promotion/audience'>> {
    const branchId = await commandBranch(this.db, ctx, branch_id, 'branch_id');
    const { timeZone } = await this.locales.of(branchId);
    const today = dayIn(timeZone, this.now());
    const found =
      kind === 'pass_ends'
        ? await this.passEnding(branchId, today, days)
        : await this.notSeen(branchId, startOfDay(seenLatelyFrom(today, days), timeZone));
    const optedOut = await optedOutAmong(
      this.db,
      found.map((f) => f.mobile),
    );
    const kept = found.filter((f) => !optedOut.has(f.mobile));
    return {
      rows: kept.slice(0, MAX_CAMPAIGN_ROWS).map((f, i) => toRow(f, i + 1, lang)),
      opted_out: found.length - kept.length,
      cut: kept.length > MAX_CAMPAIGN_ROWS,
    };
  }

  /**
   * Kids whose pass is ACTIVE today and ends within `days` days, soonest first; a kid already renewed
   * (a later pass kept in this branch) is not running out. One row a parent: their first such kid.
   */
  private async passEnding(branchId: number, today: string, days: number): Promise<Found[]> {
    const { from, to } = passEndsWithin(today, days);
    const result = await this.db.execute<
      Found & {
        state: SubscriptionState;
        start_date: string;
        end_date: string;
        frozen_at: string | null;
        freeze_days: number;
      }
    >(sql`
      select p.id as parent_id, p.mobile, p.name_en as parent_en, p.name_ar as parent_ar,
        k.name_en as kid_en, k.name_ar as kid_ar,
        s.state, s.start_date, s.end_date, s.frozen_at, s.freeze_days
      from subscriptions s
      join kids k on k.id = s.kid_id and k.deleted_at is null
      join parents p on p.id = k.parent_id and p.deleted_at is null
      where s.branch_id = ${branchId} and s.state <> 'CANCELLED' and s.end_date between ${from} and ${to}
        and not exists (
          select 1 from subscriptions later
          where later.kid_id = s.kid_id and later.branch_id = s.branch_id and later.state <> 'CANCELLED'
            and later.end_date > s.end_date)
      order by s.end_date, k.id`);
    // Whether a pass is active today is the subscription rule's to say (frozen, not started yet).
    return onePerParent(result.rows.filter((s) => statusOn(s, today) === 'ACTIVE'));
  }

  /** Families with a visit in this branch but none since `since`; their row names the kid of the last visit. */
  private async notSeen(branchId: number, since: Date): Promise<Found[]> {
    const result = await this.db.execute<Found>(sql`
      select p.id as parent_id, p.mobile, p.name_en as parent_en, p.name_ar as parent_ar,
        k.name_en as kid_en, k.name_ar as kid_ar
      from (
        select distinct on (v.parent_id) v.parent_id, v.kid_id, v.checkin_at
        from kid_sessions v where v.branch_id = ${branchId}
        order by v.parent_id, v.checkin_at desc
      ) last
      join parents p on p.id = last.parent_id and p.deleted_at is null
      left join kids k on k.id = last.kid_id and k.deleted_at is null
      where last.checkin_at < ${since.toISOString()}
      order by last.checkin_at desc, p.id`);
    return result.rows;
  }
}

function onePerParent<T extends Found>(rows: readonly T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.parent_id) && seen.add(r.parent_id));
}

/** A name as a file's cell would give it: none when empty, cut where a campaign's text is. */
const cell = (text: string | null): string | null => (text ? text.slice(0, MAX_CAMPAIGN_TEXT) : null);

function toRow(f: Found, row: number, lang: Language): CampaignRow {
  return {
    row,
    mobile: f.mobile,
    name: cell(lang === 'ar' ? f.parent_ar : f.parent_en),
    kid: cell(lang === 'ar' ? f.kid_ar : f.kid_en),
  };
}
