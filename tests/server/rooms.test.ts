import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { newFamily, type FamilyOptions } from './families-fixture';
import {
  kidRoomStays,
  kids,
  otpCodes,
  roomSessions,
  smsMessages,
  supervisorSessions,
  users,
} from '../../server/db/schema';

let server: TestServer;
let admin: string;
let cashier: string;
let manager: string;
let station: string;

const ROOMS = { access: true, view: true, create: true, update: true, delete: true };
const SUPERVISOR = { access: true, view: true, create: false, update: false, delete: false };

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
  cashier = await server.staff('0542222222', {
    FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
    Sales: { access: true, view: true, create: true, update: false, delete: false },
  });
  manager = await server.staff('0543000000', { Rooms: ROOMS, FrontDesk: ROOMS });
  station = await server.staff('0544000000', { Supervisor: SUPERVISOR });
  await server.openShift(cashier);
});
afterAll(() => server.close());

const family = (kidCount: number, opts?: FamilyOptions) => newFamily(server, { admin, cashier }, kidCount, opts);

type Room = { id: number; inside: number; capacity: number | null; supervisors: { id: number }[] };

let mobiles = 0;
/** An employee of branch 1 with a mobile (no rights needed to supervise: room access is the right). */
async function employee() {
  const mobile = `05450000${String(++mobiles).padStart(2, '0')}`;
  const id = await server.addEmployee({ mobile, branch_id: 1 });
  return { id, mobile, e164: `+966${mobile.slice(1)}` };
}

async function room(fields: object = {}, token = manager) {
  const made = await server.post<Room>(
    '/room/create',
    { name_en: 'Soft play', name_ar: 'اللعب الناعم', ...fields },
    token,
  );
  expect(made.body.message).toBe('OK');
  return made.body.data;
}

const lastCode = (mobile: string) =>
  server.texts
    .filter((t) => t.to === mobile)
    .at(-1)!
    .body.match(/\b(\d{6})\b/)![1]!;

/** The supervisor signs in by code at the station: their supervisor token. */
async function signIn(who: { mobile: string; e164: string }) {
  expect((await server.post('/otp/supervisor/send', { mobile: who.mobile }, station)).body.message).toBe(
    'MESSAGE_SENT',
  );
  const verified = await server.post<{ supervisor_token: string }>(
    '/otp/supervisor/verify',
    { mobile: who.mobile, otp: lastCode(who.e164) },
    station,
  );
  expect(verified.body.message).toBe('OTP_VERIFICATION_SUCCESS');
  return verified.body.data.supervisor_token;
}

/** Room work: the station's staff token and the supervisor's token. */
const work = <T = unknown>(path: string, body: object, supervisorToken: string | null, token = station) =>
  server.post<T>(path, body, token, undefined, supervisorToken ? { 'x-supervisor-token': supervisorToken } : {});

async function checkedIn(kidCount = 1, opts?: FamilyOptions) {
  const f = await family(kidCount, opts);
  const badge = `B-${f.parent.id}`;
  const done = await server.post(
    '/parent/kids/checkin',
    { parent_id: f.parent.id, badge, kidsList: f.kids.map((k) => k.id) },
    cashier,
  );
  expect(done.body.message).toBe('CHECKIN_DONE');
  return { ...f, badge };
}

/** A room with its supervisor logged in, and a kid checked in at the desk and let into it. */
async function kidInRoom() {
  const sup = await employee();
  const made = await room({ supervisor_ids: [sup.id] });
  const token = await signIn(sup);
  await work('/room/supervisor/login', { room_id: made.id }, token);
  const { kids: k } = await checkedIn();
  expect((await work('/supervisor/checkin', { kid_id: k[0]!.id, room_id: made.id }, token)).body.message).toBe(
    'CHECKIN_DONE',
  );
  return { room: made, token, kids: k };
}

const openStays = (kidId: number) =>
  server.database.db
    .select()
    .from(kidRoomStays)
    .where(and(eq(kidRoomStays.kid_id, kidId), isNull(kidRoomStays.checkout_at)));

describe('rooms (managers)', () => {
  it('are created in the manager’s branch with capacity, ages and supervisors, and listed with them', async () => {
    const sup = await employee();
    const made = await room({ capacity: 12, min_age: 2, max_age: 6, supervisor_ids: [sup.id] });
    expect(made).toMatchObject({ branch_id: 1, capacity: 12, min_age: 2, max_age: 6, inside: 0 });
    expect(made.supervisors.map((s) => s.id)).toEqual([sup.id]);
    const all = await server.post<{ rows: Room[]; total: number }>('/room/listall', {}, manager);
    expect(all.body.data.rows.map((r) => r.id)).toContain(made.id);
    expect(all.body.data.total).toBe(all.body.data.rows.length);
    const access = await server.post<{ user_id: number }[]>('/roomaccess/list', { room_id: made.id }, manager);
    expect(access.body.data.map((a) => a.user_id)).toEqual([sup.id]);
    const staff = await server.post<{ id: number; room_ids: number[] }[]>('/room/supervisor/list', {}, manager);
    expect(staff.body.data.find((s) => s.id === sup.id)?.room_ids).toEqual([made.id]);
  });

  it('refuses bad fields with their field errors, and an administrator must name the branch', async () => {
    const bad = await server.post(
      '/room/create',
      { name_en: 'X', name_ar: 'س', capacity: 0, min_age: 9, max_age: 4 },
      manager,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'capacity', message: 'FIELD_TOO_SMALL' },
        { path: 'max_age', message: 'FIELD_INVALID' },
      ]),
    );
    const noBranch = await server.post('/room/create', { name_en: 'X', name_ar: 'س' }, admin);
    expect(noBranch.body).toMatchObject({ message: 'VALIDATION_FAILED', errors: [{ path: 'branch_id' }] });
    const outsider = await server.post(
      '/room/create',
      { name_en: 'X', name_ar: 'س', supervisor_ids: [2_000_000] },
      manager,
    );
    expect(outsider.body).toMatchObject({ message: 'VALIDATION_FAILED', errors: [{ path: 'supervisor_ids' }] });
  });

  it('of another branch are neither listed nor editable by a branch manager', async () => {
    const north = (await server.post<{ id: number }>('/branch/create', { name_en: 'North', name_ar: 'الشمال' }, admin))
      .body.data.id;
    const theirs = await room({ branch_id: north }, admin);
    const mine = await server.post<{ rows: Room[] }>('/room/listall', {}, manager);
    expect(mine.body.data.rows.map((r) => r.id)).not.toContain(theirs.id);
    const edit = await server.post('/room/data/update', { id: theirs.id, name_en: 'Y', name_ar: 'ص' }, manager);
    expect(edit.body.message).toBe('NOT_FOUND');
    expect((await server.post('/room/delete', { id: theirs.id }, manager)).body.message).toBe('NOT_FOUND');
    const paged = await server.post<{ rows: Room[]; perPage: number }>(
      '/room/listall',
      { page: 1, perPage: 1, branch_id: north },
      admin,
    );
    expect(paged.body.data).toMatchObject({ perPage: 1, rows: [{ id: theirs.id }] });
  });

  it('need the Rooms right', async () => {
    expect((await server.post('/room/listall', {}, cashier)).body.message).toBe('NOT_AUTHORISED');
    expect((await server.post('/room/create', { name_en: 'X', name_ar: 'س' }, station)).body.message).toBe(
      'NOT_AUTHORISED',
    );
  });
});

describe('supervisor sign-in by code', () => {
  it('sends a code only to an employee with room access; another number gets the same answer, no code, and its tries count', async () => {
    const sup = await employee();
    await room({ supervisor_ids: [sup.id] });
    const without = await employee();
    const real = await server.post('/otp/supervisor/send', { mobile: sup.mobile }, station);
    const other = await server.post('/otp/supervisor/send', { mobile: without.mobile }, station);
    const nobody = await server.post('/otp/supervisor/send', { mobile: '0549999999' }, station);
    expect(real.body).toMatchObject({ status: true, message: 'MESSAGE_SENT' });
    for (const answer of [other, nobody]) {
      expect(answer.status).toBe(real.status);
      expect(answer.body).toEqual(real.body);
    }
    expect(server.texts.filter((t) => t.to === sup.e164)).toHaveLength(1);
    expect(server.texts.filter((t) => t.to === without.e164)).toHaveLength(0);
    // Whatever code is tried for a number that got none, the answer is a wrong code's.
    expect(
      (await server.post('/otp/supervisor/verify', { mobile: without.mobile, otp: '123456' }, station)).body.message,
    ).toBe('INVALID_OTP');
    await server.post('/otp/supervisor/send', { mobile: without.mobile }, station);
    await server.post('/otp/supervisor/send', { mobile: without.mobile }, station);
    expect((await server.post('/otp/supervisor/send', { mobile: without.mobile }, station)).body.message).toBe(
      'TOO_MANY_REQUESTS',
    );
    expect((await server.post('/otp/supervisor/send', { mobile: ' ' }, station)).body.message).toBe(
      'MOBILE_NUMBER_MISSING',
    );
  });

  it('keeps only the code’s hash, masks it in the outbox, refuses a wrong code, limits sends', async () => {
    const sup = await employee();
    await room({ supervisor_ids: [sup.id] });
    await server.post('/otp/supervisor/send', { mobile: sup.mobile }, station);
    const code = lastCode(sup.e164);
    const [stored] = await server.database.db.select().from(otpCodes).where(eq(otpCodes.user_id, sup.id));
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);
    const outbox = await server.post<{ rows: { body: string }[] }>('/sms/outbox', { to: sup.e164 }, admin);
    expect(outbox.body.data.rows[0]!.body).not.toContain(code);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await server.post('/otp/supervisor/verify', { mobile: sup.mobile, otp: wrong }, station);
    expect(refused.body.message).toBe('INVALID_OTP');
    await server.post('/otp/supervisor/send', { mobile: sup.mobile }, station);
    await server.post('/otp/supervisor/send', { mobile: sup.mobile }, station);
    expect((await server.post('/otp/supervisor/send', { mobile: sup.mobile }, station)).body.message).toBe(
      'TOO_MANY_REQUESTS',
    );
  });

  it('the code’s text is in the page’s language; at an administrator’s station it is kept under the supervisor’s branch', async () => {
    const sup = await employee();
    await room({ supervisor_ids: [sup.id] });
    expect(
      (await server.post('/otp/supervisor/send', { mobile: sup.mobile, language: 'ar' }, admin)).body.message,
    ).toBe('MESSAGE_SENT');
    const text = server.texts.filter((t) => t.to === sup.e164).at(-1)!.body;
    expect(text).toContain('رمز التحقق');
    expect(text).not.toContain('PlayDesk code');
    const [stored] = await server.database.db.select().from(smsMessages).where(eq(smsMessages.to, sup.e164));
    expect(stored!.branch_id).toBe(1);
  });

  it('needs the station’s Supervisor right', async () => {
    expect((await server.post('/otp/supervisor/send', { mobile: '0549999999' }, cashier)).body.message).toBe(
      'NOT_AUTHORISED',
    );
  });
});

describe('the supervisor token', () => {
  it('is required beside the staff token; a bad, ended or expired one answers with the supervisor flag', async () => {
    const sup = await employee();
    await room({ supervisor_ids: [sup.id] });
    const token = await signIn(sup);
    expect((await work('/room/supervisor', {}, token)).body.message).toBe('OK');
    for (const bad of [null, 'not-a-token', station]) {
      const answer = await work('/room/supervisor', {}, bad);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ status: false, message: 'NOT_AUTHORISED', supervisor: true });
    }
    // A supervisor token is no staff token.
    expect((await server.post('/branch/list', {}, token)).body.message).toBe('SESSION_EXPIRED');
    // The staff token still comes first.
    expect((await work('/room/supervisor', {}, token, 'nonsense')).status).toBe(401);
    await server.database.db
      .update(supervisorSessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(supervisorSessions.user_id, sup.id));
    expect((await work('/room/supervisor', {}, token)).body).toMatchObject({ supervisor: true });
    const again = await signIn(sup);
    expect((await work('/room/supervisor/logout', {}, again)).body.message).toBe('OK');
    expect((await work('/room/supervisor', {}, again)).body).toMatchObject({ supervisor: true });
  });
});

describe('the supervisor token is bound', () => {
  let stations = 0;
  /** Another door station: a staff sign-in of its own (branch 1 unless told), with its refresh token. */
  async function otherStation(branchId = 1) {
    const mobile = `05446000${String(++stations).padStart(2, '0')}`;
    await server.staff(mobile, { Supervisor: SUPERVISOR }, branchId);
    return { mobile, ...(await server.login(mobile, 'staff-01')) };
  }

  it('to the staff sign-in that obtained it: another station’s, even another branch’s, cannot use it', async () => {
    const sup = await employee();
    const r = await room({ supervisor_ids: [sup.id] });
    const token = await signIn(sup);
    const north = (await server.post<{ id: number }>('/branch/create', { name_en: 'Far', name_ar: 'البعيد' }, admin))
      .body.data.id;
    for (const elsewhere of [await otherStation(), await otherStation(north)]) {
      for (const [path, body] of [
        ['/room/supervisor', {}],
        ['/room/supervisor/login', { room_id: r.id }],
      ] as const) {
        const answer = await work(path, body, token, elsewhere.accessToken);
        expect(answer.body).toMatchObject({ message: 'NOT_AUTHORISED', supervisor: true });
      }
    }
    expect((await work('/room/supervisor/login', { room_id: r.id }, token)).body.message).toBe('OK');
  });

  it('and ends with the station’s sign-out: the same station signed in again cannot use it', async () => {
    const sup = await employee();
    const r = await room({ supervisor_ids: [sup.id] });
    const door = await otherStation();
    await server.post('/otp/supervisor/send', { mobile: sup.mobile }, door.accessToken);
    const verified = await server.post<{ supervisor_token: string }>(
      '/otp/supervisor/verify',
      { mobile: sup.mobile, otp: lastCode(sup.e164) },
      door.accessToken,
    );
    const token = verified.body.data.supervisor_token;
    expect((await work('/room/supervisor', {}, token, door.accessToken)).body.message).toBe('OK');
    expect((await work('/room/supervisor/login', { room_id: r.id }, token, door.accessToken)).body.message).toBe('OK');
    expect((await server.post('/user/logout', { refreshToken: door.refreshToken }, door.accessToken)).body.status).toBe(
      true,
    );
    // Ended, not merely refused: the supervisor's sign-in and their time in the room close with the station's.
    const [ended] = await server.database.db
      .select({ ended_at: supervisorSessions.ended_at })
      .from(supervisorSessions)
      .where(eq(supervisorSessions.user_id, sup.id));
    expect(ended?.ended_at).toBeInstanceOf(Date);
    const [inRoom] = await server.database.db
      .select({ logout_at: roomSessions.logout_at })
      .from(roomSessions)
      .where(eq(roomSessions.user_id, sup.id));
    expect(inRoom?.logout_at).toBeInstanceOf(Date);
    const again = await server.login(door.mobile, 'staff-01');
    expect((await work('/room/supervisor', {}, token, again.accessToken)).body).toMatchObject({ supervisor: true });
  });

  it('losing the last room ends it for good: re-granting the room does not revive it', async () => {
    const sup = await employee();
    const r = await room({ supervisor_ids: [sup.id] });
    const token = await signIn(sup);
    await work('/room/supervisor/login', { room_id: r.id }, token);
    await server.post('/room/revoke', { room_id: r.id, user_id: sup.id }, manager);
    expect((await work('/room/supervisor', {}, token)).body).toMatchObject({ supervisor: true });
    const regranted = await server.post<Room>(
      '/room/data/update',
      { id: r.id, name_en: 'Soft play', name_ar: 'اللعب الناعم', supervisor_ids: [sup.id] },
      manager,
    );
    expect(regranted.body.data.supervisors.map((s) => s.id)).toEqual([sup.id]);
    expect((await work('/room/supervisor', {}, token)).body).toMatchObject({ supervisor: true });
    expect((await work('/room/supervisor/login', { room_id: r.id }, token)).body).toMatchObject({ supervisor: true });
    // A new code sign-in is the way back in.
    expect((await work('/room/supervisor/login', { room_id: r.id }, await signIn(sup))).body.message).toBe('OK');
  });

  it('a room moved to another branch is no longer supervised by the old branch’s staff', async () => {
    const sup = await employee();
    const r = await room({ supervisor_ids: [sup.id] });
    const token = await signIn(sup);
    await work('/room/supervisor/login', { room_id: r.id }, token);
    const east = (await server.post<{ id: number }>('/branch/create', { name_en: 'East', name_ar: 'الشرق' }, admin))
      .body.data.id;
    const moved = await server.post<Room>(
      '/room/data/update',
      { id: r.id, name_en: 'Soft play', name_ar: 'اللعب الناعم', branch_id: east },
      admin,
    );
    expect(moved.body.data.supervisors).toEqual([]);
    expect((await work('/room/supervisor', {}, token)).body).toMatchObject({ supervisor: true });
  });

  it('a branch move ends it, logs the supervisor out of the room and takes away the old branch’s rooms', async () => {
    const sup = await employee();
    const r = await room({ supervisor_ids: [sup.id] });
    const token = await signIn(sup);
    await work('/room/supervisor/login', { room_id: r.id }, token);
    const west = (await server.post<{ id: number }>('/branch/create', { name_en: 'West', name_ar: 'الغرب' }, admin))
      .body.data.id;
    const moved = await server.post('/user/update', { id: sup.id, branch_id: west }, admin);
    expect(moved.body.message).toBe('OK');
    expect((await work('/room/supervisor', {}, token)).body).toMatchObject({ supervisor: true });
    const access = await server.post<unknown[]>('/roomaccess/list', { user_id: sup.id }, admin);
    expect(access.body.data).toEqual([]);
    const [me] = await server.database.db.select({ room_id: users.room_id }).from(users).where(eq(users.id, sup.id));
    expect(me!.room_id).toBeNull();
    // With no room left, no new code either: the door answers as for any number, and nothing is sent.
    const texts = server.texts.filter((t) => t.to === sup.e164).length;
    expect((await server.post('/otp/supervisor/send', { mobile: sup.mobile }, station)).body.status).toBe(true);
    expect(server.texts.filter((t) => t.to === sup.e164)).toHaveLength(texts);
  });
});

describe('room work', () => {
  it('logs into one of the supervisor’s rooms only; without a room, kids cannot go in', async () => {
    const sup = await employee();
    const mine = await room({ supervisor_ids: [sup.id] });
    const other = await room();
    const token = await signIn(sup);
    const { kids: k } = await checkedIn();
    const early = await work('/supervisor/checkin', { kid_id: k[0]!.id, room_id: mine.id }, token);
    expect(early.body.message).toBe('NO_ROOM_ASSIGNED');
    expect((await work('/room/supervisor/login', { room_id: other.id }, token)).body.message).toBe(
      'ROOM_LOGIN_NOT_FOUND',
    );
    const rooms = await work<Room[]>('/room/supervisor/roomlist', {}, token);
    expect(rooms.body.data.map((r) => r.id)).toEqual([mine.id]);
    const state = await work<{ room: Room }>('/room/supervisor/login', { room_id: mine.id }, token);
    expect(state.body.data.room.id).toBe(mine.id);
    const [me] = await server.database.db.select({ room_id: users.room_id }).from(users).where(eq(users.id, sup.id));
    expect(me!.room_id).toBe(mine.id);
  });

  it('takes a checked-in kid in by badge, moves them to the next room, and out; the profiles list both stays', async () => {
    const sup = await employee();
    const a = await room({ name_en: 'Trampoline', supervisor_ids: [sup.id] });
    const b = await room({ name_en: 'Toddlers', supervisor_ids: [sup.id] });
    const token = await signIn(sup);
    await work('/room/supervisor/login', { room_id: a.id }, token);
    const outsider = await family(1);
    const notInside = await work('/supervisor/checkin', { kid_id: outsider.kids[0]!.id, room_id: a.id }, token);
    expect(notInside.body.message).toBe('KID_SESSION_NOT_ACTIVE');

    const { kids: k, badge } = await checkedIn();
    const kid = k[0]!.id;
    const found = await work<{ kid_id: number; room_id: number | null }[]>('/supervisor/badge', { badge }, token);
    expect(found.body.data).toMatchObject([{ kid_id: kid, room_id: null }]);
    const wrongBand = await work('/supervisor/checkin', { kid_id: kid, room_id: a.id, badge: 'B-0' }, token);
    expect(wrongBand.body).toMatchObject({ message: 'BADGE_OF_ANOTHER_KID', errors: [{ path: 'badge' }] });
    expect(await openStays(kid)).toHaveLength(0);
    const inA = await work('/supervisor/checkin', { kid_id: kid, room_id: a.id, badge }, token);
    expect(inA.body).toMatchObject({ message: 'CHECKIN_DONE', data: { kid_id: kid, room_id: a.id, moved_from: null } });
    const view = await work<{ kids: { kid_id: number }[]; room: Room }>('/room/supervisor', {}, token);
    expect(view.body.data.kids.map((x) => x.kid_id)).toEqual([kid]);
    expect(view.body.data.room.inside).toBe(1);

    const inB = await work('/supervisor/checkin', { kid_id: kid, room_id: b.id }, token);
    expect(inB.body.data).toMatchObject({ room_id: b.id, moved_from: a.id });
    expect((await openStays(kid)).map((s) => s.room_id)).toEqual([b.id]);
    const [row] = await server.database.db.select({ room_id: kids.room_id }).from(kids).where(eq(kids.id, kid));
    expect(row!.room_id).toBe(b.id);

    expect((await work('/supervisor/checkout', { kid_id: kid, room_id: a.id }, token)).body.message).toBe(
      'KID_NOT_IN_ROOM',
    );
    expect((await work('/supervisor/checkout', { kid_id: kid, room_id: b.id }, token)).body.message).toBe(
      'CHECKOUT_COMPLETED',
    );
    expect(await openStays(kid)).toHaveLength(0);

    const visits = await server.post<{
      rows: { room_id: number; checkout_at: string | null; checked_in_by: { id: number } }[];
    }>('/profile/kid/roomsession', { kid_id: kid }, manager);
    expect(visits.body.data.rows.map((v) => v.room_id)).toEqual([b.id, a.id]);
    expect(visits.body.data.rows.every((v) => v.checkout_at !== null && v.checked_in_by.id === sup.id)).toBe(true);
    const sessions = await server.post<{ rows: { room_id: number }[] }>(
      '/profile/user/roomsession',
      { user_id: sup.id },
      admin,
    );
    expect(sessions.body.data.rows.map((s) => s.room_id)).toEqual([a.id]);
  });

  it('a room that is not one of the supervisor’s is named as such, also for a kid inside', async () => {
    const { room: mine, token } = await kidInRoom();
    const { kids: k } = await checkedIn();
    const gone = await room({ supervisor_ids: [] });
    await server.post('/room/delete', { id: gone.id }, manager);
    for (const roomId of [mine.id + 100_000, gone.id]) {
      const answer = await work('/supervisor/checkin', { kid_id: k[0]!.id, room_id: roomId }, token);
      expect(answer.body.message).toBe('ROOM_LOGIN_NOT_FOUND');
    }
    expect(await openStays(k[0]!.id)).toHaveLength(0);
  });

  it('refuses a full room, and asks before a kid outside the room’s ages goes in', async () => {
    const sup = await employee();
    const small = await room({ capacity: 1, min_age: 4, max_age: 8, supervisor_ids: [sup.id] });
    const token = await signIn(sup);
    await work('/room/supervisor/login', { room_id: small.id }, token);
    const toddler = await checkedIn(1, { birthDate: '2025-06-01' });
    const id = toddler.kids[0]!.id;
    expect((await work('/supervisor/checkin', { kid_id: id, room_id: small.id }, token)).body.message).toBe(
      'KID_AGE_OUT_OF_RANGE',
    );
    expect(await openStays(id)).toHaveLength(0);
    const allowed = await work('/supervisor/checkin', { kid_id: id, room_id: small.id, accept_age: true }, token);
    expect(allowed.body.message).toBe('CHECKIN_DONE');
    const next = await checkedIn();
    expect(
      (await work('/supervisor/checkin', { kid_id: next.kids[0]!.id, room_id: small.id }, token)).body.message,
    ).toBe('ROOM_FULL');
  });

  it('ends with the premises check-out; a room with kids inside is not deleted until they leave', async () => {
    const { room: r, token, kids: k } = await kidInRoom();
    expect((await server.post('/room/delete', { id: r.id }, manager)).body.message).toBe('ROOM_NOT_EMPTY');
    expect((await server.post('/parent/kids/checkout', { ids: [k[0]!.id] }, cashier)).body.message).toBe(
      'CHECKOUT_COMPLETED',
    );
    expect(await openStays(k[0]!.id)).toHaveLength(0);
    const [row] = await server.database.db.select({ room_id: kids.room_id }).from(kids).where(eq(kids.id, k[0]!.id));
    expect(row!.room_id).toBeNull();
    expect((await server.post('/room/delete', { id: r.id }, manager)).body.message).toBe('OK');
    // The supervisor lost their only room: their sign-in no longer works.
    expect((await work('/room/supervisor', {}, token)).body).toMatchObject({ supervisor: true });
  });

  it('revoking access logs the supervisor out of that room', async () => {
    const sup = await employee();
    const r = await room({ supervisor_ids: [sup.id] });
    const spare = await room({ supervisor_ids: [sup.id] });
    const token = await signIn(sup);
    await work('/room/supervisor/login', { room_id: r.id }, token);
    const revoked = await server.post<Room>('/room/revoke', { room_id: r.id, user_id: sup.id }, manager);
    expect(revoked.body.data.supervisors).toEqual([]);
    const state = await work<{ room: Room | null }>('/room/supervisor', {}, token);
    expect(state.body.data.room).toBeNull();
    expect((await work('/room/supervisor/login', { room_id: r.id }, token)).body.message).toBe('ROOM_LOGIN_NOT_FOUND');
    expect((await work('/room/supervisor/login', { room_id: spare.id }, token)).body.message).toBe('OK');
    expect((await server.post('/room/revoke', { room_id: r.id, user_id: sup.id }, manager)).body.message).toBe(
      'NOT_FOUND',
    );
  });

  it('lists kids’ room stays by room and by day', async () => {
    const { room: r, kids: k } = await kidInRoom();
    const today = new Date().toISOString().slice(0, 10);
    const byRoom = await server.post<{ rows: { kid_id: number }[]; total: number }>(
      '/kidroomsession/pagelist',
      { room_id: r.id },
      manager,
    );
    expect(byRoom.body.data).toMatchObject({ total: 1, rows: [{ kid_id: k[0]!.id }] });
    const longAgo = await server.post<{ total: number }>(
      '/kidroomsession/pagelist',
      { room_id: r.id, from: '2020-01-01', to: '2020-01-31' },
      manager,
    );
    expect(longAgo.body.data.total).toBe(0);
    const around = await server.post<{ total: number }>(
      '/kidroomsession/pagelist',
      { room_id: r.id, from: '2020-01-01', to: '2099-12-31' },
      manager,
    );
    expect(around.body.data.total).toBe(1);
    expect(today).toMatch(/^\d{4}-/);
    const backwards = await server.post('/kidroomsession/pagelist', { from: '2026-02-01', to: '2026-01-01' }, manager);
    expect(backwards.body).toMatchObject({ message: 'VALIDATION_FAILED', errors: [{ path: 'to' }] });
  });
});

describe('kids’ files at the room door', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('face')]);
  const pdf = Buffer.from('%PDF-1.7\nmedical report');

  /** A photo (the kid's picture) and a medical report in the kid's files: their stored names. */
  async function filesOf(kidId: number) {
    const put = async (fileName: string, bytes: Buffer) =>
      (
        await server.post<{ fileName: string }>(
          '/file/upload',
          { folder: 'kid', owner_id: kidId, fileName, contentBase64: bytes.toString('base64') },
          admin,
        )
      ).body.data.fileName;
    return { report: await put('report.pdf', pdf), photo: await put('face.png', png) };
  }
  const download = (kidId: number, fileName: string, supervisorToken: string | null) =>
    work<{ contentBase64: string }>('/file/download', { fileName, filePath: `kid/${kidId}` }, supervisorToken);

  it('a Supervisor-only station sees the photo of a kid in its supervisor’s room, and nothing else', async () => {
    const { token, kids: k } = await kidInRoom();
    const inside = k[0]!.id;
    const mine = await filesOf(inside);
    const shown = await download(inside, mine.photo, token);
    expect(shown.body.message).toBe('OK');
    expect(Buffer.from(shown.body.data.contentBase64, 'base64').equals(png)).toBe(true);
    // The medical report, and the list of the kid's files, are not the door's.
    expect((await download(inside, mine.report, token)).status).toBe(403);
    expect((await work('/file/list', { folder: 'kid', owner_id: inside }, token)).status).toBe(403);
    // Without the supervisor token the station is no one's door.
    for (const fileName of [mine.photo, mine.report])
      expect((await download(inside, fileName, null)).body.message).toBe('NOT_AUTHORISED');
    expect((await work('/file/list', { folder: 'kid', owner_id: inside }, null)).status).toBe(403);
  });

  it('a kid outside the room (on the premises, in another room, or never checked in) is not shown', async () => {
    const { token } = await kidInRoom();
    const { kids: onPremises } = await checkedIn();
    const { kids: nextDoor } = await kidInRoom();
    const { kids: atHome } = await family(1);
    for (const kidId of [onPremises[0]!.id, nextDoor[0]!.id, atHome[0]!.id]) {
      const files = await filesOf(kidId);
      for (const fileName of [files.photo, files.report])
        expect((await download(kidId, fileName, token)).status, `kid ${kidId} ${fileName}`).toBe(403);
    }
  });

  it('front-desk staff still see any family’s files in the chain', async () => {
    const kidId = (await family(1)).kids[0]!.id;
    const files = await filesOf(kidId);
    const listed = await server.post<unknown[]>('/file/list', { folder: 'kid', owner_id: kidId }, cashier);
    expect(listed.body.data).toHaveLength(2);
    const report = await server.post('/file/download', { fileName: files.report, filePath: `kid/${kidId}` }, cashier);
    expect(report.body.message).toBe('OK');
  });
});

describe('room work at once', () => {
  it('two supervisors taking one kid into two rooms at the same moment leave one open stay', async () => {
    const [s1, s2] = [await employee(), await employee()];
    const a = await room({ supervisor_ids: [s1.id, s2.id] });
    const b = await room({ supervisor_ids: [s1.id, s2.id] });
    const [t1, t2] = [await signIn(s1), await signIn(s2)];
    await work('/room/supervisor/login', { room_id: a.id }, t1);
    await work('/room/supervisor/login', { room_id: b.id }, t2);
    for (let round = 0; round < 5; round++) {
      const { kids: k } = await checkedIn();
      const kid = k[0]!.id;
      const answers = await Promise.all([
        work('/supervisor/checkin', { kid_id: kid, room_id: a.id }, t1),
        work('/supervisor/checkin', { kid_id: kid, room_id: b.id }, t2),
      ]);
      // The one that came second moved the kid on: both answered, one stay open.
      expect(answers.map((x) => x.body.message)).toEqual(['CHECKIN_DONE', 'CHECKIN_DONE']);
      const open = await openStays(kid);
      expect(open).toHaveLength(1);
      const [row] = await server.database.db.select({ room_id: kids.room_id }).from(kids).where(eq(kids.id, kid));
      expect(row!.room_id).toBe(open[0]!.room_id);
    }
  });

  it('20 kids into a room for 5 at the same moment: 5 go in, 15 are told it is full', async () => {
    const sup = await employee();
    const r = await room({ capacity: 5, supervisor_ids: [sup.id] });
    const token = await signIn(sup);
    await work('/room/supervisor/login', { room_id: r.id }, token);
    const groups = [await checkedIn(10), await checkedIn(10)];
    const all = groups.flatMap((g) => g.kids.map((k) => k.id));
    const answers = await Promise.all(
      all.map((kid) => work('/supervisor/checkin', { kid_id: kid, room_id: r.id }, token)),
    );
    const messages = answers.map((x) => x.body.message);
    expect(messages.filter((m) => m === 'CHECKIN_DONE')).toHaveLength(5);
    expect(messages.filter((m) => m === 'ROOM_FULL')).toHaveLength(15);
    const open = await server.database.db
      .select()
      .from(kidRoomStays)
      .where(and(eq(kidRoomStays.room_id, r.id), isNull(kidRoomStays.checkout_at)));
    expect(open).toHaveLength(5);
  });
});
