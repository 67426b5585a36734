import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { newFamily } from './families-fixture';
import { branches, kidVisits, subscriptions, users } from '../../server/db/schema';

/**
 * A campaign's rows built from the branch's own families: kids whose pass ends soon, families not seen
 * lately. The server's clock is fixed (noon in Riyadh on 2026-01-15); passes and visits are laid on
 * that calendar, one just inside and one just outside each limit.
 */

const NOON = new Date('2026-01-15T09:00:00Z');

let server: TestServer;
let admin: string;
let cashier: string;
let otherBranch: number;

beforeAll(async () => {
  server = await startTestServer({ now: () => NOON });
  admin = (await server.login()).accessToken;
  otherBranch = (await server.post<{ id: number }>('/branch/create', { name_en: 'Dammam', name_ar: 'الدمام' }, admin))
    .body.data.id;
  await server.database.db.update(branches).set({ time_zone: 'Asia/Riyadh' });
  cashier = await server.staff('0542222333', {
    Sales: { access: true, view: true, create: true, update: false, delete: false },
    FrontDesk: { access: true, view: true, create: true, update: false, delete: false },
  });
  await server.openShift(cashier);
});
afterAll(() => server.close());

type Family = Awaited<ReturnType<typeof newFamily>>;
type Row = { row: number; mobile: string; name: string | null; kid: string | null };
type Audience = { rows: Row[]; opted_out: number; cut: boolean };

const family = (kids = 1) => newFamily(server, { admin, cashier }, kids);

async function audience(body: object) {
  const res = await server.post<Audience>('/promotion/audience', { branch_id: 1, ...body }, admin);
  expect(res.body.status, res.body.message).toBe(true);
  return res.body.data;
}

/** The kid's pass (sold today by the fixture) laid on other dates, state or branch. */
async function pass(kidId: number, change: Partial<typeof subscriptions.$inferInsert>) {
  await server.database.db.update(subscriptions).set(change).where(eq(subscriptions.kid_id, kidId));
}

/** A second pass kept for the kid: a renewal. */
async function renew(kidId: number, start_date: string, end_date: string) {
  const [sold] = await server.database.db.select().from(subscriptions).where(eq(subscriptions.kid_id, kidId));
  const { id: _id, ...rest } = sold!;
  await server.database.db.insert(subscriptions).values({ ...rest, start_date, end_date });
}

/** A visit of the kid checked in at `at` (an hour long) in `branchId`. */
async function visit(f: Family, kidIndex: number, at: string, branchId = 1) {
  const db = server.database.db;
  const kid = f.kids[kidIndex]!.id;
  const [sub] = await db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.kid_id, kid));
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  const checkin = new Date(at);
  await db.insert(kidVisits).values({
    kid_id: kid,
    parent_id: f.parent.id,
    subscription_id: sub!.id,
    branch_id: branchId,
    badge: `V${kid}`,
    checkin_at: checkin,
    checkout_at: new Date(checkin.getTime() + 3_600_000),
    checked_in_by: user!.id,
    daily_limits: 2,
    margin_minutes: '10',
    overtime_price: 0,
  });
}

const optOut = (f: Family) => server.post('/promotion/optout', { parent_id: f.parent.id, opt_out: true }, admin);
const stopList = (f: Family) =>
  server.post('/promotion/optout/import', { mobiles: [f.parent.mobile], branch_id: 1 }, admin);
const mobiles = (a: Audience) => a.rows.map((r) => r.mobile);

describe('kids whose pass ends within N days', () => {
  it('picks the families whose active pass ends from today to N−1 days on, one row each, soonest first', async () => {
    // Today is 2026-01-15; within 7 days: up to 2026-01-21.
    const lastDay = await family(2);
    await pass(lastDay.kids[0]!.id, { start_date: '2026-01-01', end_date: '2026-01-21' });
    await pass(lastDay.kids[1]!.id, { start_date: '2026-01-01', end_date: '2026-01-18' });
    const today = await family();
    await pass(today.kids[0]!.id, { start_date: '2025-12-20', end_date: '2026-01-15' });
    const dayAfter = await family();
    await pass(dayAfter.kids[0]!.id, { start_date: '2026-01-01', end_date: '2026-01-22' });
    const ended = await family();
    await pass(ended.kids[0]!.id, { start_date: '2025-12-01', end_date: '2026-01-14' });
    const cancelled = await family();
    await pass(cancelled.kids[0]!.id, { start_date: '2026-01-01', end_date: '2026-01-17', state: 'CANCELLED' });
    const frozen = await family();
    await pass(frozen.kids[0]!.id, {
      start_date: '2026-01-01',
      end_date: '2026-01-19',
      state: 'FREEZED',
      frozen_at: '2026-01-10',
      freeze_days: 7,
    });
    const notStarted = await family();
    await pass(notStarted.kids[0]!.id, { start_date: '2026-01-16', end_date: '2026-01-20' });
    const renewed = await family();
    await pass(renewed.kids[0]!.id, { start_date: '2026-01-01', end_date: '2026-01-18' });
    await renew(renewed.kids[0]!.id, '2026-01-19', '2026-02-17');
    const elsewhere = await family();
    await pass(elsewhere.kids[0]!.id, { start_date: '2026-01-01', end_date: '2026-01-19', branch_id: otherBranch });

    const found = await audience({ kind: 'pass_ends', days: 7 });
    expect(found.rows).toEqual([
      { row: 1, mobile: today.parent.mobile, name: `Family ${today.n}`, kid: `Kid ${today.n}-0` },
      { row: 2, mobile: lastDay.parent.mobile, name: `Family ${lastDay.n}`, kid: `Kid ${lastDay.n}-1` },
    ]);
    expect(found).toMatchObject({ opted_out: 0, cut: false });
    // One day: only the pass ending today.
    expect(mobiles(await audience({ kind: 'pass_ends', days: 1 }))).toEqual([today.parent.mobile]);
    // The other branch sees its own pass, and none of this branch's.
    expect(mobiles(await audience({ kind: 'pass_ends', days: 7, branch_id: otherBranch }))).toEqual([
      elsewhere.parent.mobile,
    ]);
  });

  it('names parent and kid in Arabic when asked, and leaves out and counts those who opted out', async () => {
    const arabic = await family();
    await pass(arabic.kids[0]!.id, { start_date: '2026-01-01', end_date: '2026-02-10' });
    const wished = await family();
    await pass(wished.kids[0]!.id, { start_date: '2026-01-01', end_date: '2026-02-10' });
    const listed = await family();
    await pass(listed.kids[0]!.id, { start_date: '2026-01-01', end_date: '2026-02-10' });
    expect((await optOut(wished)).body.status).toBe(true);
    expect((await stopList(listed)).body.data).toEqual({ numbers: 1, parents: 1 });

    const found = await audience({ kind: 'pass_ends', days: 30, lang: 'ar' });
    expect(found.rows.find((r) => r.mobile === arabic.parent.mobile)).toMatchObject({ name: 'عائلة', kid: 'طفل' });
    expect(mobiles(found)).not.toContain(wished.parent.mobile);
    expect(mobiles(found)).not.toContain(listed.parent.mobile);
    expect(found.opted_out).toBe(2);
    expect(found.rows.map((r) => r.row)).toEqual(found.rows.map((_, i) => i + 1));
  });
});

describe('families not seen for N days', () => {
  it('picks those whose last visit in this branch was N days ago or earlier, naming the kid of that visit', async () => {
    // 30 days before 2026-01-15 in Riyadh: seen lately from 2025-12-17 00:00 (2025-12-16 21:00 UTC).
    const justInside = await family(2);
    await visit(justInside, 0, '2025-11-01T10:00:00Z');
    await visit(justInside, 1, '2025-12-16T20:59:00Z');
    const justOutside = await family();
    await visit(justOutside, 0, '2025-11-01T10:00:00Z');
    await visit(justOutside, 0, '2025-12-16T21:00:00Z');
    const seenElsewhere = await family();
    await visit(seenElsewhere, 0, '2025-11-02T10:00:00Z');
    await visit(seenElsewhere, 0, '2026-01-14T10:00:00Z', otherBranch);
    const onlyElsewhere = await family();
    await visit(onlyElsewhere, 0, '2025-10-01T10:00:00Z', otherBranch);
    const neverCame = await family();
    const wished = await family();
    await visit(wished, 0, '2025-11-01T10:00:00Z');
    await optOut(wished);

    const found = await audience({ kind: 'not_seen', days: 30 });
    expect(found.rows).toEqual([
      { row: 1, mobile: justInside.parent.mobile, name: `Family ${justInside.n}`, kid: `Kid ${justInside.n}-1` },
      {
        row: 2,
        mobile: seenElsewhere.parent.mobile,
        name: `Family ${seenElsewhere.n}`,
        kid: `Kid ${seenElsewhere.n}-0`,
      },
    ]);
    expect(found.opted_out).toBe(1);
    expect(mobiles(found)).not.toContain(neverCame.parent.mobile);
    // Its own visits only: the other branch has not seen onlyElsewhere since October.
    const there = mobiles(await audience({ kind: 'not_seen', days: 30, branch_id: otherBranch }));
    expect(there).toEqual([onlyElsewhere.parent.mobile]);
  });
});

describe('bad input', () => {
  it('is VALIDATION_FAILED with the field', async () => {
    const cases: [object, string, string][] = [
      [{ kind: 'birthday', days: 7 }, 'kind', 'FIELD_INVALID'],
      [{ days: 7 }, 'kind', 'FIELD_REQUIRED'],
      [{ kind: 'pass_ends' }, 'days', 'FIELD_REQUIRED'],
      [{ kind: 'pass_ends', days: 0 }, 'days', 'FIELD_TOO_SMALL'],
      [{ kind: 'pass_ends', days: 366 }, 'days', 'FIELD_TOO_LARGE'],
      [{ kind: 'pass_ends', days: 1.5 }, 'days', 'FIELD_INVALID'],
      [{ kind: 'pass_ends', days: '7' }, 'days', 'FIELD_INVALID'],
      [{ kind: 'pass_ends', days: 7, lang: 'fr' }, 'lang', 'FIELD_INVALID'],
      // An administrator has no branch of their own: the station's must be named.
      [{ kind: 'pass_ends', days: 7, branch_id: null }, 'branch_id', 'FIELD_REQUIRED'],
    ];
    for (const [body, path, message] of cases) {
      const res = await server.post('/promotion/audience', { branch_id: 1, ...body }, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe('VALIDATION_FAILED');
      expect(res.body.errors, JSON.stringify(body)).toContainEqual({ path, message });
    }
    expect(
      (await server.post('/promotion/audience', { kind: 'pass_ends', days: 7, branch_id: 999 }, admin)).status,
    ).toBe(404);
  });

  it('needs the Promotions right', async () => {
    expect((await server.post('/promotion/audience', { kind: 'pass_ends', days: 7 }, cashier)).status).toBe(403);
  });
});
