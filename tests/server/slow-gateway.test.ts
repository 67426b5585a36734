import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { otpCodes, smsMessages } from '../../server/db/schema';
import type { Delivery, SmsGateway } from '../../server/sms/sms-gateway';

/**
 * A gateway that holds every message until the test lets go: a gateway answering late, with no clock
 * in the verdict. `held(n)` resolves once n messages are waiting in it.
 */
function heldGateway() {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  const waiting: { n: number; reached: () => void }[] = [];
  let count = 0;
  const gateway: SmsGateway = {
    name: 'held',
    async deliver(): Promise<Delivery> {
      count += 1;
      for (const w of waiting.filter((w) => count >= w.n)) w.reached();
      await released;
      return { status: 'sent', providerId: `SM${count}` };
    },
  };
  const held = (n: number) => new Promise<void>((reached) => (count >= n ? reached() : waiting.push({ n, reached })));
  return { gateway, held, release };
}

const SENDS = 20;
let server: TestServer;
let admin: string;

/** This describe's server, its SMS going to a held gateway; the test lets the gateway go. */
function serverBehindHeldGateway() {
  const gate = heldGateway();
  beforeAll(async () => {
    server = await startTestServer({ sms: gate.gateway });
    admin = (await server.login()).accessToken;
  });
  // A failing run lets the held messages go, so the server can close.
  afterAll(() => (gate.release(), server.close()));
  return gate;
}

describe('code sends waiting on a slow gateway', () => {
  const gate = serverBehindHeldGateway();

  it('twenty parents’ codes held by the gateway leave the server answering; let go, each is recorded once', async () => {
    const parents: { id: number; mobile: string }[] = [];
    for (let i = 0; i < SENDS; i++) {
      const made = await server.post<{ id: number; mobile: string }>(
        '/parent/create',
        { name_en: `Parent ${i}`, name_ar: 'ولي أمر', mobile: `05633${String(i).padStart(5, '0')}` },
        admin,
      );
      parents.push(made.body.data);
    }
    const sends = parents.map((p) => server.post('/otp/send', { id: p.id, mobile: p.mobile }, admin));
    await gate.held(SENDS);
    // More requests wait on the gateway than the pool has connections: a read still gets one.
    const list = await server.post<{ id: number }[]>('/branch/list', {}, admin);
    expect(list.status).toBe(200);
    expect(list.body.data.map((b) => b.id)).toContain(1);

    gate.release();
    for (const res of await Promise.all(sends)) expect(res.body.message).toBe('OK');
    const mobiles = parents.map((p) => p.mobile);
    const recorded = await server.database.db.select().from(smsMessages).where(inArray(smsMessages.to, mobiles));
    expect(recorded).toHaveLength(SENDS);
    expect(new Set(recorded.map((r) => r.to)).size).toBe(SENDS);
    expect(recorded.every((r) => r.status === 'sent')).toBe(true);
    const codes = await server.database.db.select().from(otpCodes).where(inArray(otpCodes.mobile, mobiles));
    expect(codes).toHaveLength(SENDS);
  });
});

describe('the database pool', () => {
  it('gives up waiting for a connection, and PostgreSQL ends a transaction left idle', async () => {
    const server = await startTestServer();
    try {
      expect(server.database.pool.options.connectionTimeoutMillis).toBeGreaterThan(0);
      const [row] = (await server.database.pool.query('show idle_in_transaction_session_timeout')).rows as {
        idle_in_transaction_session_timeout: string;
      }[];
      expect(row!.idle_in_transaction_session_timeout).not.toBe('0');
    } finally {
      await server.close();
    }
  });
});

describe('supervisor code sends waiting on a slow gateway', () => {
  const gate = serverBehindHeldGateway();

  it('twenty supervisors’ codes held by the gateway leave the server answering; let go, each is recorded once', async () => {
    const station = await server.staff('0544000000', {
      Supervisor: { access: true, view: true, create: false, update: false, delete: false },
    });
    const mobiles: string[] = [];
    const ids: number[] = [];
    for (let i = 0; i < SENDS; i++) {
      const mobile = `05460000${String(i).padStart(2, '0')}`;
      mobiles.push(mobile);
      ids.push(await server.addEmployee({ mobile, branch_id: 1 }));
    }
    const room = await server.post(
      '/room/create',
      { name_en: 'Soft play', name_ar: 'اللعب', branch_id: 1, supervisor_ids: ids },
      admin,
    );
    expect(room.body.message).toBe('OK');

    const sends = mobiles.map((mobile) => server.post('/otp/supervisor/send', { mobile }, station));
    await gate.held(SENDS);
    const list = await server.post<{ id: number }[]>('/branch/list', {}, admin);
    expect(list.status).toBe(200);

    gate.release();
    for (const res of await Promise.all(sends)) expect(res.body.message).toBe('MESSAGE_SENT');
    const e164s = mobiles.map((m) => `+966${m.slice(1)}`);
    const recorded = await server.database.db.select().from(smsMessages).where(inArray(smsMessages.to, e164s));
    expect(recorded).toHaveLength(SENDS);
    expect(new Set(recorded.map((r) => r.to)).size).toBe(SENDS);
    expect(recorded.every((r) => r.status === 'sent' && r.branch_id === 1)).toBe(true);
  });
});
