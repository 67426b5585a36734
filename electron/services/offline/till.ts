import { randomUUID } from 'node:crypto';
import { catalogue, isEndpointName, isOnceCommand, type EndpointName } from '../../../shared/api/catalogue';
import { isRead } from '../../../shared/api/endpoint';
import { fail, type ApiResult } from '../../../shared/api/envelope';
import { offlineNumbersRelease, offlineNumbersReserve, offlineSale } from '../../../shared/api/offline';
import { commandId } from '../../../shared/api/once';
import { parseAtEdge } from '../../../shared/api/validation';
import { OFFLINE_NUMBERS_REFILL_BELOW } from '../../../shared/domain/offline';
import type { Receipt } from '../../../shared/domain/receipt';
import type { BridgeEvent } from '../../../shared/ipc';
import type { OfflineStatus } from '../../../shared/offline-status';
import type { SettingsStore } from '../../platform/ports';
import type { ApiClient } from '../api-client';
import type { OnceCommands } from '../once-commands';
import type { Session } from '../session';
import { unrefTimer, type Timer } from '../timer';
import { CACHED_READS, cachedAnswer, remembered } from './cache';
import type { Link } from './link';
import { offlineCart, receiptOfQueued, saleOfQueued } from './offline-sale';
import type { QueuedSale } from './records';
import type { OfflineStation } from './station-store';

export interface OfflineTillDeps {
  api: ApiClient;
  session: Session;
  settings: SettingsStore;
  station: OfflineStation;
  link: Link;
  commands: Pick<OnceCommands, 'pending'>;
  emit: (event: BridgeEvent) => void;
  now?: () => Date;
  setTimer?: Timer;
  log?: (message: string, detail?: unknown) => void;
}

/** While online, the catalogue is read again this often, and this long after a change of it. */
const REFRESH_EVERY_MS = 10 * 60_000;
const REFRESH_AFTER_CHANGE_MS = 3_000;
/** A replay that found the server failing tries again after this, doubled each time up to a minute. */
const REPLAY_RETRY_FIRST_MS = 5_000;
const REPLAY_RETRY_MAX_MS = 60_000;
/** The page's sales, which the till sells itself when the server cannot be reached. */
const SALES: ReadonlySet<string> = new Set(['sale/sale/create', 'sale/subscription/create']);
/** The endpoints whose change makes the cached catalogue old. */
const CATALOGUE_TAGS = new Set(['Product', 'Package', 'Lookup', 'Branch']);

/**
 * The offline till of one page's services (issue 28). Online it passes the page's calls on, keeping
 * what it would sell from; once the server cannot be reached it answers them itself: cached reads,
 * sales kept in the station's queue under numbers reserved in advance, and NEEDS_SERVER for the rest.
 * When the server is back the queue is replayed, and the reserve topped up.
 */
export class OfflineTill {
  private readonly now: () => Date;
  private readonly setTimer: Timer;
  private lastStatus = '';
  private userId: number | null = null;
  private refreshTimer: { cancel(): void } | null = null;
  private retryTimer: { cancel(): void } | null = null;
  private retryWait = REPLAY_RETRY_FIRST_MS;
  private readonly unsubscribe: (() => void)[] = [];
  /** The last catch-up (sign-in, link back): what `settled` waits for. */
  private caughtUp: Promise<void> = Promise.resolve();

  constructor(private readonly deps: OfflineTillDeps) {
    this.now = deps.now ?? (() => new Date());
    this.setTimer = deps.setTimer ?? unrefTimer;
    this.unsubscribe.push(
      deps.station.onChange(() => void this.pushStatus().catch((e: unknown) => this.failed('status', e))),
      deps.session.onChange(() => void this.sessionChanged().catch((e: unknown) => this.failed('sign-in', e))),
    );
  }

  /** At start: the files read, and for whoever is still signed in the queue sent and the catalogue read. */
  async start(): Promise<void> {
    await this.deps.station.load();
    await this.sessionChanged();
    await this.pushStatus();
    await this.settled();
  }

  /** Once the last catch-up (a sign-in's, the link's return) is done. */
  async settled(): Promise<void> {
    await this.caughtUp;
  }

  stop(): void {
    for (const off of this.unsubscribe) off();
    this.refreshTimer?.cancel();
    this.retryTimer?.cancel();
    this.deps.link.stop();
  }

  /** The link changed (Link's `changed`): back online, the queue goes and the cache is read again. */
  linkChanged(online: boolean): void {
    void this.pushStatus();
    if (online) this.caughtUp = this.catchUp();
  }

  async status(): Promise<OfflineStatus> {
    await this.deps.station.load();
    const { station, link } = this.deps;
    return {
      link: link.online() ? 'online' : 'offline',
      since: link.since()?.toISOString() ?? null,
      waiting: station.queue().length,
      stuck: station.stuck(),
      numbersLeft: station.numbers()?.numbers.length ?? 0,
      catalogueAt: station.cache().at,
    };
  }

  /**
   * A page's call (`pos:api-call`), sent by `online` when the link is up. A read the server was lost
   * for is answered from the cache; a sale is not sold again offline (it may have reached the server:
   * it stays with its once-command); `cashup/close` waits for the queue.
   */
  async pageCall(name: string, body: unknown, online: () => Promise<ApiResult<unknown>>): Promise<ApiResult<unknown>> {
    if (!isEndpointName(name)) return online();
    await this.deps.station.load();
    if (name === 'cashup/close' && this.deps.station.queue().length > 0) {
      if (this.deps.link.online()) await this.replay();
      if (this.deps.station.queue().length > 0) return fail('OFFLINE_SALES_WAITING');
    }
    if (this.deps.link.online() || (await this.sentOnline(name, body))) {
      const answer = await online();
      if (answer.status) await this.keep(name, body, answer.data);
      if (answer.status || answer.message !== 'SERVER_UNREACHABLE') return answer;
      // Unreachable: a read is answered from the cache, and a sale the server never got (its connection
      // refused: nothing is pending) is sold offline; one that may have reached it stays pending.
      if (!isRead(catalogue[name]) && !(SALES.has(name) && !(await this.sentOnline(name, body)))) return answer;
    }
    return this.offlineAnswer(name, body);
  }

  /** A queued sale's receipt (`id` = -seq); null once recorded, or unknown. */
  async receipt(id: number): Promise<Receipt | null> {
    await this.deps.station.load();
    const sale = this.deps.station.queue().find((s) => s.seq === -id);
    return sale ? receiptOfQueued(sale) : null;
  }

  /** The server's id of a queued sale recorded since, for its receipt. */
  recordedAs(id: number): number | null {
    return this.deps.station.recordedAs(-id);
  }

  /**
   * Before the station signs out: with nothing waiting, the numbers it holds go back to the server,
   * for the branch's next sales to take.
   */
  async beforeSignOut(): Promise<void> {
    const { station, link } = this.deps;
    await station.load();
    const held = station.numbers();
    if (!link.online() || station.queue().length > 0 || !held || held.numbers.length === 0) return;
    const user = await this.deps.session.user();
    if (user) await this.release(user.id, held);
  }

  private async release(userId: number, held: { branch_id: number; numbers: number[] }): Promise<void> {
    if (held.numbers.length === 0) return;
    const { station, api } = this.deps;
    const answer = await api.attempt(
      offlineNumbersRelease,
      { station_id: station.stationId(), branch_id: held.branch_id, numbers: held.numbers },
      randomUUID(),
      userId,
    );
    if (answer.outcome === 'done') await station.dropNumbers(held.branch_id, answer.data.released);
  }

  /** Sends the queue now (and again after any change), as whoever is signed in. */
  replay(): Promise<void> {
    return this.deps.station.replay((sale) => this.sendQueued(sale));
  }

  /** The cached catalogue read again whole; a part the server refuses keeps what was held. */
  async refresh(): Promise<void> {
    const user = await this.deps.session.user();
    if (!user || !this.deps.link.online()) return;
    const { api } = this.deps;
    const branchId = user.branch_id === null ? (await this.deps.settings.load()).stationBranchId : null;
    const [products, packages, taxes, branch, branches, shift] = await Promise.all([
      api.call('sale/product/list', { getAll: true }),
      api.call('sale/package/list', { getAll: true }),
      api.call('tax/list', {}),
      api.call('branch/station', { branch_id: branchId }),
      api.call('branch/list', {}),
      api.call('cashup/current', {}),
    ]);
    const whole = products.status && packages.status && taxes.status && branch.status;
    await this.deps.station.updateCache((cache) => {
      let next = {
        ...cache,
        at: whole ? this.now().toISOString() : cache.at,
        products: products.status ? products.data : cache.products,
        packages: packages.status ? packages.data : cache.packages,
        taxes: taxes.status ? taxes.data : cache.taxes,
        branch: branch.status ? branch.data : cache.branch,
        branches: branches.status ? branches.data : cache.branches,
      };
      if (shift.status) next = remembered(next, 'cashup/current', {}, shift.data, user.id, this.now());
      return next;
    });
  }

  /** The reserve topped up while online: at sign-in (`always`), else once it runs low or is of another branch. */
  async refill(always = false): Promise<void> {
    const { station, api, link, session } = this.deps;
    const user = await session.user();
    if (!user || !link.online()) return;
    const stationBranch = (await this.deps.settings.load()).stationBranchId;
    const branchId = user.branch_id ?? stationBranch;
    const held = station.numbers();
    const low = !held || held.branch_id !== branchId || held.numbers.length < OFFLINE_NUMBERS_REFILL_BELOW;
    if (!always && !low) return;
    // Numbers of another branch (a sign-in of another branch's staff) go back before it reserves here.
    if (held && branchId !== null && held.branch_id !== branchId) await this.release(user.id, held);
    const answer = await api.attempt(
      offlineNumbersReserve,
      { station_id: station.stationId(), branch_id: user.branch_id === null ? stationBranch : null },
      randomUUID(),
      user.id,
    );
    if (answer.outcome !== 'done') return;
    await station.holdNumbers(answer.data.branch_id, answer.data.numbers);
  }

  private async offlineAnswer(name: EndpointName, body: unknown): Promise<ApiResult<unknown>> {
    const selling = SALES.has(name);
    // Check-in, one-time codes, reports, coupons, the cash-up…: the server's, said at once.
    if (!selling && !CACHED_READS.has(name)) return fail('NEEDS_SERVER');
    const parsed = parseAtEdge(catalogue[name].request, body);
    if (!parsed.ok) return fail(parsed.message, { errors: parsed.errors });
    const user = await this.deps.session.user();
    if (!user) return fail('NOT_AUTHORISED');
    if (selling) return this.sellOffline(parsed.data as Parameters<typeof offlineCart>[1]);
    const request = parsed.data as Record<string, unknown>;
    return cachedAnswer(this.deps.station.cache(), name, request, user.id) ?? fail('NEEDS_SERVER');
  }

  /** Sold from the cache under the lowest number held; on the disk (fsync'd) before the page hears of it. */
  private async sellOffline(body: Parameters<typeof offlineCart>[1]): Promise<ApiResult<unknown>> {
    const { station, session, settings } = this.deps;
    const user = (await session.user())!;
    const cache = station.cache();
    const branchId = user.branch_id ?? body.salesData.branch_id ?? (await settings.load()).stationBranchId;
    if (!cache.branch || cache.branch.id !== branchId) return fail('NEEDS_SERVER');
    const cart = offlineCart(cache, body);
    if ('status' in cart) return cart;
    const { parent_id, ...sold } = cart;
    // The receipt's time, and its tax QR's, to the second: as the server prints the recorded sale.
    const soldAt = new Date(Math.floor(this.now().getTime() / 1000) * 1000).toISOString();
    const branch = cache.branch;
    const queued = await station.enqueue(branch.id, (invoiceNo) => ({
      key: randomUUID(),
      request: {
        station_id: station.stationId(),
        branch_id: branch.id,
        invoice_no: invoiceNo,
        sold_at: soldAt,
        sold_by: user.id,
        ...sold,
      },
      cashier: { name_en: user.name_en, name_ar: user.name_ar },
      branch,
      parent_id,
    }));
    if (!queued) return fail('OFFLINE_NO_NUMBERS');
    return { status: true, message: 'SALE_KEPT_OFFLINE', data: saleOfQueued(queued) };
  }

  /** Whether this sale is the once-command still unanswered: it may have reached the server, so it is not sold offline. */
  private async sentOnline(name: EndpointName, body: unknown): Promise<boolean> {
    if (!isOnceCommand(name)) return false;
    const pending = await this.deps.commands.pending(name);
    if (!pending) return false;
    const [now, before] = [body, pending.body].map((b) => parseAtEdge(catalogue[name].request, b));
    return !!now?.ok && !!before?.ok && commandId(name, now.data) === commandId(name, before.data);
  }

  private async sendQueued(sale: QueuedSale): Promise<'recorded' | 'wait' | 'refused'> {
    const user = await this.deps.session.user();
    if (!user || !this.deps.link.online()) return 'wait';
    const answer = await this.deps.api.attempt(offlineSale, sale.request, sale.key, user.id);
    if (answer.outcome === 'unknown') {
      this.retryLater();
      return 'wait';
    }
    this.retryWait = REPLAY_RETRY_FIRST_MS;
    if (answer.outcome === 'refused') {
      await this.deps.station.stuckOn(sale.seq, answer.key);
      return 'refused';
    }
    await this.deps.station.recorded(sale.seq, answer.data.id);
    return 'recorded';
  }

  private retryLater(): void {
    // Offline, the link's return sends it.
    if (!this.deps.link.online() || this.retryTimer) return;
    this.retryTimer = this.setTimer(() => {
      this.retryTimer = null;
      this.replay().catch((e: unknown) => this.failed('replay', e));
    }, this.retryWait);
    this.retryWait = Math.min(this.retryWait * 2, REPLAY_RETRY_MAX_MS);
  }

  /** What a page's successful call leaves in the cache; a change of the catalogue has it read again soon. */
  private async keep(name: EndpointName, body: unknown, data: unknown): Promise<void> {
    const endpoint = catalogue[name];
    if (!isRead(endpoint)) {
      const tags = 'invalidates' in endpoint ? (endpoint.invalidates ?? []) : [];
      if (tags.some((t) => CATALOGUE_TAGS.has(typeof t === 'string' ? t : t.type))) this.refreshSoon();
      return;
    }
    if (name !== 'parent/search' && name !== 'sale/kidslist' && name !== 'cashup/current') return;
    const user = await this.deps.session.user();
    const parsed = parseAtEdge(endpoint.request, body);
    if (!user || !parsed.ok) return;
    const request = parsed.data as Record<string, unknown>;
    await this.deps.station.updateCache((cache) => remembered(cache, name, request, data, user.id, this.now()));
  }

  private refreshSoon(): void {
    this.refreshTimer?.cancel();
    this.refreshTimer = this.setTimer(
      () => void this.regularRefresh().catch((e: unknown) => this.failed('refresh', e)),
      REFRESH_AFTER_CHANGE_MS,
    );
  }

  private async regularRefresh(): Promise<void> {
    this.refreshTimer = this.setTimer(
      () => void this.regularRefresh().catch((e: unknown) => this.failed('refresh', e)),
      REFRESH_EVERY_MS,
    );
    await this.refresh();
  }

  /** A new sign-in: what it may send goes, its catalogue is read and its reserve topped up. */
  private async sessionChanged(): Promise<void> {
    const user = await this.deps.session.user();
    const id = user?.id ?? null;
    if (id === this.userId) return;
    this.userId = id;
    if (id === null) return;
    this.caughtUp = this.catchUp(true);
    await this.caughtUp;
  }

  /** Never fails: it runs on its own (a sign-in, the link back), and what went wrong is logged. */
  private async catchUp(signedIn = false): Promise<void> {
    try {
      await this.replay();
      await this.refill(signedIn);
      this.refreshTimer?.cancel();
      await this.regularRefresh();
    } catch (error) {
      this.failed('catching up', error);
    }
  }

  private failed(what: string, error: unknown): void {
    this.deps.log?.(`offline till: ${what} failed`, String(error));
  }

  private async pushStatus(): Promise<void> {
    const status = await this.status();
    const text = JSON.stringify(status);
    if (text === this.lastStatus) return;
    this.lastStatus = text;
    this.deps.emit({ type: 'offline-status', status });
  }
}
