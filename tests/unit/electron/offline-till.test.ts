import { beforeEach, describe, expect, it } from 'vitest';
import { priceCart } from '../../../shared/domain/money';
import { receiptOf } from '../../../shared/domain/receipt';
import { PROBE_FIRST_MS } from '../../../electron/services/offline/link';
import type { OfflineStatus } from '../../../shared/offline-status';
import type { ResponseOf } from '../../../shared/api/catalogue';
import { decodeTaxQr } from '../../fixtures/tax-qr-decoder';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { encodeReceipt } from '../../../electron/services/printing/receipt-printer';
import { defaultSettings } from '../../../electron/platform/ports';
import {
  branch,
  cashier,
  cashierTokens,
  memoryOfflineFiles,
  OfflineServer,
  offlineStation,
  queueSales,
  saleBody,
} from './offline-fakes';

let server: OfflineServer;
let files: ReturnType<typeof memoryOfflineFiles>;
let s: ReturnType<typeof offlineStation>;

/** Waits for a condition the station reaches on its own (a probe answered, a replay done), turn by turn. */
async function until(condition: () => boolean) {
  for (let turn = 0; !condition(); turn++) {
    if (turn > 1000) throw new Error('the station never got there');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const last = (): OfflineStatus | undefined => s.statuses().at(-1);

/** Signed in while online: the numbers reserved, the catalogue cached, the family looked up once. */
async function signedIn() {
  await s.session.save(cashierTokens());
  await s.till.start();
  expect((await s.call('parent/search', { query: 'Huda' })).status).toBe(true);
  expect((await s.call('sale/kidslist', { parent_ids: [41] })).status).toBe(true);
}

/** The server is lost: the next call finds out. */
async function cutOff() {
  server.down = true;
  await s.call('sale/product/list', { getAll: false });
  expect(s.link.online()).toBe(false);
}

/** The server is back: the probe finds it and the station catches up. */
async function backOnline() {
  server.down = false;
  s.timers.fire(PROBE_FIRST_MS);
  await until(() => s.link.online());
  await s.till.settled();
}

const juice = { product: { id: 11, qty: 2 } };
const month = { package: { id: 21 }, kids: [51] };

beforeEach(async () => {
  server = new OfflineServer();
  files = memoryOfflineFiles();
  s = offlineStation(server, files);
  await signedIn();
});

describe('the offline till at sign-in', () => {
  it('reserves its numbers under its station id and caches the catalogue', async () => {
    const [reserve] = server.to('/offline/numbers/reserve');
    expect(reserve?.body).toEqual({ station_id: s.station.stationId(), branch_id: null });
    expect(s.station.stationId()).toMatch(/^[0-9a-f-]{36}$/);
    expect(last()).toMatchObject({
      link: 'online',
      numbersLeft: 50,
      waiting: 0,
      catalogueAt: '2026-05-02T09:30:12.345Z',
    });
    // A restart keeps the id.
    const again = offlineStation(server, files);
    await again.till.start();
    expect(again.station.stationId()).toBe(s.station.stationId());
  });
});

describe('selling offline', () => {
  it('prices from the cache as priceCart does, takes the lowest number, queues it before answering, and its receipt and QR are the sale', async () => {
    await cutOff();
    expect(last()).toMatchObject({ link: 'offline', since: '2026-05-02T09:30:12.345Z' });
    const answer = await s.call('sale/sale/create', saleBody([juice, month]));
    expect(answer).toMatchObject({ status: true, message: 'SALE_KEPT_OFFLINE' });
    const sale = (answer as { data: ResponseOf<'sale/sale/create'> }).data;
    const priced = priceCart([
      { unitPrice: 575, qty: 2, rateBp: 1500, included: 1 },
      { unitPrice: 30_000, qty: 1, rateBp: 1500, included: 1 },
    ]);
    expect(sale).toMatchObject({
      id: -1,
      invoice_no: 100,
      gross: priced.gross,
      vat: priced.vat,
      net: priced.net,
      payable: priced.payable,
    });
    expect(sale.change).toBe(100_000 - priced.payable);
    const [queued] = queueSales(files);
    expect(queued?.request).toMatchObject({
      invoice_no: 100,
      sold_by: cashier.id,
      branch_id: 3,
      station_id: s.station.stationId(),
      sold_at: '2026-05-02T09:30:12.000Z',
    });
    expect(queued?.request.lines.map((l) => [l.product_id, l.package_id, l.kid_ids, l.qty])).toEqual([
      [11, null, null, 2],
      [null, 21, [51], 1],
    ]);
    expect(last()).toMatchObject({ waiting: 1, numbersLeft: 49 });

    const receipt = await s.handlers['pos:offline-receipt']({ id: -1 });
    expect(receipt).toEqual(
      receiptOf({
        sale,
        branch,
        cashier: { name_en: cashier.name_en, name_ar: cashier.name_ar },
      }),
    );
    expect(decodeTaxQr(receipt!.qr)).toEqual({
      sellerName: 'فن بارك | Fun Park',
      vatNumber: '300000000000003',
      timestamp: '2026-05-02T09:30:12Z',
      total: (priced.payable / 100).toFixed(2),
      vatTotal: (priced.vat / 100).toFixed(2),
    });
    // The next sale takes the next number.
    const next = await s.call('sale/sale/create', saleBody([juice]));
    expect(next).toMatchObject({ data: { id: -2, invoice_no: 101 } });
  });

  it("answers the page only once the sale is in the queue file (fsync'd by the append)", async () => {
    await cutOff();
    const append = files.queue.append;
    let release: (() => void) | undefined;
    files.queue.append = (record) => new Promise((done) => (release = () => void append(record).then(done)));
    let answered = false;
    const answer = s.call('sale/sale/create', saleBody([juice])).then((a) => ((answered = true), a));
    await until(() => release !== undefined);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    release!();
    expect(await answer).toMatchObject({ message: 'SALE_KEPT_OFFLINE' });
    expect(queueSales(files)).toHaveLength(1);
  });

  it("prints a queued sale on the thermal printer as its receipt says (drawer as asked); once recorded, the server's", async () => {
    const jobs: Buffer[] = [];
    const printer = createServer((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => {
        if (c.equals(Buffer.from([0x10, 0x04, 0x04]))) socket.write(Buffer.from([0x12]));
        else chunks.push(c);
      });
      socket.on('close', () => jobs.push(Buffer.concat(chunks)));
    });
    await new Promise<void>((done) => printer.listen(0, '127.0.0.1', done));
    const address = `tcp://127.0.0.1:${(printer.address() as AddressInfo).port}`;
    try {
      s = offlineStation(server, files, {
        ...defaultSettings,
        printer: { address, paper: 80, autoPrint: true, drawer: true },
      });
      await signedIn();
      await cutOff();
      await s.call('sale/sale/create', saleBody([juice]));
      expect(await s.handlers['pos:print-receipt']({ saleId: -1, drawer: true })).toEqual({ status: 'printed' });
      await until(() => jobs.length === 1);
      const receipt = await s.handlers['pos:offline-receipt']({ id: -1 });
      expect(jobs[0]).toEqual(encodeReceipt(receipt!, { paper: 80 }, true));
      expect(await s.handlers['pos:print-receipt']({ saleId: -9, drawer: false })).toEqual({
        status: 'failed',
        message: 'NOT_FOUND',
      });

      await backOnline();
      server.on('/sale/receipt/1000', () => ({ status: 404, body: { status: false, message: 'NOT_FOUND' } }));
      await s.handlers['pos:print-receipt']({ saleId: -1, drawer: false });
      expect(server.to('/sale/receipt/1000')).toHaveLength(1);
    } finally {
      printer.close();
    }
  });

  it('answers the cached reads: products, packages, the family looked up', async () => {
    await cutOff();
    expect(await s.call('sale/product/list', { getAll: false })).toMatchObject({ status: true, data: [{ id: 11 }] });
    expect(await s.call('sale/package/list', { getAll: true })).toMatchObject({ status: true, data: [{ id: 21 }] });
    expect(await s.call('parent/search', { query: '+9665000' })).toMatchObject({ status: true, data: [{ id: 41 }] });
    // As typed at the counter, the mobile kept in full (+966…) is still found.
    expect(await s.call('parent/search', { query: '0500000041' })).toMatchObject({ status: true, data: [{ id: 41 }] });
    // A family the station never saw is not "no match" (that would have it registered again).
    expect(await s.call('parent/search', { query: '0599999999' })).toMatchObject({
      status: false,
      message: 'OFFLINE_FAMILY_UNKNOWN',
    });
    expect(await s.call('sale/kidslist', { parent_ids: [41] })).toMatchObject({ status: true, data: [{ id: 51 }] });
    expect(await s.call('sale/kidslist', { parent_ids: [99] })).toMatchObject({
      status: false,
      message: 'OFFLINE_FAMILY_UNKNOWN',
    });
  });

  it.each([
    ['a coupon (its use limit is counted on the server)', saleBody([juice], 100_000, { coupon_id: 4 }), 'NEEDS_SERVER'],
    ['overtime', saleBody([], 100_000, { overtime_session_id: 8 }), 'NEEDS_SERVER'],
    [
      'a family the station never saw',
      saleBody([juice], 100_000, { parentInfo: { parent_id: 99 } }),
      'OFFLINE_FAMILY_UNKNOWN',
    ],
    ['a package for a kid it never saw', saleBody([{ package: { id: 21 }, kids: [99] }]), 'OFFLINE_FAMILY_UNKNOWN'],
    ['a product not in the cache', saleBody([{ product: { id: 404, qty: 1 } }]), 'NOT_FOUND'],
  ])('refuses %s', async (_what, body, key) => {
    await cutOff();
    expect(await s.call('sale/sale/create', body)).toMatchObject({ status: false, message: key });
    expect(queueSales(files)).toHaveLength(0);
    expect(last()).toMatchObject({ waiting: 0, numbersLeft: 50 });
  });

  it('refuses a sale once no number is left, and what needs the server (a check-in, a report) at once', async () => {
    await s.station.holdNumbers(3, [100]);
    await cutOff();
    expect(await s.call('sale/sale/create', saleBody([juice]))).toMatchObject({ status: true });
    expect(await s.call('sale/sale/create', saleBody([juice]))).toMatchObject({
      status: false,
      message: 'OFFLINE_NO_NUMBERS',
    });
    const sent = server.requests.length;
    expect(await s.call('parent/kids/checkin', { parent_id: 41, kids: [{ id: 51 }] })).toMatchObject({
      status: false,
      message: 'NEEDS_SERVER',
    });
    expect(await s.call('coupon/pagelist', {})).toMatchObject({ status: false, message: 'NEEDS_SERVER' });
    expect(server.requests.length).toBe(sent);
  });

  it('does not sell offline a sale sent online whose answer never came (it may be recorded): it stays pending', async () => {
    server.down = true;
    const body = saleBody([juice]);
    expect(await s.call('sale/sale/create', body)).toMatchObject({ status: false, message: 'SERVER_UNREACHABLE' });
    expect(s.link.online()).toBe(false);
    expect(await s.call('sale/sale/create', body)).toMatchObject({ status: false, message: 'SERVER_UNREACHABLE' });
    expect(queueSales(files)).toHaveLength(0);
    // Another cart is the cashier's next sale: that one sells offline.
    expect(await s.call('sale/sale/create', saleBody([month]))).toMatchObject({ message: 'SALE_KEPT_OFFLINE' });
  });

  it('sells offline at once a sale whose connection was refused (the server cannot have it), and nothing stays pending', async () => {
    server.down = 'refused';
    const body = saleBody([juice]);
    expect(await s.call('sale/sale/create', body)).toMatchObject({ status: true, message: 'SALE_KEPT_OFFLINE' });
    expect(s.link.online()).toBe(false);
    expect(queueSales(files)).toHaveLength(1);
    expect(await s.commands.pending('sale/sale/create')).toBeNull();
  });

  it('answers a sale in the queue even if the state file then fails; a restart does not reuse its number', async () => {
    await cutOff();
    const write = files.state.write;
    files.state.write = () => Promise.reject(new Error('disk full'));
    expect(await s.call('sale/sale/create', saleBody([juice]))).toMatchObject({
      message: 'SALE_KEPT_OFFLINE',
      data: { id: -1, invoice_no: 100 },
    });
    files.state.write = write;
    s = offlineStation(server, files);
    await s.session.save(cashierTokens());
    await s.till.start();
    await cutOff();
    expect(await s.call('sale/sale/create', saleBody([juice]))).toMatchObject({ data: { id: -2, invoice_no: 101 } });
  });

  it('survives a restart while offline: the queue, the numbers and the cache are read back', async () => {
    await cutOff();
    await s.call('sale/sale/create', saleBody([juice]));
    const restarted = offlineStation(server, files);
    await restarted.session.save(cashierTokens());
    await restarted.till.start();
    s = restarted;
    await cutOff();
    expect(await s.call('sale/sale/create', saleBody([juice]))).toMatchObject({ data: { id: -2, invoice_no: 101 } });
    expect(await s.till.status()).toMatchObject({ waiting: 2, numbersLeft: 48 });
  });
});

describe('replaying the queue', () => {
  it('sends each sale once, oldest first, under its own key, as printed; recorded ones leave and keep their server id', async () => {
    await cutOff();
    for (let i = 0; i < 3; i++) await s.call('sale/sale/create', saleBody([juice]));
    const keys = queueSales(files).map((q) => q.key);
    await backOnline();
    const sent = server.to('/offline/sale');
    expect(sent.map((r) => r.headers['Idempotency-Key'])).toEqual(keys);
    expect(sent.map((r) => (r.body as { invoice_no: number }).invoice_no)).toEqual([100, 101, 102]);
    expect(new Set(sent.map((r) => r.headers['Idempotency-Key'])).size).toBe(3);
    expect(server.recorded.size).toBe(3);
    expect(last()).toMatchObject({ link: 'online', waiting: 0, stuck: 0 });
    expect(files.lines).toEqual([]);
    expect(s.till.recordedAs(-2)).toBe(1001);
    expect(await s.handlers['pos:offline-receipt']({ id: -2 })).toBeNull();
  });

  it('keeps a refused sale as stuck (never dropped) and goes on with the next; a later change sends it again', async () => {
    await cutOff();
    for (let i = 0; i < 3; i++) await s.call('sale/sale/create', saleBody([juice]));
    server.refuse.set(101, 'NOT_AUTHORISED');
    await backOnline();
    expect([...server.recorded.values()].map((r) => r.invoice_no)).toEqual([100, 102]);
    expect(last()).toMatchObject({ waiting: 1, stuck: 1 });
    server.refuse.clear();
    await s.till.replay();
    expect([...server.recorded.values()].map((r) => r.invoice_no)).toEqual([100, 102, 101]);
    expect(last()).toMatchObject({ waiting: 0, stuck: 0 });
  });

  it('a replay cut off mid-way sends the same key again: the server records each sale once', async () => {
    await cutOff();
    for (let i = 0; i < 3; i++) await s.call('sale/sale/create', saleBody([juice]));
    server.loseAnswerOf = 101;
    server.down = false;
    s.timers.fire(PROBE_FIRST_MS);
    await until(() => server.loseAnswerOf === null && !s.link.online());
    await s.till.settled();
    // 101 was recorded but its answer lost: the link dropped, the rest waits.
    expect(last()).toMatchObject({ link: 'offline', waiting: 2 });
    // A restart from the files (a kill mid-way), then the link back.
    s = offlineStation(server, files);
    await s.session.save(cashierTokens());
    await s.till.start();
    const keys = server
      .to('/offline/sale')
      .map((r) => [(r.body as { invoice_no: number }).invoice_no, r.headers['Idempotency-Key']]);
    const of101 = keys.filter(([n]) => n === 101).map(([, k]) => k);
    expect(of101).toHaveLength(2);
    expect(new Set(of101).size).toBe(1);
    expect([...server.recorded.values()].map((r) => r.invoice_no).sort()).toEqual([100, 101, 102]);
    expect(await s.till.status()).toMatchObject({ waiting: 0 });
  });

  it('waits while nobody is signed in, and sends as whoever signs in next (sold_by says who sold)', async () => {
    await cutOff();
    await s.call('sale/sale/create', saleBody([juice]));
    await s.session.clear();
    await backOnline();
    expect(server.to('/offline/sale')).toHaveLength(0);
    const manager = { ...cashier, id: 9, name_en: 'Mona' };
    await s.session.save(cashierTokens(manager));
    await s.till.start();
    const [sent] = server.to('/offline/sale');
    expect(sent?.headers.Authorization).toBe('Bearer access-9');
    expect(sent?.body).toMatchObject({ sold_by: cashier.id });
  });
});

describe('the numbers held', () => {
  it('are topped up while online once fewer than 20 are left, never handing out a number a queued sale took', async () => {
    await s.station.holdNumbers(3, server.held.slice(0, 20));
    await cutOff();
    await s.call('sale/sale/create', saleBody([juice]));
    const reserves = server.to('/offline/numbers/reserve').length;
    await backOnline();
    expect(server.to('/offline/numbers/reserve')).toHaveLength(reserves + 1);
    expect(s.station.numbers()?.numbers).not.toContain(100);
    expect(s.station.numbers()?.numbers).toHaveLength(50);
  });

  it("of another branch go back before a sign-in of that branch's staff reserves there", async () => {
    const held = s.station.numbers()!.numbers;
    await s.session.save(cashierTokens({ ...cashier, id: 8, branch_id: 4 }));
    await s.till.start();
    expect(server.released).toEqual([held]);
    expect(server.to('/offline/numbers/reserve').at(-1)?.headers.Authorization).toBe('Bearer access-8');
  });

  it('are not asked for again while 20 or more are left', async () => {
    const reserves = server.to('/offline/numbers/reserve').length;
    await s.till.refill();
    expect(server.to('/offline/numbers/reserve')).toHaveLength(reserves);
  });

  it('held but unused go back at sign-out with nothing waiting; with sales waiting they stay', async () => {
    await cutOff();
    await s.call('sale/sale/create', saleBody([juice]));
    server.down = false;
    // Online, but the sale not sent yet: nothing goes back.
    s.link.reached();
    server.refuse.set(100, 'NOT_AUTHORISED');
    await s.till.settled();
    await s.handlers['pos:auth-logout'](null);
    expect(server.released).toEqual([]);

    await s.session.save(cashierTokens());
    server.refuse.clear();
    await s.till.start();
    await s.till.replay();
    expect(await s.till.status()).toMatchObject({ waiting: 0 });
    const held = s.station.numbers()!.numbers;
    await s.handlers['pos:auth-logout'](null);
    expect(server.released).toEqual([held]);
    expect(s.station.numbers()?.numbers).toEqual([]);
  });
});

describe('closing the shift', () => {
  it('is refused while sales wait to be recorded, after trying to send them', async () => {
    await cutOff();
    await s.call('sale/sale/create', saleBody([juice]));
    expect(await s.call('cashup/close', { id: 1, counted_cash: 0 })).toMatchObject({
      status: false,
      message: 'OFFLINE_SALES_WAITING',
    });
    server.down = false;
    s.link.reached();
    await s.till.settled();
    server.on('/cashup/close', () => ({ status: 409, body: { status: false, message: 'SHIFT_CLOSED' } }));
    expect(await s.call('cashup/close', { id: 1, counted_cash: 0 })).toMatchObject({ message: 'SHIFT_CLOSED' });
  });
});

describe('the status', () => {
  it('is pushed on each change, and answered by pos:offline-status', async () => {
    await cutOff();
    await s.call('sale/sale/create', saleBody([juice]));
    await backOnline();
    const seen = s.statuses().map((st) => [st.link, st.waiting, st.numbersLeft]);
    expect(seen).toContainEqual(['offline', 0, 50]);
    expect(seen).toContainEqual(['offline', 1, 49]);
    expect(seen.at(-1)).toEqual(['online', 0, 49]);
    expect(await s.handlers['pos:offline-status'](null)).toEqual(last());
  });
});
