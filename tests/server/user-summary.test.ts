import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { newFamily } from './families-fixture';
import {
  branches,
  cashShifts,
  kidRoomStays,
  kidVisits,
  loginSessions,
  overtimeDecisions,
  refreshTokens,
  sales,
  users,
} from '../../server/db/schema';
import type { UserSummaryRow } from '../../shared/api/reports';

/**
 * The user summary against figures worked out by hand. Two branches on Riyadh time (UTC+3): Asma sells,
 * refunds, runs the door and cashes up short at the main branch; Badr sells and cashes up over at the
 * Mall. Everything is then moved to 5 May 2026, one of Badr's closes to 00:01 on the 6th.
 */
let server: TestServer;
let admin: string;
let asma: { token: string; id: number };
let badr: { token: string; id: number };
let mainManager: string;
let mallManager: string;
let mall: number;

const ALL = { access: true, view: true, create: true, update: true, delete: true };
const VIEW = { access: true, view: true, create: false, update: false, delete: false };
const D = '2026-05-05';
const at = (time: string, day = D) => new Date(`${day}T${time}Z`);

type Summary = { rows: UserSummaryRow[]; totals: Omit<UserSummaryRow, 'user'> };
const summary = async (token: string, from: string, to: string, branch_id?: number) => {
  const res = await server.post<Summary>('/report/users', { dates: { from, to }, branch_id }, token);
  expect(res.body.message).toBe('OK');
  return res.body.data;
};
const rowOf = (s: Summary, id: number) => {
  const { user, ...figures } = s.rows.find((r) => r.user.id === id)!;
  expect(user.id).toBe(id);
  return figures;
};

const nothing = {
  signIns: 0,
  signedInMinutes: 0,
  sales: { count: 0, amount: 0 },
  creditNotes: { count: 0, amount: 0 },
  checkIns: 0,
  checkOuts: 0,
  roomCheckIns: 0,
  roomCheckOuts: 0,
  forgiven: { count: 0, amount: 0 },
  shiftsClosed: 0,
  shiftsOff: 0,
  cashDifference: 0,
};

async function employee(mobile: string, name: string, features: object, branch?: number) {
  const token = await server.staff(mobile, features, branch);
  const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
  await server.database.db.update(users).set({ name_en: name }).where(eq(users.id, row!.id));
  return { token, id: row!.id };
}

async function ok<T>(path: string, body: object, token: string, message = 'OK') {
  const res = await server.post<T>(path, body, token);
  expect(res.body.message).toBe(message);
  return res.body.data;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
  const db = server.database.db;
  await db.update(branches).set({ time_zone: 'Asia/Riyadh' }).where(eq(branches.id, 1));
  mall = (
    await ok<{ id: number }>('/branch/create', { name_en: 'Mall', name_ar: 'المول', time_zone: 'Asia/Riyadh' }, admin)
  ).id;
  asma = await employee('0548000001', 'Asma', { Sales: ALL, Invoices: ALL, FrontDesk: ALL });
  badr = await employee('0548000002', 'Badr', { Sales: ALL, Invoices: ALL }, mall);
  mainManager = (await employee('0548000003', 'Main manager', { Reports: VIEW })).token;
  mallManager = (await employee('0548000004', 'Mall manager', { Reports: VIEW }, mall)).token;
  const juice = (
    await ok<{ id: number }>(
      '/product/create',
      { name_en: 'Juice', name_ar: 'عصير', price: 1150, tax_id: 1, included: 1 },
      admin,
    )
  ).id;
  await ok('/product/addstock', { id: juice, qty: 100 }, admin, 'STOCK_UPDATED');
  const sell = (token: string, qty: number, payments: object) =>
    ok<{ id: number }>(
      '/sale/sale/create',
      { cart: [{ product: { id: juice, qty } }], salesData: { payments } },
      token,
      'SALES_COMPLETED',
    );

  // Asma: float 100.00; a play pass 50.00, two juices 23.00 and one 11.50 she cancels, all in cash.
  const asmaShift = await ok<{ id: number }>('/cashup/open', { opening_float: 10000 }, asma.token);
  const family = await newFamily(server, { admin, cashier: asma.token }, 1, { overtimePrice: 2000 });
  await sell(asma.token, 2, { cash: 2300 });
  const cancelled = await sell(asma.token, 1, { cash: 1150 });
  await ok('/sale/cancelinvoice', { id: cancelled.id }, asma.token, 'INVOICE_CANCELLED');
  // She lets the kid in and out after four hours on a two-hour pass, and forgives the 2 × 20.00 overtime.
  const [visit] = await ok<{ id: number }[]>(
    '/parent/kids/checkin',
    { parent_id: family.parent.id, badge: 'U-1', kidsList: [family.kids[0]!.id] },
    asma.token,
    'CHECKIN_DONE',
  );
  await db
    .update(kidVisits)
    .set({ checkin_at: new Date(Date.now() - 240 * 60_000) })
    .where(eq(kidVisits.id, visit!.id));
  await server.post('/parent/kids/checkout', { ids: [family.kids[0]!.id] }, asma.token);
  const forgiven = await ok<{ overtime_fee: number }>(
    '/kids/session/fee',
    { session_id: visit!.id, action: 'forgive', reason: 'Birthday' },
    asma.token,
  );
  expect(forgiven.overtime_fee).toBe(0);
  // Expected 100.00 + 50.00 + 23.00 + 11.50 − 11.50 = 173.00; she counts 170.00: short by 3.00.
  await ok('/cashup/close', { id: asmaShift.id, counted_cash: 17000 }, asma.token);
  // And took the kid into a room on the way (the room's own records, as a supervisor's check-in leaves them).
  const room = await ok<{ id: number }>('/room/create', { name_en: 'Slides', name_ar: 'زحاليق', branch_id: 1 }, admin);
  await db.insert(kidRoomStays).values({
    kid_id: family.kids[0]!.id,
    room_id: room.id,
    branch_id: 1,
    session_id: visit!.id,
    checkin_at: at('07:00:00'),
    checkout_at: at('08:00:00'),
    checked_in_by: asma.id,
    checked_out_by: asma.id,
  });

  // Badr at the Mall: float 50.00; three juices by card (34.50) and one in cash (11.50); counts 62.00: over by 0.50.
  const badrShift = await ok<{ id: number }>('/cashup/open', { opening_float: 5000 }, badr.token);
  await sell(badr.token, 3, { pos: 3450, pos_reference: 'R1' });
  await sell(badr.token, 1, { cash: 1150 });
  await ok('/cashup/close', { id: badrShift.id, counted_cash: 6200 }, badr.token);

  // All of it on 5 May; Badr's close at 00:01 on the 6th on the Mall's clock.
  await db
    .update(sales)
    .set({ created_at: at('09:00:00') })
    .where(inArray(sales.cashier_id, [asma.id, badr.id]));
  await db
    .update(kidVisits)
    .set({ checkin_at: at('06:00:00'), checkout_at: at('10:00:00') })
    .where(eq(kidVisits.id, visit!.id));
  await db
    .update(overtimeDecisions)
    .set({ at: at('10:05:00') })
    .where(eq(overtimeDecisions.session_id, visit!.id));
  await db
    .update(cashShifts)
    .set({ opened_at: at('05:00:00'), closed_at: at('20:59:00') })
    .where(eq(cashShifts.id, asmaShift.id));
  await db
    .update(cashShifts)
    .set({ opened_at: at('06:00:00'), closed_at: at('21:01:00') })
    .where(eq(cashShifts.id, badrShift.id));
  // Asma: signed in at 08:00 and never out, her station's token last renewed at 16:30 (8 h 30 min), and an
  // earlier sign-in 01:00–02:30 (1 h 30 min). Badr: 09:00–17:00 (8 h).
  const [asmaSignIn] = await db.select().from(loginSessions).where(eq(loginSessions.user_id, asma.id));
  await db
    .update(loginSessions)
    .set({ login_at: at('05:00:00') })
    .where(eq(loginSessions.id, asmaSignIn!.id));
  await db
    .update(refreshTokens)
    .set({ created_at: at('13:30:00') })
    .where(eq(refreshTokens.family_id, asmaSignIn!.id));
  await db.insert(loginSessions).values({
    user_id: asma.id,
    branch_id: 1,
    login_at: at('22:00:00', '2026-05-04'),
    logout_at: at('23:30:00', '2026-05-04'),
  });
  await db
    .update(loginSessions)
    .set({ login_at: at('06:00:00'), logout_at: at('14:00:00') })
    .where(eq(loginSessions.user_id, badr.id));
});
afterAll(() => server.close());

const asmaOn5May = {
  signIns: 2,
  signedInMinutes: 600,
  sales: { count: 3, amount: 8450 },
  creditNotes: { count: 1, amount: -1150 },
  checkIns: 1,
  checkOuts: 1,
  roomCheckIns: 1,
  roomCheckOuts: 1,
  forgiven: { count: 1, amount: 4000 },
  shiftsClosed: 1,
  shiftsOff: 1,
  cashDifference: -300,
};
const badrOn5And6May = {
  ...nothing,
  signIns: 1,
  signedInMinutes: 480,
  sales: { count: 2, amount: 4600 },
  shiftsClosed: 1,
  shiftsOff: 1,
  cashDifference: 50,
};

describe('the user summary', () => {
  it('counts per employee sign-ins and hours, sales and credit notes apart, the door, overtime forgiven and the cash-up', async () => {
    const main = await summary(mainManager, D, D);
    expect(rowOf(main, asma.id)).toEqual(asmaOn5May);
    // The branch's employees are listed even with nothing done; the Mall's Badr is not.
    expect(main.rows.map((r) => r.user.name_en)).toEqual(expect.arrayContaining(['Asma', 'Main manager']));
    expect(main.rows.find((r) => r.user.id === badr.id)).toBeUndefined();
    expect(main.totals).toEqual(asmaOn5May);
  });

  it('counts each thing on its branch’s day: a close at 00:01 belongs to the next day', async () => {
    expect(rowOf(await summary(mallManager, D, D), badr.id)).toEqual({
      ...badrOn5And6May,
      shiftsClosed: 0,
      shiftsOff: 0,
      cashDifference: 0,
    });
    expect(rowOf(await summary(mallManager, D, '2026-05-06'), badr.id)).toEqual(badrOn5And6May);
    expect(rowOf(await summary(mallManager, '2026-05-06', '2026-05-06'), badr.id)).toEqual({
      ...nothing,
      shiftsClosed: 1,
      shiftsOff: 1,
      cashDifference: 50,
    });
    // Asma's sign-in at 01:00 on the 5th is the 4th in UTC, and the 5th on the branch's clock.
    expect(rowOf(await summary(mainManager, '2026-05-04', '2026-05-04'), asma.id)).toEqual(nothing);
  });

  it('an administrator reads every branch or one; a manager only their own', async () => {
    const all = await summary(admin, D, '2026-05-06');
    expect(rowOf(all, asma.id)).toEqual(asmaOn5May);
    expect(rowOf(all, badr.id)).toEqual(badrOn5And6May);
    expect(all.totals).toEqual({
      signIns: 3,
      signedInMinutes: 1080,
      sales: { count: 5, amount: 13050 },
      creditNotes: { count: 1, amount: -1150 },
      checkIns: 1,
      checkOuts: 1,
      roomCheckIns: 1,
      roomCheckOuts: 1,
      forgiven: { count: 1, amount: 4000 },
      shiftsClosed: 2,
      shiftsOff: 2,
      cashDifference: -250,
    });
    const mallOnly = await summary(admin, D, '2026-05-06', mall);
    expect(mallOnly.totals).toEqual(badrOn5And6May);
    expect(mallOnly.rows.find((r) => r.user.id === asma.id)).toBeUndefined();
    expect(
      (await server.post('/report/users', { dates: { from: D, to: D }, branch_id: 1 }, mallManager)).body.message,
    ).toBe('NOT_FOUND');
  });

  it('refuses an employee without the Reports right, and days the wrong way round', async () => {
    expect((await server.post('/report/users', { dates: { from: D, to: D } }, asma.token)).body.message).toBe(
      'NOT_AUTHORISED',
    );
    const backwards = await server.post('/report/users', { dates: { from: D, to: '2026-05-01' } }, admin);
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([{ path: 'dates.to', message: 'FIELD_INVALID' }]);
  });
});
