import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWithAdministrator, type TestServer } from './harness';
import { buildApp } from '../../server/app';
import { sharedSecret } from '../../server/db/secrets';
import { LocalFileStore } from '../../server/files/file-store';
import { REALTIME_PATH, type RealtimePayload } from '../../shared/realtime';

let server: TestServer;
let admin: string;
let cashier: string;
let elsewhere: string;
const sockets: Socket[] = [];

const CASHIER = {
  FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
  Sales: { access: true, view: true, create: true, update: false, delete: false },
};

beforeAll(async () => {
  ({ server, admin } = await startWithAdministrator());
  cashier = await server.staff('0543333331', CASHIER);
  const north = (await server.post<{ id: number }>('/branch/create', { name_en: 'North', name_ar: 'الشمال' }, admin))
    .body.data.id;
  elsewhere = await server.staff('0543333332', CASHIER, north);
  await server.openShift(cashier);
  await server.openShift(elsewhere);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

/** A station's socket, signed in with this access token: connected, or the reason it was refused. */
function connect(token: string | undefined, url = server.url): Promise<{ socket: Socket; refused?: string }> {
  const socket = io(url, {
    path: REALTIME_PATH,
    auth: token === undefined ? {} : { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (error) => resolve({ socket, refused: error.message }));
  });
}

/** Every visits_changed this socket receives from now on. */
function heard(socket: Socket): RealtimePayload<'visits_changed'>[] {
  const got: RealtimePayload<'visits_changed'>[] = [];
  socket.on('visits_changed', (payload: RealtimePayload<'visits_changed'>) => got.push(payload));
  return got;
}

/** A kid of a new family with a package bought, ready to check in at branch 1. */
async function subscribedKid() {
  const parent = (
    await server.post<{ id: number }>(
      '/parent/create',
      { name_en: 'Realtime family', name_ar: 'عائلة', mobile: '0561199999' },
      cashier,
    )
  ).body.data;
  const kid = (
    await server.post<{ id: number }>(
      '/kid/create',
      { parent_id: parent.id, name_en: 'Kid', name_ar: 'طفل', banned: false },
      admin,
    )
  ).body.data;
  const pkg = (
    await server.post<{ id: number }>(
      '/package/create',
      {
        name_en: 'Hour',
        name_ar: 'ساعة',
        price: 1000,
        tax_id: 1,
        included: 1,
        validity_days: 30,
        daily_limits: 1,
        margin_minutes: '10',
      },
      admin,
    )
  ).body.data;
  expect(
    (
      await server.post(
        '/sale/sale/create',
        { cart: [{ package: { id: pkg.id }, kids: [kid.id] }], salesData: { payments: { cash: 1000 } } },
        cashier,
      )
    ).body.message,
  ).toBe('SALES_COMPLETED');
  return { parent, kid };
}

describe('realtime events', () => {
  it('refuses a socket without a valid access token', async () => {
    expect((await connect(undefined)).refused).toBe('SESSION_EXPIRED');
    expect((await connect('not-a-token')).refused).toBe('SESSION_EXPIRED');
  });

  it('tells the stations of the branch (and administrators) that its visits changed, not another branch', async () => {
    const here = await connect(cashier);
    const there = await connect(elsewhere);
    const chain = await connect(admin);
    expect([here.refused, there.refused, chain.refused]).toEqual([undefined, undefined, undefined]);
    const [atDesk, atNorth, atAdmin] = [heard(here.socket), heard(there.socket), heard(chain.socket)];

    const { parent, kid } = await subscribedKid();
    expect(
      (await server.post('/parent/kids/checkin', { parent_id: parent.id, badge: 'RT1', kidsList: [kid.id] }, cashier))
        .body.message,
    ).toBe('CHECKIN_DONE');
    await expect.poll(() => atDesk).toEqual([{ branch_id: 1 }]);
    await expect.poll(() => atAdmin).toEqual([{ branch_id: 1 }]);

    expect((await server.post('/parent/kids/checkout', { ids: [kid.id] }, cashier)).body.status).toBe(true);
    await expect.poll(() => atDesk).toHaveLength(2);
    expect(atNorth).toEqual([]);
  });

  it('closes a socket when its session signs out, and the same token cannot open another', async () => {
    const session = await server.login('0543333331', 'staff-01');
    const { socket, refused } = await connect(session.accessToken);
    expect(refused).toBeUndefined();
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    expect((await server.post('/user/logout', { refreshToken: session.refreshToken })).body.status).toBe(true);
    expect(await closed).toBe('io server disconnect');
    expect((await connect(session.accessToken)).refused).toBe('SESSION_EXPIRED');
  });

  it("closes an employee's sockets at once when a manager gives them a new password or deletes them, not at the next minute's check", async () => {
    const id = await server.addEmployee({ mobile: '0543333338', password: 'mover-pass-1', branch_id: 1 });
    const first = await connect((await server.login('0543333338', 'mover-pass-1')).accessToken);
    expect(first.refused).toBeUndefined();
    expect(
      (await server.post('/user/update', { id, password: 'mover-pass-2', confirm_password: 'mover-pass-2' }, admin))
        .body.message,
    ).toBe('OK');
    // This server checks its sockets' sign-ins once a minute: well after this poll gives up.
    await expect.poll(() => first.socket.connected, { timeout: 10_000 }).toBe(false);

    const second = await connect((await server.login('0543333338', 'mover-pass-2')).accessToken);
    expect(second.refused).toBeUndefined();
    expect((await server.post('/user/delete', { id }, admin)).body.status).toBe(true);
    await expect.poll(() => second.socket.connected, { timeout: 10_000 }).toBe(false);
  });

  /** A second instance on the same database, checking its sockets' sign-ins often so a test need not wait a minute. */
  async function twinServer() {
    const media = mkdtempSync(join(tmpdir(), 'playdesk-twin-'));
    const twin = buildApp({
      db: server.database.db,
      tokenKey: await sharedSecret(server.database.db, 'access-token-key'),
      files: new LocalFileStore(media),
      logLevel: 'silent',
      realtimeCheckMs: 50,
    });
    await twin.fastify.listen({ port: 0, host: '127.0.0.1' });
    const address = twin.fastify.server.address();
    return {
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      async close() {
        await twin.fastify.close();
        rmSync(media, { recursive: true, force: true });
      },
    };
  }

  it('a server that stops loses its sockets as a dropped connection, which a station retries, not as a sign-out', async () => {
    const twin = await twinServer();
    try {
      const { socket, refused } = await connect((await server.login('0543333331', 'staff-01')).accessToken, twin.url);
      expect(refused).toBeUndefined();
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await twin.close();
      // socket.io reconnects by itself after 'transport close'; after 'io server disconnect' never.
      expect(await closed).toBe('transport close');
    } finally {
      await twin.close().catch(() => {});
    }
  });

  it('closes a socket on one server instance when its session signs out on another, or its employee is deleted', async () => {
    const twin = await twinServer();
    const twinUrl = twin.url;
    try {
      const session = await server.login('0543333331', 'staff-01');
      const { socket, refused } = await connect(session.accessToken, twinUrl);
      expect(refused).toBeUndefined();
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      expect((await server.post('/user/logout', { refreshToken: session.refreshToken })).body.status).toBe(true);
      expect(await closed).toBe('io server disconnect');

      const leaverId = await server.addEmployee({ mobile: '0543333339', password: 'leaver-pass', branch_id: 1 });
      const leaver = await connect((await server.login('0543333339', 'leaver-pass')).accessToken, twinUrl);
      expect(leaver.refused).toBeUndefined();
      const leaverClosed = new Promise<string>((resolve) => leaver.socket.once('disconnect', resolve));
      expect((await server.post('/user/delete', { id: leaverId }, admin)).body.status).toBe(true);
      expect(await leaverClosed).toBe('io server disconnect');
    } finally {
      await twin.close();
    }
  });
});
