import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { SmsSender } from '../../sms/sms-sender';
import type { Delivery } from '../../sms/sms-gateway';
import type { PromotionSettings } from '../../../shared/api/promotion';
import { promotionalSender, windowAt, type CampaignState, type RowState } from '../../../shared/domain/promotion';
import { promotionWriter } from '../../../shared/domain/promotion-text';
import type { BranchLocales } from '../branches/locales';
import type { CampaignChanged } from './campaigns';
import { rowOptedOut } from './opt-outs';
import type { PromotionSettingsStore } from './settings';

export interface SenderOptions {
  /** Messages a second at most: what the gateway allows. */
  ratePerSecond: number;
  /**
   * A row in `sending` this long has no sender left (its server stopped mid-send): it becomes unknown,
   * never sent again. Longer than the gateway's wait, or a slow answer shows unknown until it comes.
   */
  staleAfterMs: number;
  /** The clock the sending window is read by (a test moves it). */
  now: () => Date;
}

export const DEFAULT_SENDER: Omit<SenderOptions, 'now'> = { ratePerSecond: 10, staleAfterMs: 30_000 };
/** How often the campaigns to send and their windows are looked at again; a new campaign wakes the loop at once. */
const REFRESH_MS = 1_000;
/** How often rows left in `sending` are looked for. */
const SWEEP_MS = 5_000;
/** Answers awaited at once: a gateway slower than the rate must not hold the rate down. */
const MAX_IN_FLIGHT = 8;
/** How often a campaign's progress is told to the stations at most. */
const NOTIFY_MS = 500;

type OpenCampaign = {
  id: number;
  branch_id: number;
  created_by: number;
  message: string;
  /** Its branch's zone, the clock its window is read by. */
  timeZone?: string;
};

type Claimed = {
  id: number;
  campaign_id: number;
  mobile: string;
  name: string;
  kid: string;
  row_no: number;
  opted_out: boolean;
};

/**
 * Sends promotion campaigns in the background: one loop per server. Each row is claimed — marked
 * `sending` and committed, in one statement that skips rows another server holds (FOR UPDATE SKIP
 * LOCKED) — before the gateway is asked, and the answer then sets sent, failed or unknown. No
 * transaction or pooled connection is held while the gateway works. A server stopped mid-send leaves
 * its rows in `sending`; they become unknown once stale, so no number is sent twice and none is lost.
 */
export class PromotionSender {
  private running = false;
  private loop: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | null = null;
  private readonly inFlight = new Set<Promise<void>>();
  private open = new Map<number, OpenCampaign>();
  private settings: PromotionSettings | null = null;
  private refreshAt = 0;
  /** Looks at the campaigns so far; an idle() waiter waits for one that began after it asked. */
  private looks = 0;
  private idleWaiters: { after: number; done: () => void }[] = [];
  private readonly toNotify = new Map<number, number>();
  private notifyTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly sms: SmsSender,
    private readonly locales: BranchLocales,
    private readonly settingsStore: PromotionSettingsStore,
    private readonly changed: CampaignChanged,
    private readonly log: FastifyBaseLogger,
    private readonly options: SenderOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops taking rows and waits for the answers awaited (each then recorded). */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
    await Promise.allSettled(this.inFlight);
    this.flushNotices();
  }

  /** A campaign was stored, resumed or the settings changed: look again now. */
  wake(): void {
    this.refreshAt = 0;
    this.wakeUp?.();
  }

  /**
   * Resolves once the loop has looked at the campaigns again (as of now) and found nothing it may send
   * at this moment: what a test waits for instead of a clock.
   */
  idle(): Promise<void> {
    const after = this.looks;
    this.wake();
    return new Promise((done) => this.idleWaiters.push({ after, done }));
  }

  private async run(): Promise<void> {
    const interval = 1000 / this.options.ratePerSecond;
    let nextAt = 0;
    let sweptAt = 0;
    while (this.running) {
      try {
        if (Date.now() - sweptAt >= SWEEP_MS) {
          await this.sweep();
          sweptAt = Date.now();
        }
        if (Date.now() >= this.refreshAt) await this.refresh();
        if (this.open.size === 0) {
          this.wentIdle();
          await this.sleep(REFRESH_MS);
          continue;
        }
        if (this.inFlight.size >= MAX_IN_FLIGHT) {
          await Promise.race(this.inFlight);
          continue;
        }
        const wait = nextAt - Date.now();
        if (wait > 0) {
          await this.sleep(wait);
          continue;
        }
        // Behind (timers are late, a statement was slow): the rows due since are claimed together, but
        // the credit is a few intervals at most, so the rate holds on average and never bursts far.
        nextAt = Math.max(nextAt, Date.now() - interval * MAX_IN_FLIGHT);
        const due = Math.min(MAX_IN_FLIGHT - this.inFlight.size, 1 + Math.floor((Date.now() - nextAt) / interval));
        const rows = await this.claim(due);
        if (rows.length === 0) {
          await this.finishDone();
          this.wentIdle();
          // Rows still awaiting an answer: their campaign is done once they are in.
          this.refreshAt = 0;
          await (this.inFlight.size > 0 ? Promise.race([...this.inFlight]) : this.sleep(REFRESH_MS));
          continue;
        }
        nextAt += interval * rows.length;
        for (const row of rows) {
          const sending = this.send(row).finally(() => this.inFlight.delete(sending));
          this.inFlight.add(sending);
        }
      } catch (error) {
        // The database away a moment: the loop goes on after a pause, and no row is lost (it is stored).
        this.log.error({ err: error }, 'promotion sender: pass failed');
        await this.sleep(REFRESH_MS);
      }
    }
  }

  private wentIdle(): void {
    const ready = this.idleWaiters.filter((w) => w.after < this.looks);
    this.idleWaiters = this.idleWaiters.filter((w) => w.after >= this.looks);
    for (const w of ready) w.done();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((done) => {
      const timer = setTimeout(() => ((this.wakeUp = null), done()), ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        done();
      };
    });
  }

  /** The campaigns to send and, per branch clock, whether each may send now; each state follows its window. */
  private async refresh(): Promise<void> {
    this.refreshAt = Date.now() + REFRESH_MS;
    this.looks += 1;
    this.settings = await this.settingsStore.get();
    const campaigns = await this.db.execute<OpenCampaign & { state: CampaignState }>(sql`
      select id, branch_id, created_by, message, state from promotion_campaigns
      where state in ('sending', 'waiting') order by id`);
    const open = new Map<number, OpenCampaign>();
    for (const c of campaigns.rows) {
      c.timeZone = (await this.locales.of(c.branch_id)).timeZone;
      const inWindow = this.inWindow(c);
      const state: CampaignState = inWindow ? 'sending' : 'waiting';
      if (state !== c.state) {
        // Only from the state read: a manager's pause or cancel meanwhile stands.
        const moved = await this.db.execute(sql`
          update promotion_campaigns set state = ${state} where id = ${c.id} and state = ${c.state}`);
        if (moved.rowCount) this.changed(c);
      }
      if (inWindow) open.set(c.id, c);
    }
    this.open = open;
  }

  private inWindow(c: OpenCampaign): boolean {
    const s = this.settings;
    if (!s || !c.timeZone) return false;
    return windowAt(this.options.now(), c.timeZone, { start: s.window_start, end: s.window_end }).open;
  }

  /**
   * The next waiting rows (`limit` at most) of sending campaigns whose window is open this very moment
   * (not as of the last look: no row goes out a second past closing), marked `sending` and committed
   * in one statement, in the order of their campaigns and rows. The rows are picked once, in a
   * materialised step: an `IN (… LIMIT n SKIP LOCKED)` may be run again by the plan and take more.
   */
  private async claim(limit: number): Promise<Claimed[]> {
    const inWindow = [...this.open.values()].filter((c) => this.inWindow(c));
    // A window just closed: the next look sets its campaign waiting.
    if (inWindow.length < this.open.size) this.refreshAt = 0;
    if (inWindow.length === 0) return [];
    const ids = sql.param(inWindow.map((c) => c.id));
    const claimed = await this.db.execute<Claimed>(sql`
      with picked as materialized (
        select r.id from promotion_rows r
        join promotion_campaigns c on c.id = r.campaign_id and c.state = 'sending'
        where r.campaign_id = any(${ids}::int[]) and r.state = 'waiting'
        order by r.campaign_id, r.row_no
        limit ${limit}
        for update of r skip locked)
      update promotion_rows set state = 'sending', claimed_at = now()
      from picked where promotion_rows.id = picked.id and promotion_rows.state = 'waiting'
      returning promotion_rows.id, campaign_id, mobile, name, kid, row_no, ${rowOptedOut(sql.raw('promotion_rows.mobile'))} as opted_out`);
    return claimed.rows.sort((a, b) => a.campaign_id - b.campaign_id || a.row_no - b.row_no);
  }

  /** Hands one claimed row to the gateway (a number that opted out since is skipped) and records the answer. */
  private async send(row: Claimed): Promise<void> {
    const campaign = this.open.get(row.campaign_id);
    const settings = this.settings;
    try {
      if (row.opted_out || !campaign || !settings) {
        // A campaign no longer open here (paused, cancelled between the look and the claim) gives its row back.
        await this.record(
          row.id,
          row.opted_out ? { state: 'skipped', cause: 'OPTED_OUT' } : { state: 'waiting', cause: null },
        );
        return;
      }
      // The same writer the screen counts segments with: what it showed is what is sent.
      const written = promotionWriter(campaign.message, { en: settings.opt_out_en, ar: settings.opt_out_ar })(row);
      if (!written.ok) {
        await this.record(row.id, { state: 'failed', cause: written.reason });
        return;
      }
      const delivery = await this.sms.deliver({
        to: row.mobile,
        body: written.text,
        purpose: 'promotion',
        sentBy: campaign.created_by,
        branchId: campaign.branch_id,
        requestId: `promotion-${campaign.id}`,
        sender: (service) => promotionalSender(settings.sender, service),
      });
      await this.record(row.id, { ...outcome(delivery), sms_id: delivery.smsId });
    } catch (error) {
      // Recording failed (the database away): the row stays `sending` and becomes unknown when stale.
      this.log.error({ err: error, row: row.id }, 'promotion sender: a row was not recorded');
    } finally {
      if (campaign) this.notify(campaign);
    }
  }

  /**
   * The row's outcome. An unknown one may still be put right by a late answer (a stale row a slow
   * gateway answered after all); a row already answered is never overwritten.
   */
  private async record(id: number, to: { state: RowState; cause: string | null; sms_id?: number }): Promise<void> {
    await this.db.execute(sql`
      update promotion_rows set state = ${to.state}, cause = ${to.cause}, sms_id = ${to.sms_id ?? null}
      where id = ${id} and state in ('sending', 'unknown')`);
  }

  /** Rows a stopped server left in `sending`: unknown, never sent again. */
  private async sweep(): Promise<void> {
    const swept = await this.db.execute<{ campaign_id: number; branch_id: number }>(sql`
      with stale as (
        update promotion_rows set state = 'unknown', cause = 'INTERRUPTED'
        where state = 'sending' and claimed_at < now() - make_interval(secs => ${this.options.staleAfterMs / 1000})
        returning campaign_id)
      select distinct s.campaign_id, c.branch_id from stale s join promotion_campaigns c on c.id = s.campaign_id`);
    for (const c of swept.rows) this.notify({ id: c.campaign_id, branch_id: c.branch_id });
    if (swept.rows.length > 0) await this.finishDone();
  }

  /** Campaigns with no row left to send or awaiting an answer are done. */
  private async finishDone(): Promise<void> {
    const done = await this.db.execute<{ id: number; branch_id: number }>(sql`
      update promotion_campaigns c set state = 'done', finished_at = now()
      where c.state in ('sending', 'waiting')
        and not exists (select 1 from promotion_rows r where r.campaign_id = c.id and r.state in ('waiting', 'sending'))
      returning id, branch_id`);
    for (const c of done.rows) {
      this.open.delete(c.id);
      this.notify(c);
    }
  }

  /** Tells the stations a campaign moved on, at most every NOTIFY_MS: a row a tenth of a second is no news each. */
  private notify(campaign: { id: number; branch_id: number }): void {
    this.toNotify.set(campaign.id, campaign.branch_id);
    this.notifyTimer ??= setTimeout(() => this.flushNotices(), NOTIFY_MS);
  }

  private flushNotices(): void {
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    for (const [id, branch_id] of this.toNotify) this.changed({ id, branch_id });
    this.toNotify.clear();
  }
}

/** A row's state from the gateway's answer; the outbox keeps the answer itself. */
function outcome(delivery: Delivery): { state: RowState; cause: string | null } {
  switch (delivery.status) {
    case 'sent':
    case 'stored':
      return { state: 'sent', cause: null };
    case 'unknown':
      return { state: 'unknown', cause: delivery.errorCode ?? 'NO_ANSWER' };
    case 'failed':
      return { state: 'failed', cause: delivery.errorCode ?? delivery.failure.toUpperCase() };
  }
}
