import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { otpCodes, smsMessages } from '../../server/db/schema';
import Fastify from 'fastify';
import { httpGateway } from '../../server/sms/http-gateway';
import { SmsSender } from '../../server/sms/sms-sender';

/**
 * A Twilio-compatible Messages API on loopback whose answer each test sets: a status and body, after
 * a delay, or a connection dropped once the request is in.
 */
type Answer =
  { status: number; body: object; delayMs?: number; headers?: Record<string, string> } | 'drop' | 'head only';
let answer: Answer = { status: 201, body: { sid: 'SM1' } };
const received: URLSearchParams[] = [];
const methods: string[] = [];
let peer: Server;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  peer = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push(new URLSearchParams(body));
      methods.push(req.method ?? '');
      const now = answer;
      if (now === 'drop') return void req.socket.destroy();
      // A 201 whose body (and message id) never comes: the connection stays open until the client gives up.
      if (now === 'head only') return void res.writeHead(201, { 'content-type': 'application/json' }).flushHeaders();
      setTimeout(() => {
        res.writeHead(now.status, { 'content-type': 'application/json', ...now.headers });
        res.end(JSON.stringify(now.body));
      }, now.delayMs ?? 0);
    });
  });
  await new Promise<void>((done) => peer.listen(0, '127.0.0.1', done));
  const address = peer.address();
  const peerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // A short wait for the gateway's answer (1.5 s, a 3 s reply) stands in for Twilio's 15 s and an 11 s reply;
  // long enough that a prompt loopback answer is never late on a busy machine.
  server = await startTestServer({
    sms: httpGateway({
      SMS_GATEWAY: 'twilio',
      SMS_BASE_URL: peerUrl,
      SMS_ACCOUNT_SID: 'AC1',
      SMS_AUTH_TOKEN: 'k',
      SMS_FROM: 'PD',
      SMS_TIMEOUT_MS: 1500,
    }),
  });
  admin = (await server.login()).accessToken;
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((done) => peer.close(() => done()));
});

let serial = 0;
async function parent(token = admin, mobile = `05622${String(++serial).padStart(5, '0')}`) {
  const res = await server.post<{ id: number; mobile: string }>(
    '/parent/create',
    { name_en: `Parent ${serial}`, name_ar: 'ولي أمر', mobile },
    token,
  );
  expect(res.body.message).toBe('OK');
  return res.body.data;
}
const lastText = () => received.at(-1)!;
const messagesTo = (mobile: string) => server.database.db.select().from(smsMessages).where(eq(smsMessages.to, mobile));

describe('mobiles in E.164', () => {
  it('a parent’s 0501234567 is kept and sent as +966501234567; the start typed locally still finds them', async () => {
    answer = { status: 201, body: { sid: 'SM2' } };
    const p = await parent(admin, '0501234567');
    expect(p.mobile).toBe('+966501234567');
    expect((await server.post('/otp/send', { id: p.id, mobile: '050 123 4567' }, admin)).body.message).toBe('OK');
    expect(lastText().get('To')).toBe('+966501234567');
    const found = await server.post<{ id: number }[]>('/parent/search', { query: '0501234' }, admin);
    expect(found.body.data.map((f) => f.id)).toContain(p.id);
    expect(
      (await server.post<{ id: number }[]>('/parent/search', { query: '+9665012345' }, admin)).body.data.map(
        (f) => f.id,
      ),
    ).toContain(p.id);
  });

  it('what is not a mobile is refused with INVALID_MOBILE: a parent’s landline, a walk-in’s “abc 12”', async () => {
    const landline = await server.post(
      '/parent/create',
      { name_en: 'Landline', name_ar: 'هاتف ثابت', mobile: '0112345678' },
      admin,
    );
    expect(landline.status).toBe(400);
    expect(landline.body).toMatchObject({
      message: 'INVALID_MOBILE',
      errors: [{ path: 'mobile', message: 'INVALID_MOBILE' }],
    });
    const product = (
      await server.post<{ id: number }>(
        '/product/create',
        { name_en: 'Juice', name_ar: 'عصير', price: 300, tax_id: 1, included: 1 },
        admin,
      )
    ).body.data.id;
    await server.post('/product/addstock', { id: product, qty: 5 }, admin);
    const sale = { cart: [{ product: { id: product, qty: 1 } }], salesData: { payments: { cash: 300 }, branch_id: 1 } };
    await server.openShift(admin, 1);
    const refused = await server.post('/sale/sale/create', { ...sale, parentInfo: { mobile: 'abc 12' } }, admin);
    expect(refused.body).toMatchObject({ message: 'INVALID_MOBILE', errors: [{ path: 'parentInfo.mobile' }] });
    const walkIn = await server.post<{ id: number }>(
      '/sale/sale/create',
      { ...sale, parentInfo: { mobile: '0557770000' } },
      admin,
    );
    answer = { status: 201, body: { sid: 'SM3' } };
    expect((await server.post('/invoice/send', { id: walkIn.body.data.id }, admin)).body).toMatchObject({
      message: 'MESSAGE_SENT',
      data: { to: '+966557770000', delivery: 'sent' },
    });
    expect(lastText().get('To')).toBe('+966557770000');
  });

  it('a branch in another country reads its local numbers as that country’s', async () => {
    const uk = (
      await server.post<{ id: number; country: string }>(
        '/branch/create',
        { name_en: 'London', name_ar: 'لندن', country: 'gb', currency: 'GBP' },
        admin,
      )
    ).body.data;
    expect(uk.country).toBe('GB');
    expect(
      (await server.post('/branch/create', { name_en: 'Nowhere', name_ar: 'لا مكان', country: 'XX' }, admin)).body,
    ).toMatchObject({ message: 'VALIDATION_FAILED', errors: [{ path: 'country' }] });
    const londoner = await server.staff(
      '07700900001',
      { FrontDesk: { access: true, view: true, create: true, update: true, delete: false } },
      uk.id,
    );
    const p = await server.post<{ mobile: string }>(
      '/parent/create',
      { name_en: 'Londoner', name_ar: 'لندني', mobile: '07911 123456' },
      londoner,
    );
    expect(p.body.data.mobile).toBe('+447911123456');
  });

  it('the per-mobile limit counts the number, however it is typed', async () => {
    answer = { status: 201, body: { sid: 'SM4' } };
    const p = await parent();
    const local = p.mobile.replace('+966', '0');
    for (const typed of [local, p.mobile, `00${p.mobile.slice(1)}`])
      expect(
        (await server.post('/otp/send', { id: p.id, mobile: typed }, admin, undefined, { 'x-t': typed })).body.message,
      ).toBe('OK');
    expect(
      (await server.post('/otp/send', { id: p.id, mobile: local }, admin, undefined, { 'x-t': 'again' })).body.message,
    ).toBe('TOO_MANY_REQUESTS');
    expect((await server.database.db.select().from(otpCodes).where(eq(otpCodes.mobile, p.mobile))).length).toBe(3);
  });
});

describe('why a text was not sent', () => {
  const cases = [
    {
      name: 'wrong credentials (401)',
      answer: { status: 401, body: { code: 20003, message: 'Authenticate' } },
      key: 'SMS_GATEWAY_MISCONFIGURED',
      http: 502,
      code: '20003',
    },
    {
      name: 'a number Twilio refuses (400, 21211)',
      answer: { status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number." } },
      key: 'SMS_NUMBER_REFUSED',
      http: 400,
      code: '21211',
    },
    {
      name: 'a gateway that is down (503)',
      answer: { status: 503, body: { message: 'down' } },
      key: 'SMS_NOT_SENT',
      http: 502,
      code: null,
    },
    {
      name: 'a redirect (301), not followed: it would turn the message into a GET that sends nothing',
      answer: { status: 301, body: {}, headers: { location: '/elsewhere' } },
      key: 'SMS_GATEWAY_MISCONFIGURED',
      http: 502,
      code: null,
    },
    {
      name: 'a 200 without a message id: not the Messages API answering',
      answer: { status: 200, body: { ok: true } },
      key: 'SMS_GATEWAY_MISCONFIGURED',
      http: 502,
      code: 'NO_MESSAGE_ID',
    },
  ] as const;
  for (const c of cases) {
    it(`${c.name}: ${c.key}, the gateway’s status and code kept on the message, and the code taken back`, async () => {
      const p = await parent();
      answer = c.answer;
      const asked = methods.length;
      const res = await server.post('/otp/send', { id: p.id, mobile: p.mobile }, admin);
      expect(methods.slice(asked)).toEqual(['POST']);
      expect(res.status).toBe(c.http);
      expect(res.body.message).toBe(c.key);
      expect(await messagesTo(p.mobile)).toMatchObject([
        { status: 'failed', http_status: c.answer.status, error_code: c.code },
      ]);
      expect(await server.database.db.select().from(otpCodes).where(eq(otpCodes.mobile, p.mobile))).toEqual([]);
      const outbox = await server.post<{
        rows: { status: string; http_status: number | null; error_code: string | null }[];
      }>('/sms/outbox', { to: p.mobile }, admin);
      expect(outbox.body.data.rows).toMatchObject([
        { status: 'failed', http_status: c.answer.status, error_code: c.code },
      ]);
    });
  }
});

describe('an answer that does not come', () => {
  it('a reply slower than the wait keeps the code good and the message unknown; the parent’s code then verifies', async () => {
    const p = await parent();
    answer = { status: 201, body: { sid: 'SM-late' }, delayMs: 3000 };
    const res = await server.post('/otp/send', { id: p.id, mobile: p.mobile }, admin);
    expect(res.body).toMatchObject({ status: true, message: 'OK', data: { sent: true, delivery: 'unknown' } });
    expect(await messagesTo(p.mobile)).toMatchObject([{ status: 'unknown', http_status: null, error_code: 'TIMEOUT' }]);
    const code = lastText()
      .get('Body')!
      .match(/\b(\d{6})\b/)![1]!;
    expect((await server.post('/otp/verify', { id: p.id, mobile: p.mobile, otp: code }, admin)).body.message).toBe(
      'OTP_VERIFICATION_SUCCESS',
    );
  });

  it('a 201 whose body does not come within the wait is unknown (the id may have been in it), not a settings failure', async () => {
    const p = await parent();
    answer = 'head only';
    expect((await server.post('/otp/send', { id: p.id, mobile: p.mobile }, admin)).body).toMatchObject({
      message: 'OK',
      data: { delivery: 'unknown' },
    });
    expect(await messagesTo(p.mobile)).toMatchObject([{ status: 'unknown', error_code: 'TIMEOUT' }]);
  });

  it('a connection dropped after the request went out is unknown too, not a failure', async () => {
    const p = await parent();
    answer = 'drop';
    expect((await server.post('/otp/send', { id: p.id, mobile: p.mobile }, admin)).body).toMatchObject({
      message: 'OK',
      data: { delivery: 'unknown' },
    });
    expect(await messagesTo(p.mobile)).toMatchObject([{ status: 'unknown' }]);
    expect(await server.database.db.select().from(otpCodes).where(eq(otpCodes.mobile, p.mobile))).toHaveLength(1);
  });
});

describe('the outbox', () => {
  it('keeps and shows codes masked, and shows a branch only its own messages (administrators: all)', async () => {
    answer = { status: 201, body: { sid: 'SM5' } };
    const desk = {
      FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
      Promotions: { access: true, view: true, create: false, update: false, delete: false },
    };
    const other = (await server.post<{ id: number }>('/branch/create', { name_en: 'North', name_ar: 'الشمال' }, admin))
      .body.data.id;
    const cashier = await server.staff('0543333333', desk);
    const stranger = await server.staff('0544444444', desk, other);
    const p = await parent();
    expect((await server.post('/otp/send', { id: p.id, mobile: p.mobile }, cashier)).body.message).toBe('OK');
    const code = lastText()
      .get('Body')!
      .match(/\b(\d{6})\b/)![1]!;

    const [stored] = await messagesTo(p.mobile);
    expect(stored!.body).not.toContain(code);
    expect(stored!.body).toContain('PlayDesk code: ••••••');
    expect(stored!.branch_id).toBe(1);
    const mine = await server.post<{ rows: { body: string }[] }>('/sms/outbox', { to: p.mobile }, cashier);
    expect(mine.body.data.rows).toHaveLength(1);
    expect(JSON.stringify(mine.body)).not.toContain(code);
    expect((await server.post<{ rows: unknown[] }>('/sms/outbox', { to: p.mobile }, stranger)).body.data.rows).toEqual(
      [],
    );
    expect((await server.post<{ rows: unknown[]; total: number }>('/sms/outbox', {}, stranger)).body.data.total).toBe(
      0,
    );
    expect(
      (await server.post<{ rows: unknown[] }>('/sms/outbox', { to: p.mobile.replace('+966', '0') }, admin)).body.data
        .rows,
    ).toHaveLength(1);
  });
});

describe('the network’s cause', () => {
  const settings = { SMS_GATEWAY: 'twilio', SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'k', SMS_FROM: 'PD' } as const;

  it('a refused connection failed (nothing left, try later) and says ECONNREFUSED', async () => {
    // A port just freed: nothing listens there.
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const address = closed.address();
    await new Promise<void>((done) => closed.close(() => done()));
    const port = typeof address === 'object' && address ? address.port : 0;
    const gateway = httpGateway({ ...settings, SMS_BASE_URL: `http://127.0.0.1:${port}` });
    expect(await gateway.deliver('+966500000000', 'x')).toMatchObject({
      status: 'failed',
      failure: 'later',
      errorCode: 'ECONNREFUSED',
    });
  });

  it('the warning logged names the request and the cause, never the code', async () => {
    const lines: string[] = [];
    const { log } = Fastify({ logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } } });
    const address = peer.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const sender = new SmsSender(
      server.database.db,
      { current: async () => httpGateway({ ...settings, SMS_BASE_URL: `https://127.0.0.1:${port}` }) },
      log,
    );
    const message = { to: '+966500000009', purpose: 'otp', sentBy: null, branchId: null } as const;
    await expect(
      sender.send({ ...message, body: 'PlayDesk code: 424242.', secret: '424242', requestId: 'req-sms-1' }),
    ).rejects.toMatchObject({ key: 'SMS_GATEWAY_MISCONFIGURED' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'req-sms-1', error_code: expect.stringMatching(/^TLS /) });
    expect(lines[0]).not.toContain('424242');
  });

  it('a TLS handshake that fails is the settings’ failure (nothing left), not an unknown outcome', async () => {
    // The loopback peer speaks plain HTTP: a TLS client gets no handshake from it.
    const address = peer.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const asked = received.length;
    const gateway = httpGateway({ ...settings, SMS_BASE_URL: `https://127.0.0.1:${port}` });
    const delivery = await gateway.deliver('+966500000000', 'x');
    expect(delivery).toMatchObject({ status: 'failed', failure: 'configuration', httpStatus: null });
    expect(delivery.status === 'failed' && delivery.errorCode).toMatch(/^TLS /);
    expect(received.length).toBe(asked);
  });
});
