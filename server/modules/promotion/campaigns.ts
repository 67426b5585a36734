import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parents, promotionCampaigns, promotionRows } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AuthenticatedContext } from '../../http/context';
import { pageOf } from '../../http/results';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import type { CampaignRowInput, Progress } from '../../../shared/api/promotion';
import { ownerFolder } from '../../../shared/api/files';
import type { FileStore } from '../../files/file-store';
import type { FieldError } from '../../../shared/api/envelope';
import { toE164 } from '../../../shared/domain/mobile';
import { messageLanguage } from '../../../shared/domain/promotion-text';
import { windowAt, type CampaignState, type RowState } from '../../../shared/domain/promotion';
import type { BranchLocales } from '../branches/locales';
import { commandBranch, inDataBranch, workBranch } from '../which-branch';
import type { PromotionSettingsStore } from './settings';
import { optedOutAmong } from './opt-outs';

/** A field error answer lists this many rows at most: enough to find the trouble, not a 100,000-row answer. */
const MAX_ROW_ERRORS = 100;

/** A row ready to store: its mobile in E.164. */
interface ReadyRow {
  row: number;
  mobile: string;
  name: string;
  kid: string;
}

/** What the sender and the screens are told when a campaign changes. */
export type CampaignChanged = (campaign: { id: number; branch_id: number }) => void;

const CAMPAIGN_COLUMNS = {
  id: promotionCampaigns.id,
  branch_id: promotionCampaigns.branch_id,
  created_by: promotionCampaigns.created_by,
  message: promotionCampaigns.message,
  state: promotionCampaigns.state,
  file: promotionCampaigns.file,
  total: promotionCampaigns.total,
  created_at: promotionCampaigns.created_at,
  finished_at: promotionCampaigns.finished_at,
};
type CampaignRow = Omit<typeof promotionCampaigns.$inferSelect, 'skipped'>;

/** Where a manager's word may take a campaign from, and to. */
const MOVES = {
  pause: { from: ['sending', 'waiting'], to: 'paused' },
  resume: { from: ['paused'], to: 'sending' },
  cancel: { from: ['sending', 'waiting', 'paused'], to: 'cancelled' },
} as const satisfies Record<string, { from: readonly CampaignState[]; to: CampaignState }>;
export type CampaignMove = keyof typeof MOVES;

/**
 * Promotion campaigns: stored whole, every row and its state, in one transaction before anything is
 * sent (the sender, server/modules/promotion/sender.ts, takes them from there); their progress, rows
 * and a manager's pause, resume and cancel.
 */
export class PromotionCampaigns {
  constructor(
    private readonly db: Db,
    private readonly locales: BranchLocales,
    private readonly settings: PromotionSettingsStore,
    private readonly now: () => Date,
    private readonly changed: CampaignChanged,
    /** Where a campaign's file was uploaded (spec 7's promotion folder), checked before it is named. */
    private readonly files: Pick<FileStore, 'has'>,
  ) {}

  /** One message: a campaign of one row. A number that opted out is refused here rather than stored skipped. */
  async single(
    ctx: AuthenticatedContext,
    { mobile: typed, parent_id, message, branch_id }: ParsedRequestOf<'promotion/sms'>,
  ) {
    const branchId = await commandBranch(this.db, ctx, branch_id, 'branch_id');
    let row: ReadyRow;
    if (parent_id !== undefined) {
      const [parent] = await this.db
        .select({ mobile: parents.mobile, name_en: parents.name_en, name_ar: parents.name_ar })
        .from(parents)
        .where(and(eq(parents.id, parent_id), isNull(parents.deleted_at)));
      if (!parent) throw new AppError('NOT_FOUND');
      row = { row: 1, mobile: parent.mobile, name: nameFor(message, parent), kid: '' };
    } else {
      row = { row: 1, mobile: await this.locales.mobile(branchId, typed ?? ''), name: '', kid: '' };
    }
    if ((await optedOutAmong(this.db, [row.mobile])).size > 0) throw new AppError('PROMOTION_OPTED_OUT');
    return this.store(ctx, branchId, [row], message, null);
  }

  /** Imported rows: each mobile read in the branch's country (one that is not a mobile refuses the lot). */
  async bulk(ctx: AuthenticatedContext, { rows, message, file, branch_id }: ParsedRequestOf<'promotion/bulksms'>) {
    const branchId = await commandBranch(this.db, ctx, branch_id, 'branch_id');
    const { country } = await this.locales.of(branchId);
    // The file named is one uploaded to this branch's campaign folder, not a name made up or another branch's.
    if (file !== null && !(await this.files.has(ownerFolder('promotion', branchId), file)))
      throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'file', message: 'FIELD_INVALID' }] });
    return this.store(ctx, branchId, readyRows(rows, country), message, file);
  }

  /**
   * Stores the campaign and every row in one transaction: opted-out numbers and a number met again
   * are stored skipped. The rows go in as one statement of arrays, not a statement per row.
   */
  private async store(
    ctx: AuthenticatedContext,
    branchId: number,
    rows: ReadyRow[],
    message: string,
    file: string | null,
  ) {
    const stored = await this.db.transaction(async (tx) => {
      const optedOut = await optedOutAmong(
        tx,
        rows.map((r) => r.mobile),
      );
      const seen = new Set<string>();
      const states: RowState[] = [];
      const causes: (string | null)[] = [];
      for (const r of rows) {
        const cause = optedOut.has(r.mobile) ? 'OPTED_OUT' : seen.has(r.mobile) ? 'DUPLICATE' : null;
        seen.add(r.mobile);
        states.push(cause ? 'skipped' : 'waiting');
        causes.push(cause);
      }
      const skipped = causes.filter((c) => c !== null).length;
      const [campaign] = await tx
        .insert(promotionCampaigns)
        .values({
          branch_id: branchId,
          created_by: ctx.user.id,
          message,
          file,
          total: rows.length,
          skipped,
          // Nothing left to send: done at once.
          ...(skipped === rows.length ? { state: 'done' as const, finished_at: new Date() } : {}),
        })
        .returning({ id: promotionCampaigns.id });
      const id = campaign!.id;
      await tx.execute(sql`
        insert into promotion_rows (campaign_id, row_no, mobile, name, kid, state, cause)
        select ${id}, * from unnest(
          ${sql.param(rows.map((r) => r.row))}::int[], ${sql.param(rows.map((r) => r.mobile))}::text[],
          ${sql.param(rows.map((r) => r.name))}::text[], ${sql.param(rows.map((r) => r.kid))}::text[],
          ${sql.param(states)}::text[], ${sql.param(causes)}::text[])`);
      return { campaign_id: id, total: rows.length, skipped };
    });
    this.changed({ id: stored.campaign_id, branch_id: branchId });
    return stored;
  }

  async list(ctx: AuthenticatedContext, { page, perPage }: ParsedRequestOf<'promotion/campaigns'>) {
    const where = inDataBranch(ctx, promotionCampaigns.branch_id);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(CAMPAIGN_COLUMNS)
        .from(promotionCampaigns)
        .where(where)
        .orderBy(desc(promotionCampaigns.created_at), desc(promotionCampaigns.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(promotionCampaigns).where(where),
    ]);
    return pageOf(await this.withProgress(rows), total?.n ?? 0, page, perPage);
  }

  async one(ctx: AuthenticatedContext, { id, page, perPage, state }: ParsedRequestOf<'promotion/campaign'>) {
    const campaign = await this.find(ctx, id);
    const where = and(eq(promotionRows.campaign_id, id), state ? eq(promotionRows.state, state) : undefined);
    const [rows, [total], [withProgress]] = await Promise.all([
      this.db
        .select({
          id: promotionRows.id,
          row: promotionRows.row_no,
          mobile: promotionRows.mobile,
          name: promotionRows.name,
          kid: promotionRows.kid,
          state: promotionRows.state,
          cause: promotionRows.cause,
          sms_id: promotionRows.sms_id,
        })
        .from(promotionRows)
        .where(where)
        .orderBy(promotionRows.row_no)
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(promotionRows).where(where),
      this.withProgress([campaign]),
    ]);
    return { campaign: withProgress!, rows: pageOf(rows, total?.n ?? 0, page, perPage) };
  }

  /** Pause, resume or cancel; a cancel skips the rows not yet handed over, in the same transaction. */
  async move(ctx: AuthenticatedContext, id: number, move: CampaignMove) {
    const { from, to } = MOVES[move];
    const moved = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(promotionCampaigns)
        .set({ state: to, ...(to === 'cancelled' ? { finished_at: new Date() } : {}) })
        .where(
          and(
            eq(promotionCampaigns.id, id),
            inDataBranch(ctx, promotionCampaigns.branch_id),
            inArray(promotionCampaigns.state, [...from]),
          ),
        )
        .returning(CAMPAIGN_COLUMNS);
      if (row && to === 'cancelled')
        await tx
          .update(promotionRows)
          .set({ state: 'skipped', cause: 'CANCELLED' })
          .where(and(eq(promotionRows.campaign_id, id), eq(promotionRows.state, 'waiting')));
      return row;
    });
    if (!moved) {
      await this.find(ctx, id);
      throw new AppError('CAMPAIGN_NOT_RUNNING');
    }
    this.changed(moved);
    const [withProgress] = await this.withProgress([moved]);
    return withProgress!;
  }

  private async find(ctx: AuthenticatedContext, id: number): Promise<CampaignRow> {
    const [campaign] = await this.db
      .select(CAMPAIGN_COLUMNS)
      .from(promotionCampaigns)
      .where(and(eq(promotionCampaigns.id, id), inDataBranch(ctx, promotionCampaigns.branch_id)));
    if (!campaign) throw new AppError('NOT_FOUND');
    return campaign;
  }

  /** Each campaign with its rows counted by state and, while it waits for its branch's window, until when. */
  private async withProgress(campaigns: CampaignRow[]) {
    if (campaigns.length === 0) return [];
    const counted = await this.db
      .select({ campaign_id: promotionRows.campaign_id, state: promotionRows.state, n: count() })
      .from(promotionRows)
      .where(
        inArray(
          promotionRows.campaign_id,
          campaigns.map((c) => c.id),
        ),
      )
      .groupBy(promotionRows.campaign_id, promotionRows.state);
    const settings = await this.settings.get();
    const window = { start: settings.window_start, end: settings.window_end };
    return Promise.all(
      campaigns.map(async (c) => {
        const by = (state: RowState) => counted.find((r) => r.campaign_id === c.id && r.state === state)?.n ?? 0;
        let waitsUntil: Date | null = null;
        if (c.state === 'sending' || c.state === 'waiting') {
          const open = windowAt(this.now(), (await this.locales.of(c.branch_id)).timeZone, window);
          if (!open.open) waitsUntil = open.opensAt;
        }
        const progress: Progress = {
          total: c.total,
          sent: by('sent'),
          failed: by('failed'),
          unknown: by('unknown'),
          skipped: by('skipped'),
          waiting: by('waiting'),
          sending: by('sending'),
          left: by('waiting') + by('sending'),
          waits_until: waitsUntil?.toISOString() ?? null,
        };
        return { ...c, progress };
      }),
    );
  }

  /** A parent's wish for no promotions, from their profile. */
  async optOut(_ctx: AuthenticatedContext, { parent_id, opt_out }: ParsedRequestOf<'promotion/optout'>) {
    const [row] = await this.db
      .update(parents)
      .set({ promotions_opt_out: opt_out })
      .where(and(eq(parents.id, parent_id), isNull(parents.deleted_at)))
      .returning({ parent_id: parents.id, opt_out: parents.promotions_opt_out });
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  /** A STOP list: its numbers kept (so a family registered later is covered) and the parents among them marked. */
  async importOptOuts(ctx: AuthenticatedContext, { mobiles, branch_id }: ParsedRequestOf<'promotion/optout/import'>) {
    const branchId = branch_id ?? workBranch(ctx);
    const { country } = await this.locales.of(branchId);
    const errors: FieldError[] = [];
    const numbers = new Set<string>();
    for (const [i, typed] of mobiles.entries()) {
      const e164 = toE164(typed, country);
      if (e164) numbers.add(e164);
      else if (errors.length < MAX_ROW_ERRORS) errors.push({ path: `mobiles.${i}`, message: 'INVALID_MOBILE' });
    }
    if (errors.length > 0) throw new AppError('VALIDATION_FAILED', { errors });
    const list = [...numbers];
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`
        insert into promotion_opt_outs (mobile) select * from unnest(${sql.param(list)}::text[])
        on conflict do nothing`);
      const marked = await tx
        .update(parents)
        .set({ promotions_opt_out: true })
        .where(and(inArray(parents.mobile, list), isNull(parents.deleted_at)))
        .returning({ id: parents.id });
      return { numbers: list.length, parents: marked.length };
    });
  }
}

/** The rows with their mobiles in E.164, or VALIDATION_FAILED naming the rows that are not mobiles. */
function readyRows(rows: CampaignRowInput[], country: string): ReadyRow[] {
  const errors: FieldError[] = [];
  const ready: ReadyRow[] = [];
  for (const [i, r] of rows.entries()) {
    const mobile = toE164(r.mobile, country);
    if (mobile) ready.push({ ...r, mobile });
    else if (errors.length < MAX_ROW_ERRORS) errors.push({ path: `rows.${i}.mobile`, message: 'INVALID_MOBILE' });
  }
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', { errors });
  return ready;
}

/** A parent's name in the message's language: the Arabic one in an Arabic message. */
function nameFor(message: string, parent: { name_en: string; name_ar: string }): string {
  return messageLanguage(message) === 'ar' ? parent.name_ar : parent.name_en;
}
