import { randomUUID } from 'node:crypto';
import type { MessageKey } from '../../../shared/api/keys';
import type { AppendLog, OfflineFiles } from '../../platform/ports';
import {
  emptyOfflineCache,
  emptyOfflineState,
  queueRecordSchema,
  RECORDED_KEPT,
  type OfflineCache,
  type OfflineState,
  type QueuedSale,
} from './records';

/** Lines appended since the queue's file was last rewritten, past which it is rewritten with what waits. */
const COMPACT_AFTER_LINES = 200;

/**
 * What the station's offline till holds on its disk, for every page of the station: its id, the
 * queue of sales sold offline, the invoice numbers it holds and the cache it sells from. Changes are
 * made one at a time, each on the disk before it is told (`onChange`) or answered.
 */
export class OfflineStation {
  private loading: Promise<void> | null = null;
  private id = '';
  private state: OfflineState = emptyOfflineState;
  private cacheDoc: OfflineCache = emptyOfflineCache;
  /** Sales waiting, oldest first. */
  private waiting: QueuedSale[] = [];
  /** Of those, the ones the server refused, with its reason. */
  private readonly refused = new Map<number, string>();
  private linesSinceRewrite = 0;
  private lock: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  private replaying: Promise<void> | null = null;
  private replayAsked = false;

  constructor(
    private readonly files: OfflineFiles,
    private readonly log: (message: string, detail?: unknown) => void = () => undefined,
  ) {}

  /** Reads the files once: the queue as appended, the numbers less those its sales took. */
  load(): Promise<void> {
    this.loading ??= this.read();
    return this.loading;
  }

  private async read(): Promise<void> {
    const stored = await this.files.stationId.read();
    this.id = stored?.id ?? randomUUID();
    if (!stored) await this.files.stationId.write({ id: this.id });
    this.state = (await this.files.state.read()) ?? emptyOfflineState;
    this.cacheDoc = (await this.files.cache.read()) ?? emptyOfflineCache;
    const sales = new Map<number, QueuedSale>();
    const recorded = [...this.state.recorded];
    let lines = 0;
    for (const raw of await this.files.queue.read()) {
      lines++;
      const parsed = queueRecordSchema.safeParse(raw);
      if (!parsed.success) {
        this.log('offline queue: a record of an unknown shape was skipped');
        continue;
      }
      const record = parsed.data;
      if (record.t === 'sale') sales.set(record.seq, record);
      else if (record.t === 'stuck') this.refused.set(record.seq, record.key);
      else if (sales.delete(record.seq)) {
        this.refused.delete(record.seq);
        if (!recorded.some((r) => r.seq === record.seq)) recorded.push({ seq: record.seq, sale_id: record.sale_id });
      }
    }
    this.waiting = [...sales.values()].sort((a, b) => a.seq - b.seq);
    for (const seq of this.refused.keys()) if (!sales.has(seq)) this.refused.delete(seq);
    this.linesSinceRewrite = lines;
    // A sale appended just before a crash may not have been taken off the numbers yet.
    const maxSeq = Math.max(0, ...this.waiting.map((s) => s.seq), ...recorded.map((r) => r.seq));
    this.state = {
      nextSeq: Math.max(this.state.nextSeq, maxSeq + 1),
      numbers: this.withoutTaken(this.state.numbers),
      recorded: recorded.slice(-RECORDED_KEPT),
    };
    await this.files.state.write(this.state);
  }

  stationId(): string {
    return this.id;
  }

  queue(): readonly QueuedSale[] {
    return this.waiting;
  }

  stuck(): number {
    return this.refused.size;
  }

  numbers(): OfflineState['numbers'] {
    return this.state.numbers;
  }

  cache(): OfflineCache {
    return this.cacheDoc;
  }

  /** The server's id of a queued sale recorded since (its receipt is the server's then). */
  recordedAs(seq: number): number | null {
    return this.state.recorded.find((r) => r.seq === seq)?.sale_id ?? null;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Queues a sale under the lowest number held in `branchId` (null: none left): appended to the queue's
   * file and on the disk before this resolves, the number then off the reserve.
   */
  enqueue(
    branchId: number,
    sale: (invoiceNo: number, seq: number) => Omit<QueuedSale, 't' | 'seq'>,
  ): Promise<QueuedSale | null> {
    return this.exclusive(async () => {
      const held = this.state.numbers;
      const invoiceNo = held?.branch_id === branchId ? held.numbers[0] : undefined;
      if (held === null || invoiceNo === undefined) return null;
      const seq = this.state.nextSeq;
      const entry: QueuedSale = { t: 'sale', seq, ...sale(invoiceNo, seq) };
      await this.append(entry);
      this.waiting = [...this.waiting, entry];
      const state = { ...this.state, nextSeq: seq + 1, numbers: { ...held, numbers: held.numbers.slice(1) } };
      // Sold once it is in the queue: the page must hear so (a failure here would have it sold again).
      // The number and place are taken off again from the queue's file at the next start.
      await this.saveState(state).catch((error: unknown) => {
        this.log('offline till: state not saved after a sale', String(error));
        this.state = state;
        this.changed();
      });
      return entry;
    });
  }

  /** The server recorded it: it leaves the queue, its server id kept for its receipt. */
  recorded(seq: number, saleId: number): Promise<void> {
    return this.exclusive(async () => {
      if (!this.waiting.some((s) => s.seq === seq)) return;
      await this.append({ t: 'recorded', seq, sale_id: saleId });
      this.waiting = this.waiting.filter((s) => s.seq !== seq);
      this.refused.delete(seq);
      const recorded = [...this.state.recorded, { seq, sale_id: saleId }].slice(-RECORDED_KEPT);
      await this.saveState({ ...this.state, recorded });
      if (this.waiting.length === 0 || this.linesSinceRewrite > COMPACT_AFTER_LINES) await this.compact();
    });
  }

  /** The server refused it: it stays (counted as stuck) and is sent again after the next change. */
  stuckOn(seq: number, key: MessageKey): Promise<void> {
    return this.exclusive(async () => {
      if (this.refused.get(seq) === key || !this.waiting.some((s) => s.seq === seq)) return;
      await this.append({ t: 'stuck', seq, key });
      this.refused.set(seq, key);
      this.changed();
    });
  }

  /**
   * The numbers the server says this station holds in `branchId`, less those queued sales took: the
   * server holds those for it until they arrive.
   */
  holdNumbers(branchId: number, numbers: number[]): Promise<void> {
    return this.exclusive(() =>
      this.saveState({ ...this.state, numbers: this.withoutTaken({ branch_id: branchId, numbers }) }),
    );
  }

  /** Numbers handed back to the server: no longer this station's. */
  dropNumbers(branchId: number, numbers: number[]): Promise<void> {
    return this.exclusive(async () => {
      const held = this.state.numbers;
      if (held?.branch_id !== branchId) return;
      const gone = new Set(numbers);
      await this.saveState({ ...this.state, numbers: { ...held, numbers: held.numbers.filter((n) => !gone.has(n)) } });
    });
  }

  updateCache(change: (cache: OfflineCache) => OfflineCache): Promise<void> {
    return this.exclusive(async () => {
      this.cacheDoc = change(this.cacheDoc);
      await this.files.cache.write(this.cacheDoc);
      this.changed();
    });
  }

  /**
   * Sends the queue oldest first, one at a time, with `send` (a page's: as whoever is signed in there).
   * `wait` stops it (the server unreachable, nobody signed in); one replay at a time for the station,
   * a replay asked meanwhile looks at the queue again before it stops.
   */
  replay(send: (sale: QueuedSale) => Promise<'recorded' | 'wait' | 'refused'>): Promise<void> {
    this.replayAsked = true;
    this.replaying ??= (async () => {
      try {
        // Awaited first, so that `replaying` is set before the `finally` below can clear it.
        await this.load();
        while (this.replayAsked) {
          this.replayAsked = false;
          for (const sale of this.waiting) if ((await send(sale)) === 'wait') return;
        }
      } finally {
        this.replaying = null;
      }
    })();
    return this.replaying;
  }

  private withoutTaken(numbers: OfflineState['numbers']): OfflineState['numbers'] {
    if (numbers === null) return null;
    const taken = new Set(
      this.waiting.filter((s) => s.request.branch_id === numbers.branch_id).map((s) => s.request.invoice_no),
    );
    return { ...numbers, numbers: [...new Set(numbers.numbers)].filter((n) => !taken.has(n)).sort((a, b) => a - b) };
  }

  private async append(record: Parameters<AppendLog['append']>[0]): Promise<void> {
    await this.files.queue.append(record);
    this.linesSinceRewrite++;
  }

  /** The queue's file rewritten with only what waits (the state, with what was recorded, is saved first). */
  private async compact(): Promise<void> {
    const lines = this.waiting.flatMap((s) => {
      const key = this.refused.get(s.seq);
      return key === undefined ? [s] : [s, { t: 'stuck' as const, seq: s.seq, key }];
    });
    await this.files.queue.rewrite(lines);
    this.linesSinceRewrite = lines.length;
  }

  private async saveState(state: OfflineState): Promise<void> {
    await this.files.state.write(state);
    this.state = state;
    this.changed();
  }

  private exclusive<T>(run: () => Promise<T>): Promise<T> {
    const next = this.lock.then(() => this.load()).then(run);
    this.lock = next.catch(() => undefined);
    return next;
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
