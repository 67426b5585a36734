import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { branches, smsMessages } from '../../server/db/schema';
import type { Delivery, SmsGateway } from '../../server/sms/sms-gateway';
import { SmsSender } from '../../server/sms/sms-sender';
import { PromotionSender } from '../../server/modules/promotion/sender';
import { PromotionSettingsStore } from '../../server/modules/promotion/settings';
import { BranchLocales } from '../../server/modules/branches/locales';
import { io } from 'socket.io-client';
import { REALTIME_PATH, type RealtimePayload } from '../../shared/realtime';
import { MAX_CAMPAIGN_FILE_BYTES } from '../../shared/domain/campaign-rows';
import { excelWorkbook } from '../fixtures/campaign-sheets';

/**
 * Promotion campaigns through the real app and database, the gateway a double that counts what each
 * number received. The sender's pace is the test's own business; no verdict rests on a clock: the
 * window's clock is injected, and waits are for the sender to have looked again (`idle`).
 */

/** Counts every message per number; can hold messages until let go, and runs a hook on each. */
function countingGateway() {
  const received = new Map<string, number>();
  const bodies: { to: string; body: string }[] = [];
  let gate: Promise<void> | null = null;
  let open: () => void = () => {};
  const state = {
    onMessage: (_n: number): void => {},
    hold() {
      gate = new Promise((done) => (open = done));
    },
    release() {
      gate = null;
      open();
    },
  };
  const gateway: SmsGateway = {
    name: 'counting',
    async deliver(to, body): Promise<Delivery> {
      received.set(to, (received.get(to) ?? 0) + 1);
      bodies.push({ to, body });
      state.onMessage(bodies.length);
      if (gate) await gate;
      return { status: 'sent', providerId: `SM${bodies.length}` };
    },
  };
  return { gateway, received, bodies, state };
}

/** 12:00 in Riyadh (UTC+3, no summer time): inside the default 09:00–21:00. */
const NOON = new Date('2026-01-15T09:00:00Z');
/** 21:30 in Riyadh: the window closed; it opens at 09:00 next morning, 06:00 UTC. */
const EVENING = new Date('2026-01-15T18:30:00Z');
const NEXT_OPENING = '2026-01-16T06:00:00.000Z';

const gate = countingGateway();
let clock = NOON;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer({ sms: gate.gateway, now: () => clock, promotion: { ratePerSecond: 400 } });
  await server.database.db.update(branches).set({ time_zone: 'Asia/Riyadh' }).where(eq(branches.id, 1));
  admin = (await server.login()).accessToken;
});
afterAll(() => (gate.state.release(), server.close()));

type Progress = Record<'total' | 'sent' | 'failed' | 'unknown' | 'skipped' | 'waiting' | 'sending' | 'left', number> & {
  waits_until: string | null;
};
type Campaign = { id: number; state: string; progress: Progress };
type Row = { row: number; mobile: string; state: string; cause: string | null; sms_id: number | null };

/** Saudi mobiles in the forms a spreadsheet has them. */
const mobile = (i: number) => `0551${String(i).padStart(6, '0')}`;
const e164 = (i: number) => `+966551${String(i).padStart(6, '0')}`;
const rowsFrom = (first: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ row: i + 2, mobile: mobile(first + i), name: `Name ${i}`, kid: `Kid ${i}` }));

async function bulk(rows: unknown[], message = 'Hello {name}, {kid} is welcome back!') {
  const res = await server.post<{ campaign_id: number; total: number; skipped: number }>(
    '/promotion/bulksms',
    { rows, message, branch_id: 1 },
    admin,
  );
  return res;
}

async function campaign(id: number, page = 1, state?: string) {
  const res = await server.post<{ campaign: Campaign; rows: { rows: Row[]; total: number } }>(
    '/promotion/campaign',
    { id, page, ...(state ? { state } : {}) },
    admin,
  );
  expect(res.body.status, res.body.message).toBe(true);
  return res.body.data;
}

/** Asks again until `check` holds (the test's time-out ends a wait that never does). */
async function until<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const done = (id: number) =>
  until(
    () => campaign(id),
    (c) => c.campaign.state === 'done',
  );

describe('a campaign', () => {
  it('is stored whole, then each of its 300 numbers is sent exactly once, with its placeholders and the opt-out words', async () => {
    const res = await bulk(rowsFrom(0, 300));
    expect(res.body).toMatchObject({ status: true, message: 'MESSAGE_SENT', data: { total: 300, skipped: 0 } });
    const finished = await done(res.body.data.campaign_id);
    expect(finished.campaign.progress).toMatchObject({ total: 300, sent: 300, left: 0, unknown: 0, failed: 0 });
    for (let i = 0; i < 300; i++) expect(gate.received.get(e164(i)), e164(i)).toBe(1);
    expect(gate.bodies.find((b) => b.to === e164(7))?.body).toBe(
      'Hello Name 7, Kid 7 is welcome back!\nSTOP to opt out',
    );
    // Each row names its message in the outbox, recorded as a promotion of the branch.
    const [row] = finished.rows.rows;
    const [sms] = await server.database.db.select().from(smsMessages).where(eq(smsMessages.id, row!.sms_id!));
    expect(sms).toMatchObject({ to: row!.mobile, purpose: 'promotion', status: 'sent', branch_id: 1 });
    expect(finished.rows).toMatchObject({ total: 300 });
    expect(finished.rows.rows).toHaveLength(10);
    const list = await server.post<{ rows: Campaign[] }>('/promotion/campaigns', {}, admin);
    expect(list.body.data.rows[0]).toMatchObject({ id: res.body.data.campaign_id, state: 'done' });
  });

  it('waits while the branch’s window is closed, says until when, and goes on when it opens', async () => {
    // The clock passes 21:00 in Riyadh as the 20th message goes out.
    gate.state.onMessage = () => {
      if (gate.bodies.length >= first + 20) clock = EVENING;
    };
    const first = gate.bodies.length;
    const res = await bulk(rowsFrom(1000, 200));
    const id = res.body.data.campaign_id;
    await until(
      () => campaign(id),
      (c) => c.campaign.state === 'waiting',
    );
    await server.app.promotions.idle();
    const sentBefore = gate.bodies.length - first;
    const waiting = await campaign(id);
    expect(waiting.campaign.progress.waits_until).toBe(NEXT_OPENING);
    // Those in the air when the clock passed 21:00 at most: no row is claimed after it.
    expect(sentBefore).toBeLessThanOrEqual(20 + 8);
    expect(waiting.campaign.progress.left).toBe(200 - sentBefore);
    // The sender looks again and again and sends nothing while the window is shut.
    await server.app.promotions.idle();
    await server.app.promotions.idle();
    expect(gate.bodies.length - first).toBe(sentBefore);
    gate.state.onMessage = () => {};
    clock = new Date('2026-01-16T06:00:00Z');
    const finished = await done(id);
    expect(finished.campaign.progress).toMatchObject({ sent: 200, left: 0, waits_until: null });
    for (let i = 1000; i < 1200; i++) expect(gate.received.get(e164(i))).toBe(1);
    clock = NOON;
  });

  it('pauses and resumes, and a cancel skips what is left; nothing is sent twice', async () => {
    gate.state.hold();
    const first = gate.bodies.length;
    const paused = (await bulk(rowsFrom(2000, 60))).body.data.campaign_id;
    await until(
      async () => gate.bodies.length - first,
      (n) => n > 0,
    );
    expect((await server.post<Campaign>('/promotion/campaign/pause', { id: paused }, admin)).body.data.state).toBe(
      'paused',
    );
    gate.state.release();
    await server.app.promotions.idle();
    await server.app.promotions.idle();
    const whilePaused = gate.bodies.length - first;
    await server.app.promotions.idle();
    expect(gate.bodies.length - first).toBe(whilePaused);
    expect((await campaign(paused)).campaign.progress.waiting).toBe(60 - whilePaused);
    expect((await server.post('/promotion/campaign/resume', { id: paused }, admin)).body.status).toBe(true);
    await done(paused);
    for (let i = 2000; i < 2060; i++) expect(gate.received.get(e164(i))).toBe(1);

    gate.state.hold();
    const before = gate.bodies.length;
    const cancelled = (await bulk(rowsFrom(3000, 60))).body.data.campaign_id;
    await until(
      async () => gate.bodies.length - before,
      (n) => n > 0,
    );
    const answer = await server.post<Campaign>('/promotion/campaign/cancel', { id: cancelled }, admin);
    expect(answer.body.data.state).toBe('cancelled');
    gate.state.release();
    await server.app.promotions.idle();
    const handedOver = gate.bodies.length - before;
    const after = await campaign(cancelled, 1, 'skipped');
    expect(after.rows.total).toBe(60 - handedOver);
    expect(after.rows.rows[0]).toMatchObject({ state: 'skipped', cause: 'CANCELLED' });
    await server.app.promotions.idle();
    expect(gate.bodies.length - before).toBe(handedOver);
    // A cancelled campaign is finished: it cannot be resumed.
    expect((await server.post('/promotion/campaign/resume', { id: cancelled }, admin)).body.message).toBe(
      'CAMPAIGN_NOT_RUNNING',
    );
  });

  it('sent by four servers on one database at once, still reaches each number once', async () => {
    // Three more instances' senders, each with its own gateway, on the same database, as fast as allowed.
    const others = [countingGateway(), countingGateway(), countingGateway()];
    const db = server.database.db;
    const log = server.app.fastify.log;
    const senders = others.map(
      (other) =>
        new PromotionSender(
          db,
          new SmsSender(db, { current: async () => other.gateway }, log),
          new BranchLocales(db),
          new PromotionSettingsStore(db),
          () => {},
          log,
          { ratePerSecond: 1000, staleAfterMs: 30_000, now: () => clock },
        ),
    );
    for (const sender of senders) sender.start();
    try {
      const id = (await bulk(rowsFrom(5000, 600))).body.data.campaign_id;
      await done(id);
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
    }
    for (let i = 5000; i < 5600; i++) {
      const times = [gate, ...others].reduce((n, g) => n + (g.received.get(e164(i)) ?? 0), 0);
      expect(times, e164(i)).toBe(1);
    }
  });

  it('tells the branch’s stations over the realtime connection as it moves on, down to done', async () => {
    const cashier = await server.staff('0501239999', {
      Promotions: { access: true, view: true, create: true, update: true, delete: true },
    });
    const socket = io(server.url, {
      path: REALTIME_PATH,
      auth: { token: cashier },
      transports: ['websocket'],
      reconnection: false,
    });
    try {
      await new Promise<void>((connected) => socket.once('connect', () => connected()));
      const heard: RealtimePayload<'promotion_changed'>[] = [];
      socket.on('promotion_changed', (payload: RealtimePayload<'promotion_changed'>) => heard.push(payload));
      const id = (await bulk(rowsFrom(6000, 30))).body.data.campaign_id;
      await done(id);
      // The last word on it comes after the campaign is done.
      await until(
        async () => heard.filter((h) => h.campaign_id === id).length,
        (n) => n >= 2,
      );
      expect(heard).toContainEqual({ branch_id: 1, campaign_id: id });
    } finally {
      socket.disconnect();
    }
  });

  it('keeps the till answering while the gateway hangs on every message', async () => {
    gate.state.hold();
    const before = gate.bodies.length;
    const id = (await bulk(rowsFrom(4000, 40))).body.data.campaign_id;
    // Every message the sender may await at once is held by the gateway.
    await until(
      async () => gate.bodies.length - before,
      (n) => n >= 8,
    );
    const reads = await Promise.all(Array.from({ length: 12 }, () => server.post('/promotion/campaigns', {}, admin)));
    expect(reads.map((r) => r.status)).toEqual(Array(12).fill(200));
    const parent = await server.post(
      '/parent/create',
      { name_en: 'Busy', name_ar: 'مشغول', mobile: '0559999001' },
      admin,
    );
    expect(parent.body.status, parent.body.message).toBe(true);
    gate.state.release();
    await done(id);
  });
});

describe('opting out', () => {
  it('a parent who opted out is skipped when imported again, and a single message to them is refused', async () => {
    const parent = await server.post<{ id: number }>(
      '/parent/create',
      { name_en: 'Salma', name_ar: 'سلمى', mobile: '0551777001' },
      admin,
    );
    expect(
      (await server.post('/promotion/optout', { parent_id: parent.body.data.id, opt_out: true }, admin)).body.data,
    ).toEqual({ parent_id: parent.body.data.id, opt_out: true });
    // Their profile says so.
    const info = await server.post<{ promotions_opt_out: boolean }>('/parent/info', { id: parent.body.data.id }, admin);
    expect(info.body.data.promotions_opt_out).toBe(true);
    const stop = await server.post('/promotion/optout/import', { mobiles: ['+966 55 177 7002'], branch_id: 1 }, admin);
    expect(stop.body.data).toEqual({ numbers: 1, parents: 0 });
    const before = new Map(gate.received);
    const res = await bulk(
      [
        { row: 2, mobile: '+966551777001', name: 'Salma', kid: '' },
        { row: 3, mobile: '0551777002', name: 'Stop list', kid: '' },
        { row: 4, mobile: '00966551777003', name: 'Welcome', kid: '' },
        { row: 5, mobile: '0551777003', name: 'Again', kid: '' },
        // No kid named in these rows: a message naming none (a row that would read "{kid}" empty is not sent).
      ],
      'Hello {name}!',
    );
    expect(res.body.data).toMatchObject({ total: 4, skipped: 3 });
    const finished = await done(res.body.data.campaign_id);
    expect(finished.rows.rows.map((r) => [r.row, r.state, r.cause])).toEqual([
      [2, 'skipped', 'OPTED_OUT'],
      [3, 'skipped', 'OPTED_OUT'],
      [4, 'sent', null],
      [5, 'skipped', 'DUPLICATE'],
    ]);
    expect(gate.received.get('+966551777001')).toBe(before.get('+966551777001'));
    expect(gate.received.get('+966551777002')).toBe(before.get('+966551777002'));
    expect(gate.received.get('+966551777003')).toBe(1);
    const single = await server.post(
      '/promotion/sms',
      { parent_id: parent.body.data.id, message: 'Hi', branch_id: 1 },
      admin,
    );
    expect(single.body.message).toBe('PROMOTION_OPTED_OUT');
  });

  it("the parent's profile shows their wish, and turning promotions back on lets one reach them", async () => {
    type Found = { id: number; promotions_opt_out: boolean };
    const created = await server.post<Found>(
      '/parent/create',
      { name_en: 'Reem', name_ar: 'ريم', mobile: '0551777011' },
      admin,
    );
    const id = created.body.data.id;
    expect(created.body.data.promotions_opt_out).toBe(false);
    const wish = async () =>
      (await server.post<Found[]>('/parent/search', { query: '0551777011' }, admin)).body.data.find((p) => p.id === id)
        ?.promotions_opt_out;
    await server.post('/promotion/optout', { parent_id: id, opt_out: true }, admin);
    expect(await wish()).toBe(true);
    expect(
      (await server.post('/promotion/sms', { parent_id: id, message: 'Hi', branch_id: 1 }, admin)).body.message,
    ).toBe('PROMOTION_OPTED_OUT');
    await server.post('/promotion/optout', { parent_id: id, opt_out: false }, admin);
    expect(await wish()).toBe(false);
    expect(
      (await server.post('/promotion/sms', { parent_id: id, message: 'Hi', branch_id: 1 }, admin)).body.message,
    ).toBe('MESSAGE_SENT');
  });

  it('one message typed to a mobile is a campaign of one, sent once', async () => {
    const res = await server.post<{ campaign_id: number }>(
      '/promotion/sms',
      { mobile: '055 1888 001', message: 'عرض خاص اليوم', branch_id: 1 },
      admin,
    );
    expect(res.body).toMatchObject({ status: true, message: 'MESSAGE_SENT', data: { total: 1, skipped: 0 } });
    await done(res.body.data.campaign_id);
    expect(gate.received.get('+966551888001')).toBe(1);
    expect(gate.bodies.at(-1)?.body).toBe('عرض خاص اليوم\nلإلغاء الاشتراك أرسل STOP');
  });
});

describe("the campaign's file", () => {
  type Stored = { fileName: string; filePath: string; size: number };
  const upload = (fileName: string, bytes: Buffer, token = admin, owner_id = 1, folder = 'promotion') =>
    server.post<Stored>('/file/upload', { folder, owner_id, fileName, contentBase64: bytes.toString('base64') }, token);

  it('is uploaded to the branch’s promotion folder, kept with the campaign, and downloads as it was', async () => {
    const sheet = await excelWorkbook([
      ['Mobile', 'Name'],
      [mobile(9001), 'سارة'],
    ]);
    const kept = await upload('حملة الصيف.xlsx', sheet);
    expect(kept.body.message).toBe('OK');
    expect(kept.body.data).toMatchObject({ filePath: 'promotion/1', size: sheet.length });
    expect(kept.body.data.fileName).toMatch(/\.xlsx$/);
    const sent = await server.post<{ campaign_id: number }>(
      '/promotion/bulksms',
      { rows: rowsFrom(9001, 1), message: 'Hi {name}', file: kept.body.data.fileName, branch_id: 1 },
      admin,
    );
    expect(sent.body.message).toBe('MESSAGE_SENT');
    const listed = await server.post<{ rows: { id: number; file: string | null; branch_id: number }[] }>(
      '/promotion/campaigns',
      {},
      admin,
    );
    const campaign = listed.body.data.rows.find((c) => c.id === sent.body.data.campaign_id);
    expect(campaign).toMatchObject({ file: kept.body.data.fileName, branch_id: 1 });
    const back = await server.post<{ mime: string; contentBase64: string }>(
      '/file/download',
      { fileName: kept.body.data.fileName, filePath: 'promotion/1' },
      admin,
    );
    expect(back.body.data.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(Buffer.from(back.body.data.contentBase64, 'base64').equals(sheet)).toBe(true);
    // A CSV in UTF-8 is kept too.
    const csv = await upload('parents.csv', Buffer.from('\ufeffMobile,Name\n0551000001,سارة\n'));
    expect(csv.body.data.fileName).toMatch(/^parents-[a-z0-9]{10}\.csv$/);
  });

  it('is refused when it is no spreadsheet, too large, or named without having been uploaded; nothing is stored', async () => {
    const count = async () => (await server.post<{ total: number }>('/promotion/campaigns', {}, admin)).body.data.total;
    const before = await count();
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    expect((await upload('photo.png', png)).body.message).toBe('SHEET_NOT_SPREADSHEET');
    // Named .xlsx, but not a zip; named .csv, but not UTF-8 (Windows-1256 Arabic) or not text.
    expect((await upload('fake.xlsx', Buffer.from('Mobile\n0551000001\n'))).body.message).toBe('SHEET_NOT_SPREADSHEET');
    expect((await upload('old.csv', Buffer.from([0x4d, 0x2c, 0xd3, 0xc7, 0xd1, 0xc9, 0x0a]))).body.message).toBe(
      'SHEET_NOT_SPREADSHEET',
    );
    expect((await upload('bin.csv', Buffer.from([0x4d, 0x00, 0x01, 0x02]))).body.message).toBe('SHEET_NOT_SPREADSHEET');
    // An employee's folder still takes photos and scans only.
    const sheet = await excelWorkbook([['Mobile'], [mobile(1)]]);
    expect((await upload('sheet.xlsx', sheet, admin, 1, 'emp')).body.message).toBe('FILE_TYPE_NOT_ALLOWED');
    const huge = await upload('huge.csv', Buffer.alloc(MAX_CAMPAIGN_FILE_BYTES + 1, 'M\n'));
    expect(huge.status).toBe(400);
    expect(huge.body.errors).toContainEqual({ path: 'contentBase64', message: 'FIELD_TOO_LARGE' });
    // A photo over 5 MB is still refused where photos go.
    const bigPhoto = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload('big.png', bigPhoto, admin, 1, 'emp')).body.errors).toContainEqual({
      path: 'contentBase64',
      message: 'FIELD_TOO_LARGE',
    });
    const madeUp = await server.post(
      '/promotion/bulksms',
      { rows: rowsFrom(9100, 1), message: 'x', file: 'never-uploaded-abcdefghij.xlsx', branch_id: 1 },
      admin,
    );
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.errors).toContainEqual({ path: 'file', message: 'FIELD_INVALID' });
    expect(await count()).toBe(before);
  });

  it('is its branch’s: another branch’s staff can neither read, add to, nor name it; a cashier cannot upload one', async () => {
    const all = { access: true, view: true, create: true, update: true, delete: true };
    const other = (await server.post<{ id: number }>('/branch/create', { name_en: 'Jeddah', name_ar: 'جدة' }, admin))
      .body.data.id;
    const elsewhere = await server.staff('0501239871', { Promotions: all }, other);
    const sheet = await excelWorkbook([['Mobile'], [mobile(1)]]);
    const mine = (await upload('branch1.xlsx', sheet)).body.data.fileName;
    expect((await upload('theirs.xlsx', sheet, elsewhere, 1)).status).toBe(404);
    expect((await server.post('/file/download', { fileName: mine, filePath: 'promotion/1' }, elsewhere)).status).toBe(
      404,
    );
    expect((await server.post('/file/list', { folder: 'promotion', owner_id: 1 }, elsewhere)).status).toBe(404);
    // Their campaign is their branch's: branch 1's file is no file of theirs.
    const named = await server.post(
      '/promotion/bulksms',
      { rows: rowsFrom(9200, 1), message: 'x', file: mine },
      elsewhere,
    );
    expect(named.body.errors).toContainEqual({ path: 'file', message: 'FIELD_INVALID' });
    // Their own folder takes their file.
    expect((await upload('theirs.xlsx', sheet, elsewhere, other)).body.data).toMatchObject({
      filePath: `promotion/${other}`,
    });
    const cashier = await server.staff('0501239872', { Sales: all });
    expect((await upload('c.xlsx', sheet, cashier)).status).toBe(403);
  });
});

describe('bad input', () => {
  it('is VALIDATION_FAILED with the field, and stores nothing', async () => {
    const count = async () => (await server.post<{ total: number }>('/promotion/campaigns', {}, admin)).body.data.total;
    const before = await count();
    const cases: [unknown, string, string][] = [
      [{ rows: [{ row: 2, mobile: '12345', name: '' }], message: 'x' }, 'rows.0.mobile', 'INVALID_MOBILE'],
      [{ rows: rowsFrom(0, 1), message: 'x'.repeat(671) }, 'message', 'FIELD_TOO_LONG'],
      [{ rows: [], message: 'x' }, 'rows', 'FIELD_REQUIRED'],
      [{ rows: [...rowsFrom(0, 1), ...rowsFrom(5, 1)], message: 'x' }, 'rows.1.row', 'FIELD_INVALID'],
      [{ rows: [{ row: 5_000_000, mobile: mobile(1) }], message: 'x' }, 'rows.0.row', 'FIELD_TOO_LARGE'],
      [{ rows: rowsFrom(0, 1), message: 'x', file: '../etc/passwd' }, 'file', 'FIELD_INVALID'],
      // A misspelt placeholder: refused before anything is stored, not failed row by row while sending.
      [{ rows: rowsFrom(0, 1), message: 'Hello {nmae}' }, 'message', 'TEMPLATE_INVALID'],
    ];
    const single: [unknown, string, string][] = [
      [{ message: 'x' }, 'mobile', 'FIELD_REQUIRED'],
      [{ mobile: mobile(1), parent_id: 1, message: 'x' }, 'parent_id', 'FIELD_INVALID'],
      [{ mobile: '12', message: 'x' }, 'mobile', 'INVALID_MOBILE'],
      [{ mobile: mobile(1), message: 'Sale {' }, 'message', 'TEMPLATE_INVALID'],
    ];
    for (const [body, path, message] of single) {
      const res = await server.post('/promotion/sms', { branch_id: 1, ...(body as object) }, admin);
      expect(res.status, path).toBe(400);
      expect(res.body.errors, path).toContainEqual({ path, message });
    }
    const window = { window_start: 600, window_end: 540, sender: 'Play Desk!', opt_out_en: 'STOP', opt_out_ar: '' };
    const settings = await server.post('/settings/promotion/update', window, admin);
    expect(settings.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'sender', message: 'FIELD_INVALID' },
        { path: 'opt_out_ar', message: 'FIELD_REQUIRED' },
      ]),
    );
    for (const [body, path, message] of cases) {
      const res = await server.post('/promotion/bulksms', { branch_id: 1, ...(body as object) }, admin);
      expect(res.status, path).toBe(400);
      expect(res.body.errors, path).toContainEqual({ path, message });
    }
    const tooMany = Array.from({ length: 100_001 }, (_, i) => ({ row: i + 1, mobile: '0551000000' }));
    const res = await server.post('/promotion/bulksms', { rows: tooMany, message: 'x', branch_id: 1 }, admin);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ path: 'rows', message: 'FIELD_TOO_LARGE' });
    expect(await count()).toBe(before);
  });

  it('needs the Promotions right', async () => {
    const all = { access: true, view: true, create: true, update: true, delete: true };
    const cashier = await server.staff('0501231234', { Sales: all });
    expect((await server.post('/promotion/sms', { mobile: mobile(1), message: 'x' }, cashier)).status).toBe(403);
    expect((await server.post('/promotion/campaigns', {}, cashier)).status).toBe(403);
    // An employee with the right but no branch of their own has no branch to send for.
    const branchless = await server.staff('0501231235', { Promotions: all }, null as unknown as number);
    const res = await server.post('/promotion/sms', { mobile: mobile(1), message: 'x' }, branchless);
    expect(res.status).toBe(404);
  });
});
