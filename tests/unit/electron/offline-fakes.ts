import { ApiClient } from '../../../electron/services/api-client';
import { Session } from '../../../electron/services/session';
import { OnceCommands } from '../../../electron/services/once-commands';
import { Link } from '../../../electron/services/offline/link';
import { OfflineTill } from '../../../electron/services/offline/till';
import { OfflineStation } from '../../../electron/services/offline/station-store';
import type { QueueRecord } from '../../../electron/services/offline/records';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import {
  defaultSettings,
  ServerUnreachableError,
  type AppendLog,
  type DocumentStore,
  type HttpRequest,
  type OfflineFiles,
} from '../../../electron/platform/ports';
import { offlineSaleRequest } from '../../../shared/api/offline';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { TAX_EXCLUDED, TAX_INCLUDED } from '../../../shared/domain/money';
import type { BridgeEvent, Settings } from '../../../shared/ipc';
import type { OfflineStatus } from '../../../shared/offline-status';
import type { SessionUser } from '../../../shared/permissions';
import { FakeServer, memoryPending, okBody, stationHandlers } from './fakes';

/** A cashier of branch 3, who sells at the till. */
export const cashier: SessionUser = {
  id: 7,
  name_en: 'Sara',
  name_ar: 'سارة',
  mobile: null,
  email: null,
  role: 'cashier',
  branch_id: 3,
  privilege: null,
};
export const cashierTokens = (user: SessionUser = cashier) => ({
  accessToken: `access-${user.id}`,
  refreshToken: 'r',
  user,
});

export const branch: ResponseOf<'branch/station'> = {
  id: 3,
  name_en: 'Fun Park',
  name_ar: 'فن بارك',
  address: 'King Road',
  phone: '+966 11 000',
  vat_number: '300000000000003',
  currency: 'SAR',
  time_zone: 'Asia/Riyadh',
  country: 'SA',
  counts_cash: true,
};
export const products = [
  {
    id: 11,
    name_en: 'Juice',
    name_ar: 'عصير',
    image: null,
    price: 575,
    tax_id: 1,
    included: TAX_INCLUDED,
    branch_id: 3,
    stock: 9,
  },
  {
    id: 12,
    name_en: 'Socks',
    name_ar: 'جوارب',
    image: null,
    price: 1000,
    tax_id: 1,
    included: TAX_EXCLUDED,
    branch_id: null,
    stock: 0,
  },
];
export const packages = [
  {
    id: 21,
    name_en: 'Month',
    name_ar: 'شهر',
    image: null,
    price: 30_000,
    tax_id: 1,
    included: TAX_INCLUDED,
    branch_id: null,
    validity_days: 30,
    daily_limits: 2,
    margin_minutes: '10',
    overtime_price: 2000,
  },
];
export const taxes = [{ id: 1, name_en: 'VAT', name_ar: 'ضريبة', rate_bp: 1500 }];
export const parentRow = {
  id: 41,
  name_en: 'Huda',
  name_ar: 'هدى',
  mobile: '+966500000041',
  email: null,
  identification_id: null,
  identification_number: null,
  nationality_id: null,
  branch_id: 3,
  promotions_opt_out: false,
  created_at: '2026-01-01T00:00:00.000Z',
};
export const kid = {
  id: 51,
  parent_id: 41,
  name_en: 'Omar',
  name_ar: 'عمر',
  birth_date: null,
  gender: null,
  medical_notes: null,
  banned: false,
  vip: false,
  room_id: null,
  image: null,
};

/** The offline files kept in memory; `restart` gives what a new process would read (the queue's lines as written). */
export function memoryOfflineFiles(): OfflineFiles & { lines: unknown[] } {
  const doc = <T>(): DocumentStore<T> => {
    let value: T | null = null;
    return { read: async () => structuredClone(value), write: async (v) => void (value = structuredClone(v)) };
  };
  const lines: unknown[] = [];
  const queue: AppendLog = {
    read: async () => structuredClone(lines),
    append: async (record) => void lines.push(structuredClone(record)),
    rewrite: async (records) => void lines.splice(0, lines.length, ...structuredClone(records)),
  };
  return { stationId: doc(), state: doc(), cache: doc(), queue, lines };
}

type Recorded = { key: string; userId: number; invoice_no: number; id: number };

/**
 * The server's side of the offline till, as the contract says: numbers reserved per station, a sale
 * recorded once per Idempotency-Key, the catalogue as above.
 */
export class OfflineServer extends FakeServer {
  /** Numbers the server holds for the station (the reserve answers all of them). */
  held: number[] = [];
  private nextNumber = 100;
  readonly recorded = new Map<string, Recorded>();
  readonly released: number[][] = [];
  /** Refused with this key (409), by invoice number. */
  refuse = new Map<number, string>();
  /** The next sale is recorded but its answer lost, as if the link dropped on the way back. */
  loseAnswerOf: number | null = null;

  constructor() {
    super();
    this.on('/health', () => okBody({ product: 'PlayDesk', version: '1.0.0' }))
      .on('/sale/product/list', () => okBody(products))
      .on('/sale/package/list', () => okBody(packages))
      .on('/tax/list', () => okBody(taxes))
      .on('/branch/station', () => okBody(branch))
      .on('/branch/list', () => okBody([{ id: 3, name_en: 'Fun Park', name_ar: 'فن بارك' }]))
      .on('/cashup/current', () => okBody(null))
      .on('/parent/search', () => okBody([{ ...parentRow, kids: [{ ...kid, session: null }] }]))
      .on('/sale/kidslist', () => okBody([{ ...kid, subscription: null }]))
      .on('/offline/numbers/reserve', () => {
        while (this.held.length < 50) this.held.push(this.nextNumber++);
        return okBody({ branch_id: 3, numbers: [...this.held] });
      })
      .on('/offline/numbers/release', (req) => {
        const asked = (req.body as { numbers: number[] }).numbers;
        const released = asked.filter((n) => this.held.includes(n));
        this.held = this.held.filter((n) => !released.includes(n));
        this.released.push(released);
        return okBody({ released });
      })
      .on('/offline/sale', (req) => this.record(req));
  }

  private record(req: HttpRequest) {
    const key = req.headers['Idempotency-Key']!;
    const sale = offlineSaleRequest.parse(req.body);
    const refusal = this.refuse.get(sale.invoice_no);
    if (refusal) return { status: 409, body: { status: false, message: refusal } };
    let done = this.recorded.get(key);
    if (!done) {
      done = {
        key,
        userId: Number(req.headers.Authorization?.replace('Bearer access-', '')),
        invoice_no: sale.invoice_no,
        id: 1000 + this.recorded.size,
      };
      this.recorded.set(key, done);
      this.held = this.held.filter((n) => n !== sale.invoice_no);
    }
    if (this.loseAnswerOf === sale.invoice_no) {
      this.loseAnswerOf = null;
      throw new ServerUnreachableError(new Error('ECONNRESET'));
    }
    const { station_id: _s, invoice_no, sold_at, sold_by, lines, totals, payments } = sale;
    return okBody(
      {
        id: done.id,
        branch_id: 3,
        invoice_no,
        kind: 'invoice',
        original_id: null,
        original_invoice_no: null,
        cancelled_at: null,
        cashier_id: sold_by,
        coupon_id: null,
        parent_id: null,
        ...totals,
        ...payments,
        created_at: sold_at,
        lines,
        subscriptions: [],
        notes: [],
      },
      'OFFLINE_SALE_RECORDED',
    );
  }
}

/** A timer stepped by hand: `fire` runs what is due. */
export function manualTimers() {
  const pending: { run: () => void; ms: number; cancelled: boolean }[] = [];
  return {
    pending,
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms, cancelled: false };
      pending.push(timer);
      return { cancel: () => void (timer.cancelled = true) };
    },
    /** Runs the timers set so far that wait `ms` (or any, without it). */
    fire(ms?: number) {
      const due = pending.filter((t) => !t.cancelled && (ms === undefined || t.ms === ms));
      for (const t of due) {
        t.cancelled = true;
        t.run();
      }
      return due.length;
    },
  };
}

/** One station's services over `server` and `files`, with the offline till, as compose builds them. */
export function offlineStation(
  server: FakeServer,
  files: OfflineFiles,
  stationSettings: Settings = defaultSettings,
  now = () => new Date('2026-05-02T09:30:12.345Z'),
) {
  const events: BridgeEvent[] = [];
  const emit = (event: BridgeEvent) => void events.push(event);
  const timers = manualTimers();
  const session = new Session(new MemorySecretStore());
  const station = new OfflineStation(files);
  const link = new Link({
    probe: (): Promise<unknown> => api.call('health', {}),
    changed: (online) => till.linkChanged(online),
    setTimer: timers.setTimer,
    now,
  });
  const api: ApiClient = new ApiClient({
    transport: server,
    session,
    serverUrl: () => 'http://server.test',
    emit,
    link,
  });
  const commands = new OnceCommands(api, session, memoryPending());
  const settings = { load: async () => stationSettings, save: async () => {} };
  const till = new OfflineTill({
    api,
    session,
    settings,
    station,
    link,
    commands,
    emit,
    now,
    setTimer: timers.setTimer,
  });
  const handlers = stationHandlers(api, session, { settings, commands, offline: till, emit });
  const call = (name: string, body: unknown) => handlers['pos:api-call']({ name, body });
  const statuses = () => events.flatMap((e) => (e.type === 'offline-status' ? [e.status as OfflineStatus] : []));
  return { session, station, link, api, commands, till, handlers, call, events, statuses, timers };
}

/** A cash sale of `cart` as the till's page sends it. */
export const saleBody = (cart: unknown[], cash = 100_000, extra: Record<string, unknown> = {}) => ({
  cart,
  salesData: { payments: { cash, pos: 0 } },
  ...extra,
});

export const queueSales = (files: { lines: unknown[] }) =>
  (files.lines as QueueRecord[]).filter((r): r is Extract<QueueRecord, { t: 'sale' }> => r.t === 'sale');
