import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { and, eq, isNull } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { newFamily } from './families-fixture';
import { kidRoomStays, kidVisits } from '../../server/db/schema';
import { REALTIME_PATH, type RealtimePayload } from '../../shared/realtime';

let server: TestServer;
let admin: string;
let cashier: string;
let station: string;
let manager: string;
let north: string;
let northBranch: number;
const sockets: Socket[] = [];

const FULL = { access: true, view: true, create: true, update: true, delete: true };

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
  cashier = await server.staff('0542222201', {
    FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
    Sales: { access: true, view: true, create: true, update: false, delete: false },
  });
  manager = await server.staff('0542222202', { Rooms: FULL });
  station = await server.staff('0542222203', {
    Supervisor: { access: true, view: true, create: false, update: false, delete: false },
  });
  northBranch = (await server.post<{ id: number }>('/branch/create', { name_en: 'North', name_ar: 'الشمال' }, admin))
    .body.data.id;
  north = await server.staff('0542222204', { FrontDesk: FULL }, northBranch);
  await server.openShift(cashier);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

async function connect(token: string): Promise<Socket> {
  const socket = io(server.url, {
    path: REALTIME_PATH,
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Where the kid is, as a page reloading on the event would read it. */
type Whereabouts = { inside: boolean; room: number | null };

async function whereabouts(kidId: number): Promise<Whereabouts> {
  const db = server.database.db;
  const [visit] = await db
    .select({ id: kidVisits.id })
    .from(kidVisits)
    .where(and(eq(kidVisits.kid_id, kidId), isNull(kidVisits.checkout_at)));
  const [stay] = await db
    .select({ room: kidRoomStays.room_id })
    .from(kidRoomStays)
    .where(and(eq(kidRoomStays.kid_id, kidId), isNull(kidRoomStays.checkout_at)));
  return { inside: visit !== undefined, room: stay?.room ?? null };
}

/**
 * Each visits_changed this socket hears from now on, with where the kid was the moment it arrived: an
 * event published before its transaction committed would show the kid where they were before.
 */
function heard(socket: Socket, kidId: () => number) {
  const got: Promise<RealtimePayload<'visits_changed'> & Whereabouts>[] = [];
  socket.on('visits_changed', (payload: RealtimePayload<'visits_changed'>) =>
    got.push(whereabouts(kidId()).then((where) => ({ ...payload, ...where }))),
  );
  return { count: () => got.length, all: () => Promise.all(got) };
}

let mobiles = 0;
/** A supervisor of branch 1 with two rooms, signed in by code at the door station and logged into the first. */
async function supervisorWithTwoRooms() {
  const mobile = `05470000${String(++mobiles).padStart(2, '0')}`;
  const id = await server.addEmployee({ mobile, branch_id: 1 });
  const room = async (name_en: string) =>
    (await server.post<{ id: number }>('/room/create', { name_en, name_ar: 'غرفة', supervisor_ids: [id] }, manager))
      .body.data.id;
  const [first, second] = [await room('Soft play'), await room('Trampolines')];
  await server.post('/otp/supervisor/send', { mobile }, station);
  const code = server.texts
    .filter((t) => t.to === `+966${mobile.slice(1)}`)
    .at(-1)!
    .body.match(/\b(\d{6})\b/)![1]!;
  const verified = await server.post<{ supervisor_token: string }>(
    '/otp/supervisor/verify',
    { mobile, otp: code },
    station,
  );
  const token = verified.body.data.supervisor_token;
  const work = (path: string, body: object) =>
    server.post(path, body, station, undefined, { 'x-supervisor-token': token });
  expect((await work('/room/supervisor/login', { room_id: first })).body.message).toBe('OK');
  return { id, first, second, work };
}

describe('visits_changed', () => {
  it('reaches the branch after every change to who is inside the premises or a room has committed, never on a refusal', async () => {
    const { first, second, work } = await supervisorWithTwoRooms();
    const { parent, kids } = await newFamily(server, { admin, cashier }, 1);
    const kid = kids[0]!.id;
    const desk = heard(await connect(cashier), () => kid);
    const chain = heard(await connect(admin), () => kid);
    const elsewhere = heard(await connect(north), () => kid);
    const expected: (RealtimePayload<'visits_changed'> & Whereabouts)[] = [];
    /** A change that must be told once, after it committed (each waits for the last, so each snapshot is its own). */
    const change = async <T>(
      done: Promise<{ body: { message: string; data: T } }>,
      message: string,
      where: Whereabouts,
    ) => {
      const answer = await done;
      expect(answer.body.message).toBe(message);
      expected.push({ branch_id: 1, ...where });
      await expect.poll(desk.count).toBe(expected.length);
      await expect.poll(chain.count).toBe(expected.length);
      expect(await desk.all()).toEqual(expected);
      expect(await chain.all()).toEqual(expected);
      return answer.body.data;
    };
    const noNews = async (done: Promise<{ body: { message: string } }>, message: string) =>
      expect((await done).body.message).toBe(message);
    const out = { inside: false, room: null };
    const atDesk = { inside: true, room: null };
    const inFirst = { inside: true, room: first };
    const inSecond = { inside: true, room: second };
    const checkin = (badge: string) =>
      server.post<{ id: number }[]>('/parent/kids/checkin', { parent_id: parent.id, badge, kidsList: [kid] }, cashier);
    const deskCheckout = () => server.post('/parent/kids/checkout', { ids: [kid] }, cashier);
    const intoRoom = (room_id: number) => work('/supervisor/checkin', { kid_id: kid, room_id });
    const outOfRoom = (room_id: number) => work('/supervisor/checkout', { kid_id: kid, room_id });

    // Refusals (and a scan that changes nothing) are told nothing: each change after one is heard alone (one socket keeps the server's order).
    await noNews(deskCheckout(), 'KID_SESSION_NOT_ACTIVE');
    await noNews(intoRoom(first), 'KID_SESSION_NOT_ACTIVE');
    await change(checkin('LV-1'), 'CHECKIN_DONE', atDesk);
    await noNews(checkin('LV-2'), 'KID_ALREADY_INSIDE');
    await noNews(outOfRoom(first), 'KID_NOT_IN_ROOM');
    await change(intoRoom(first), 'CHECKIN_DONE', inFirst);
    // The band scanned twice at the same door.
    await noNews(intoRoom(first), 'CHECKIN_DONE');
    await change(intoRoom(second), 'CHECKIN_DONE', inSecond);
    await change(outOfRoom(second), 'CHECKOUT_COMPLETED', atDesk);
    await change(intoRoom(first), 'CHECKIN_DONE', inFirst);
    // Out at the desk from inside a room: out of the room too, told once.
    await change(deskCheckout(), 'CHECKOUT_COMPLETED', out);

    // The administrator's check-out; the cashier may not.
    const visit = (await change(checkin('LV-3'), 'CHECKIN_DONE', atDesk))[0]!.id;
    await noNews(server.post('/admin/actions/checkout', { id: visit, kid_id: kid }, cashier), 'NOT_AUTHORISED');
    await change(server.post('/admin/actions/checkout', { id: visit, kid_id: kid }, admin), 'CHECKOUT_COMPLETED', out);
    expect(await elsewhere.all()).toEqual([]);
  });

  it('reaches the branch when one of its rooms is taken from its supervisor, changed or removed', async () => {
    const { id, first, second } = await supervisorWithTwoRooms();
    const socket = await connect(cashier);
    const got: RealtimePayload<'visits_changed'>[] = [];
    socket.on('visits_changed', (payload: RealtimePayload<'visits_changed'>) => got.push(payload));

    expect((await server.post('/room/revoke', { room_id: first, user_id: id + 1000 }, manager)).body.message).toBe(
      'NOT_FOUND',
    );
    expect((await server.post('/room/revoke', { room_id: first, user_id: id }, manager)).body.message).toBe('OK');
    await expect.poll(() => got).toEqual([{ branch_id: 1 }]);
    expect(
      (await server.post('/room/data/update', { id: second, name_en: 'Ball pit', name_ar: 'كرات' }, manager)).body
        .message,
    ).toBe('OK');
    expect((await server.post('/room/delete', { id: first }, manager)).body.message).toBe('OK');
    await expect.poll(() => got).toEqual([{ branch_id: 1 }, { branch_id: 1 }, { branch_id: 1 }]);
  });

  it("reaches the branch of a supervisor's rooms when they move to another branch or are deleted: the door's sign-in ended", async () => {
    const socket = await connect(cashier);
    const got: RealtimePayload<'visits_changed'>[] = [];
    socket.on('visits_changed', (payload: RealtimePayload<'visits_changed'>) => got.push(payload));

    const moving = await supervisorWithTwoRooms();
    expect((await server.post('/user/update', { id: moving.id, branch_id: northBranch }, admin)).body.message).toBe(
      'OK',
    );
    await expect.poll(() => got).toEqual([{ branch_id: 1 }]);
    // What the door then reads: the supervisor's sign-in is over.
    expect((await moving.work('/room/supervisor', {})).body).toMatchObject({ status: false, supervisor: true });

    const leaving = await supervisorWithTwoRooms();
    expect((await server.post('/user/delete', { id: leaving.id }, admin)).body.message).toBe('OK');
    await expect.poll(() => got).toEqual([{ branch_id: 1 }, { branch_id: 1 }]);
    expect((await leaving.work('/room/supervisor', {})).body).toMatchObject({ status: false, supervisor: true });

    // A change that leaves the rooms as they were tells no one.
    const staying = await supervisorWithTwoRooms();
    expect((await server.post('/user/update', { id: staying.id, name_en: 'Huda N.' }, admin)).body.message).toBe('OK');
    const told = got.length;
    expect(
      (await server.post('/room/data/update', { id: staying.second, name_en: 'Slides', name_ar: 'زحاليق' }, manager))
        .body.message,
    ).toBe('OK');
    await expect.poll(() => got.length).toBe(told + 1);
    expect(got).toHaveLength(3);
  });
});

describe('sales_changed', () => {
  it("reaches the sale's branch when a sale is made or cancelled, once it is stored; not another branch, not a refusal", async () => {
    const here: RealtimePayload<'sales_changed'>[] = [];
    const there: RealtimePayload<'sales_changed'>[] = [];
    (await connect(cashier)).on('sales_changed', (payload: RealtimePayload<'sales_changed'>) => here.push(payload));
    (await connect(north)).on('sales_changed', (payload: RealtimePayload<'sales_changed'>) => there.push(payload));
    const product = (
      await server.post<{ id: number }>(
        '/product/create',
        { name_en: 'Juice', name_ar: 'عصير', price: 500, tax_id: 1, included: 1 },
        admin,
      )
    ).body.data.id;
    await server.post('/product/addstock', { id: product, qty: 5 }, admin);
    const sell = (qty: number) =>
      server.post<{ id: number }>(
        '/sale/sale/create',
        { cart: [{ product: { id: product, qty } }], salesData: { payments: { cash: 500 * qty } } },
        cashier,
      );

    expect((await sell(50)).body.message).toBe('INSUFFICIENT_STOCK');
    const sold = await sell(1);
    expect(sold.body.message).toBe('SALES_COMPLETED');
    await expect.poll(() => here).toEqual([{ branch_id: 1 }]);
    expect((await server.post('/sale/cancelinvoice', { id: sold.body.data.id }, admin)).body.message).toBe(
      'INVOICE_CANCELLED',
    );
    await expect.poll(() => here).toEqual([{ branch_id: 1 }, { branch_id: 1 }]);
    expect(there).toEqual([]);
  });
});
