import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { newFamily, type FamilyOptions } from './families-fixture';
import { kidVisits, otpCodes, smsMessages } from '../../server/db/schema';
import { gatewayFromEnv, httpGateway } from '../../server/sms/http-gateway';

let server: TestServer;
let admin: string;
let cashier: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
  cashier = await server.staff('0542222222', {
    FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
    Sales: { access: true, view: true, create: true, update: false, delete: false },
    Invoices: { access: true, view: true, create: false, update: true, delete: false },
  });
  await server.openShift(cashier);
});
afterAll(() => server.close());

type Visit = {
  id: number;
  kid_id: number;
  badge: string;
  pending_ms: number;
  overtime_hours: number;
  overtime_fee: number;
  due: number;
  fee_decision: string | null;
  billed_sale_id: number | null;
};

const family = (kidCount: number, opts?: FamilyOptions) => newFamily(server, { admin, cashier }, kidCount, opts);

const checkin = (parent_id: number, kidsList: number[], badge: string, token = cashier, extra: object = {}) =>
  server.post<Visit[]>('/parent/kids/checkin', { parent_id, badge, kidsList, ...extra }, token);

/** Moves a visit's check-in back, as if the kid had been inside that long. */
const insideFor = (visitId: number, minutes: number) =>
  server.database.db
    .update(kidVisits)
    .set({ checkin_at: new Date(Date.now() - minutes * 60_000) })
    .where(eq(kidVisits.id, visitId));

/** The code the parent's phone received (the outbox keeps it masked). */
const lastCode = (mobile: string) =>
  server.texts
    .filter((t) => t.to === mobile)
    .at(-1)!
    .body.match(/\b(\d{6})\b/)![1]!;

describe('one-time codes', () => {
  it('sends a code to the parent’s mobile through the outbox, keeps only its hash, and approves it once', async () => {
    const { parent } = await family(1, { subscribe: false });
    const sent = await server.post('/otp/send', { id: parent.id, mobile: parent.mobile }, cashier);
    expect(sent.body).toMatchObject({ message: 'OK', data: { sent: true, expires_in_seconds: 600 } });
    const code = lastCode(parent.mobile);
    const [stored] = await server.database.db.select().from(otpCodes).where(eq(otpCodes.mobile, parent.mobile));
    expect(stored!.code_hash).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);
    const outbox = await server.post<{ rows: { to: string; purpose: string; status: string }[] }>(
      '/sms/outbox',
      { to: parent.mobile },
      admin,
    );
    expect(outbox.body.data.rows[0]).toMatchObject({ purpose: 'otp', status: 'stored' });

    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await server.post('/otp/verify', { id: parent.id, mobile: parent.mobile, otp: wrong }, cashier)).body.message,
    ).toBe('INVALID_OTP');
    const ok = await server.post('/otp/verify', { id: parent.id, mobile: parent.mobile, otp: code }, cashier);
    expect(ok.body).toMatchObject({ message: 'OTP_VERIFICATION_SUCCESS', data: { status: 'approved' } });
    expect(
      (await server.post('/otp/verify', { id: parent.id, mobile: parent.mobile, otp: code }, cashier)).body.message,
    ).toBe('INVALID_OTP');
  });

  it('MOBILE_NUMBER_MISSING without a mobile; another mobile than the parent’s is refused', async () => {
    const { parent } = await family(1, { subscribe: false });
    expect((await server.post('/otp/send', { id: parent.id }, cashier)).body.message).toBe('MOBILE_NUMBER_MISSING');
    expect((await server.post('/otp/send', { id: parent.id, mobile: ' ' }, cashier)).body.message).toBe(
      'MOBILE_NUMBER_MISSING',
    );
    expect((await server.post('/otp/send', { id: parent.id, mobile: '0500000001' }, cashier)).body).toMatchObject({
      message: 'VALIDATION_FAILED',
      errors: [{ path: 'mobile' }],
    });
  });

  it('a code allows 5 checks and lives 10 minutes', async () => {
    const { parent } = await family(1, { subscribe: false });
    await server.post('/otp/send', { id: parent.id, mobile: parent.mobile }, cashier);
    const code = lastCode(parent.mobile);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++)
      await server.post('/otp/verify', { id: parent.id, mobile: parent.mobile, otp: wrong }, cashier);
    expect(
      (await server.post('/otp/verify', { id: parent.id, mobile: parent.mobile, otp: code }, cashier)).body.message,
    ).toBe('INVALID_OTP');

    await server.post('/otp/send', { id: parent.id, mobile: parent.mobile }, cashier);
    const fresh = lastCode(parent.mobile);
    await server.database.db
      .update(otpCodes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(otpCodes.mobile, parent.mobile));
    expect(
      (await server.post('/otp/verify', { id: parent.id, mobile: parent.mobile, otp: fresh }, cashier)).body.message,
    ).toBe('INVALID_OTP');
  });

  it('sending is limited per mobile, also when the requests come at once', async () => {
    const { parent } = await family(1, { subscribe: false });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        server.post('/otp/send', { id: parent.id, mobile: parent.mobile }, cashier, undefined, {
          'x-attempt': String(i),
        }),
      ),
    );
    const messages = results.map((r) => r.body.message).sort();
    expect(messages.filter((m) => m === 'OK')).toHaveLength(3);
    expect(messages.filter((m) => m === 'TOO_MANY_REQUESTS')).toHaveLength(3);
    expect(results.find((r) => r.body.message === 'TOO_MANY_REQUESTS')!.status).toBe(429);
  });
});

describe('a code’s text message', () => {
  /** UCS-2 (any Arabic letter) fits 70 characters in one SMS segment; GSM-7, 160. */
  const segments = (body: string) =>
    /^[\x20-\x7e\n]*$/.test(body) ? Math.ceil(body.length / 160) : Math.ceil(body.length / 70);

  it('is in the language the station’s page asks in, one segment: Arabic alone, or English alone', async () => {
    const { parent } = await family(1, { subscribe: false });
    const asked = { id: parent.id, mobile: parent.mobile };
    expect((await server.post('/otp/send', { ...asked, language: 'ar' }, cashier)).body.message).toBe('OK');
    const arabic = server.texts.filter((t) => t.to === parent.mobile).at(-1)!.body;
    expect(arabic).toContain('رمز التحقق');
    expect(arabic).not.toContain('PlayDesk code');
    expect(segments(arabic)).toBe(1);

    expect((await server.post('/otp/send', { ...asked, language: 'en' }, cashier)).body.message).toBe('OK');
    const english = server.texts.filter((t) => t.to === parent.mobile).at(-1)!.body;
    expect(english).toContain('PlayDesk code');
    expect(english).not.toMatch(/[\u0600-\u06ff]/);
    expect(segments(english)).toBe(1);

    expect((await server.post('/otp/send', { ...asked, language: 'fr' }, cashier)).body).toMatchObject({
      message: 'VALIDATION_FAILED',
      errors: [{ path: 'language' }],
    });
  });

  it('an administrator’s code is kept under the station’s branch they name; a cashier names only their own', async () => {
    const { parent } = await family(1, { subscribe: false });
    const north = (await server.post<{ id: number }>('/branch/create', { name_en: 'North', name_ar: 'الشمال' }, admin))
      .body.data.id;
    const asked = { id: parent.id, mobile: parent.mobile };
    expect((await server.post('/otp/send', { ...asked, branch_id: north }, admin)).body.message).toBe('OK');
    const [stored] = await server.database.db.select().from(smsMessages).where(eq(smsMessages.to, parent.mobile));
    expect(stored!.branch_id).toBe(north);
    expect((await server.post('/otp/send', { ...asked, branch_id: north }, cashier)).body.message).toBe('NOT_FOUND');
    expect((await server.post('/otp/send', { ...asked, branch_id: 999999 }, admin)).body.message).toBe('NOT_FOUND');
  });

  it('an administrator’s code, with no station branch named, is kept under the family’s branch, so that branch’s outbox shows it', async () => {
    const { parent } = await family(1, { subscribe: false });
    expect((await server.post('/otp/send', { id: parent.id, mobile: parent.mobile }, admin)).body.message).toBe('OK');
    const [stored] = await server.database.db.select().from(smsMessages).where(eq(smsMessages.to, parent.mobile));
    expect(stored!.branch_id).toBe(1);
    const desk = await server.staff('0542222299', {
      Promotions: { access: true, view: true, create: false, update: false, delete: false },
    });
    const outbox = await server.post<{ rows: { to: string }[] }>('/sms/outbox', { to: parent.mobile }, desk);
    expect(outbox.body.data.rows).toHaveLength(1);
  });
});

describe('the Twilio-compatible SMS gateway', () => {
  let peer: Server;
  let peerUrl: string;
  const received: { url: string; auth: string; form: URLSearchParams }[] = [];
  let refuse = false;
  beforeAll(async () => {
    peer = createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        received.push({ url: req.url ?? '', auth: req.headers.authorization ?? '', form: new URLSearchParams(body) });
        res.writeHead(refuse ? 503 : 201, { 'content-type': 'application/json' });
        res.end(JSON.stringify(refuse ? { message: 'down' } : { sid: `SM${received.length}` }));
      });
    });
    await new Promise<void>((done) => peer.listen(0, '127.0.0.1', done));
    const address = peer.address();
    peerUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((done) => peer.close(() => done())));

  it('posts the message form-encoded with basic auth, and keeps the provider’s id', async () => {
    const gateway = httpGateway({
      SMS_GATEWAY: 'twilio',
      SMS_BASE_URL: peerUrl,
      SMS_ACCOUNT_SID: 'AC123',
      SMS_AUTH_TOKEN: 'secret',
      SMS_FROM: 'PlayDesk',
    });
    expect(await gateway.deliver('+966561234567', 'رمز: 123456')).toEqual({ status: 'sent', providerId: 'SM1' });
    expect(received[0]!.url).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(received[0]!.auth).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
    expect(Object.fromEntries(received[0]!.form)).toEqual({
      To: '+966561234567',
      From: 'PlayDesk',
      Body: 'رمز: 123456',
    });
    refuse = true;
    expect(await gateway.deliver('+966561234567', 'x')).toEqual({
      status: 'failed',
      failure: 'later',
      httpStatus: 503,
      errorCode: null,
      // The start of the refusal, for whoever tests the settings (Settings → Send a test SMS).
      answer: '{"message":"down"}',
    });
    refuse = false;
  });

  it('is chosen by configuration, and a half configuration is refused at start', () => {
    expect(gatewayFromEnv({})).toBeUndefined();
    expect(gatewayFromEnv({ SMS_GATEWAY: 'outbox' })).toBeUndefined();
    expect(
      gatewayFromEnv({ SMS_GATEWAY: 'twilio', SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 't', SMS_FROM: 'P' })?.name,
    ).toBe('twilio');
    expect(() => gatewayFromEnv({ SMS_GATEWAY: 'twilio', SMS_ACCOUNT_SID: 'AC1' })).toThrow(/SMS_AUTH_TOKEN/);
  });

  it('a code sent through it is recorded as sent with the provider’s id', async () => {
    const viaPeer = await startTestServer({
      sms: httpGateway({
        SMS_GATEWAY: 'twilio',
        SMS_BASE_URL: peerUrl,
        SMS_ACCOUNT_SID: 'AC9',
        SMS_AUTH_TOKEN: 'k',
        SMS_FROM: 'PD',
      }),
    });
    try {
      const token = (await viaPeer.login()).accessToken;
      const parent = (
        await viaPeer.post<{ id: number; mobile: string }>(
          '/parent/create',
          { name_en: 'P', name_ar: 'ب', mobile: '0569990000' },
          token,
        )
      ).body.data;
      expect((await viaPeer.post('/otp/send', { id: parent.id, mobile: parent.mobile }, token)).body.message).toBe(
        'OK',
      );
      const [sms] = await viaPeer.database.db.select().from(smsMessages);
      expect(sms).toMatchObject({ gateway: 'twilio', status: 'sent', to: '+966569990000' });
      expect(received.at(-1)!.form.get('To')).toBe('+966569990000');
      expect(sms!.provider_id).toMatch(/^SM\d+$/);
      expect(received.at(-1)!.form.get('Body')).toMatch(/\d{6}/);
      refuse = true;
      const failed = await viaPeer.post('/otp/send', { id: parent.id, mobile: parent.mobile }, token);
      expect(failed.body.message).toBe('SMS_NOT_SENT');
      refuse = false;
      // The failed send took its code back: two more may still be sent in the window.
      expect(
        (await viaPeer.post('/otp/send', { id: parent.id, mobile: parent.mobile }, token, undefined, { 'x-n': '2' }))
          .body.message,
      ).toBe('OK');
    } finally {
      refuse = false;
      await viaPeer.close();
    }
  });
});

describe('check-in', () => {
  it('needs a valid badge', async () => {
    const { parent, kids } = await family(1);
    expect(
      (await server.post('/parent/kids/checkin', { parent_id: parent.id, kidsList: [kids[0]!.id] }, cashier)).body,
    ).toMatchObject({ message: 'VALIDATION_FAILED', errors: [{ path: 'badge', message: 'FIELD_REQUIRED' }] });
    for (const badge of ['', 'ab', 'has space', 'x'.repeat(41), '<script>'])
      expect((await checkin(parent.id, [kids[0]!.id], badge)).body.errors?.[0]?.path, badge).toBe('badge');
    expect((await checkin(parent.id, [], 'B-1')).body.message).toBe('NO_KID_SELECTED');
  });

  it('checks kids in with an active subscription (CHECKIN_DONE) and lists them with their time', async () => {
    const { parent, kids } = await family(2);
    const res = await checkin(
      parent.id,
      kids.map((k) => k.id),
      'B-100',
    );
    expect(res.body.message).toBe('CHECKIN_DONE');
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({ badge: 'B-100', overtime_hours: 0 });
    expect(res.body.data[0]!.pending_ms).toBeGreaterThan(139 * 60_000);
    const list = await server.post<{ rows: Visit[]; total: number }>(
      '/kids/checkedinlist',
      { branch_id: 0, q: 'B-100' },
      cashier,
    );
    expect(list.body.data.rows.map((r) => r.kid_id).sort()).toEqual(kids.map((k) => k.id).sort());
    const times = await server.get<{ kid_id: number; pending_ms: number }[]>(
      `/kids/session/time?kids=${kids.map((k) => k.id).join(',')}`,
      cashier,
    );
    expect(times.body.data).toHaveLength(2);
    const one = await server.get<{ session_id: number }>(`/kids/session/time/${kids[0]!.id}`, cashier);
    expect(one.body.data.session_id).toBe(res.body.data.find((s) => s.kid_id === kids[0]!.id)!.id);
  });

  it('NO_SUBSCRIPTION without an active one: none, frozen, or only waiting', async () => {
    const none = await family(1, { subscribe: false });
    expect((await checkin(none.parent.id, [none.kids[0]!.id], 'B-200')).body.message).toBe('NO_SUBSCRIPTION');
    const frozen = await family(1);
    const [sub] = (await server.post<{ id: number }[]>('/profile/kid/subscription', { id: frozen.kids[0]!.id }, admin))
      .body.data;
    await server.patch('/subscription/freeze', { id: sub!.id, freeze_days: 3 }, admin);
    expect((await checkin(frozen.parent.id, [frozen.kids[0]!.id], 'B-201')).body.message).toBe('NO_SUBSCRIPTION');
  });

  it('refuses a badge on a kid inside, and a kid already inside', async () => {
    const a = await family(1);
    const b = await family(1);
    expect((await checkin(a.parent.id, [a.kids[0]!.id], 'B-300')).body.message).toBe('CHECKIN_DONE');
    expect((await checkin(b.parent.id, [b.kids[0]!.id], 'b-300')).body.message).toBe('BADGE_IN_USE');
    expect((await checkin(a.parent.id, [a.kids[0]!.id], 'B-301')).body.message).toBe('KID_ALREADY_INSIDE');
  });

  it('a banned kid is refused unless a manager overrides', async () => {
    const { parent, kids } = await family(1, { banned: true });
    expect((await checkin(parent.id, [kids[0]!.id], 'B-400')).body.message).toBe('KID_BANNED');
    expect((await checkin(parent.id, [kids[0]!.id], 'B-400', cashier, { override_banned: true })).body.message).toBe(
      'NOT_AUTHORISED',
    );
    expect(
      (await checkin(parent.id, [kids[0]!.id], 'B-400', admin, { override_banned: true, branch_id: 1 })).body.message,
    ).toBe('CHECKIN_DONE');
  });

  it('a check-in retried with its Idempotency-Key answers the first check-in, not KID_ALREADY_INSIDE', async () => {
    const { parent, kids } = await family(2);
    const headers = { 'idempotency-key': 'desk-1-checkin-77' };
    const body = { parent_id: parent.id, badge: 'B-RETRY', kidsList: kids.map((k) => k.id) };
    const first = await server.post<Visit[]>('/parent/kids/checkin', body, cashier, undefined, headers);
    expect(first.body.message).toBe('CHECKIN_DONE');
    const retries = await Promise.all(
      [1, 2, 3].map(() => server.post<Visit[]>('/parent/kids/checkin', body, cashier, undefined, headers)),
    );
    for (const retry of retries) {
      expect(retry.body.message).toBe('CHECKIN_DONE');
      expect(retry.body.data.map((s) => s.id).sort()).toEqual(first.body.data.map((s) => s.id).sort());
    }
    const reused = await server.post(
      '/parent/kids/checkin',
      { ...body, badge: 'B-OTHER' },
      cashier,
      undefined,
      headers,
    );
    expect(reused).toEqual({ status: 422, body: { status: false, message: 'IDEMPOTENCY_KEY_REUSED' } });
  });

  it('two cashiers checking the same kid in at once: exactly one succeeds', async () => {
    const { parent, kids } = await family(1);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => checkin(parent.id, [kids[0]!.id], `RACE-${i}`)),
    );
    const messages = results.map((r) => r.body.message);
    expect(messages.filter((m) => m === 'CHECKIN_DONE')).toHaveLength(1);
    expect(messages.filter((m) => m === 'KID_ALREADY_INSIDE')).toHaveLength(9);
  });
});

describe('finding a parent at the counter', () => {
  it('by a kid’s name too; `checked` keeps parents with a kid inside, and each kid says whether they are', async () => {
    const { parent, kids } = await family(2);
    await server.post('/kid/update', { id: kids[0]!.id, name_en: 'Zubaida', name_ar: 'زبيدة' }, cashier);
    type Found = { id: number; kids: { id: number; session: { badge: string } | null }[] }[];
    expect(
      (await server.post<Found>('/parent/search', { query: 'zubai' }, cashier)).body.data.map((p) => p.id),
    ).toEqual([parent.id]);
    expect((await server.post<Found>('/parent/search', { query: 'زبيد', checked: true }, cashier)).body.data).toEqual(
      [],
    );
    await checkin(parent.id, [kids[0]!.id], 'B-SEARCH');
    const [hit] = (await server.post<Found>('/parent/search', { query: parent.mobile, checked: true }, cashier)).body
      .data;
    expect(hit!.kids.map((k) => k.session?.badge ?? null)).toEqual(['B-SEARCH', null]);
  });
});

describe('check-out and overtime', () => {
  it('CHECKOUT_COMPLETED; a kid not inside is KID_SESSION_NOT_ACTIVE; the list no longer shows them', async () => {
    const { parent, kids } = await family(1);
    await checkin(parent.id, [kids[0]!.id], 'B-500');
    const out = await server.post<Visit[]>('/parent/kids/checkout', { ids: [kids[0]!.id] }, cashier);
    expect(out.body).toMatchObject({
      message: 'CHECKOUT_COMPLETED',
      data: [{ kid_id: kids[0]!.id, overtime_hours: 0, due: 0 }],
    });
    expect((await server.post('/parent/kids/checkout', { ids: [kids[0]!.id] }, cashier)).body.message).toBe(
      'KID_SESSION_NOT_ACTIVE',
    );
    expect((await server.post<{ total: number }>('/kids/checkedinlist', { q: 'B-500' }, cashier)).body.data.total).toBe(
      0,
    );
    // The badge is free again.
    expect((await checkin(parent.id, [kids[0]!.id], 'B-500')).body.message).toBe('CHECKIN_DONE');
  });

  it('overtime is fixed at check-out, billed once by a sale, and due again when that invoice is cancelled', async () => {
    const { parent, kids, n } = await family(1, { overtimePrice: 2500 });
    const [visit] = (await checkin(parent.id, [kids[0]!.id], 'B-600')).body.data;
    await insideFor(visit!.id, 240); // 2 h + 10 min allowed; 100 minutes over → 2 started hours
    const live = await server.get<Visit>(`/kids/session/billing/${visit!.id}`, cashier);
    expect(live.body.data).toMatchObject({ overtime_hours: 2, overtime_fee: 5000, due: 0 });
    const [out] = (await server.post<Visit[]>('/parent/kids/checkout', { ids: [kids[0]!.id] }, cashier)).body.data;
    expect(out).toMatchObject({ overtime_hours: 2, overtime_fee: 5000, due: 5000 });
    const bulk = await server.get<{ bills: Visit[]; total: number }>(
      `/kids/session/billing?kids=${kids[0]!.id}`,
      cashier,
    );
    expect(bulk.body.data.total).toBe(5000);

    const sale = await server.post<{ id: number; payable: number; lines: { name_en: string; kid_ids: number[] }[] }>(
      '/sale/sale/create',
      { overtime_session_id: visit!.id, salesData: { payments: { cash: 5000 } } },
      cashier,
    );
    expect(sale.body.message).toBe('SALES_COMPLETED');
    expect(sale.body.data.payable).toBe(5000);
    expect(sale.body.data.lines[0]).toMatchObject({
      name_en: `Overtime 2 h · Kid ${n}-0`,
      kid_ids: [kids[0]!.id],
    });
    expect((await server.get<Visit>(`/kids/session/payments/${kids[0]!.id}`, cashier)).body.data).toMatchObject({
      due: 0,
      billed_sale_id: sale.body.data.id,
    });
    const again = await server.post(
      '/sale/sale/create',
      { bulk_overtime_session_id: [visit!.id], salesData: { payments: { cash: 5000 } } },
      cashier,
    );
    expect(again.body.message).toBe('VALIDATION_FAILED');

    await server.post('/sale/cancelinvoice', { id: sale.body.data.id }, cashier);
    expect((await server.get<Visit>(`/kids/session/billing/${visit!.id}`, cashier)).body.data.due).toBe(5000);
    const kidInvoices = await server.post<{ rows: { id: number }[] }>(
      '/profile/kid/invoice',
      { kid_id: kids[0]!.id },
      cashier,
    );
    expect(kidInvoices.body.data.rows.map((r) => r.id)).toContain(sale.body.data.id);
  });

  it('payment verification: the parent confirms the overtime with their code (INVALID_OTP otherwise)', async () => {
    const { parent, kids } = await family(2, { overtimePrice: 1000 });
    const other = await family(1);
    const visits = (
      await checkin(
        parent.id,
        kids.map((k) => k.id),
        'B-650',
      )
    ).body.data;
    for (const v of visits) await insideFor(v.id, 200);
    await server.post('/parent/kids/checkout', { ids: kids.map((k) => k.id) }, cashier);
    const unconfirmed = await server.get<Visit & { confirmed_at: string | null }>(
      `/kids/session/payments/${kids[0]!.id}`,
      cashier,
    );
    expect(unconfirmed.body.data).toMatchObject({ due: 2000, confirmed_at: null });

    await server.post('/otp/send', { id: parent.id, mobile: parent.mobile }, cashier);
    const code = lastCode(parent.mobile);
    const wrong = code === '123456' ? '654321' : '123456';
    expect(
      (await server.get(`/kids/session/payments?kids=${kids[0]!.id},${kids[1]!.id}&otp=${wrong}`, cashier)).body
        .message,
    ).toBe('INVALID_OTP');
    expect(
      (await server.get(`/kids/session/payments?kids=${kids[0]!.id},${other.kids[0]!.id}&otp=${code}`, cashier)).body
        .message,
    ).toBe('VALIDATION_FAILED');
    const confirmed = await server.get<(Visit & { confirmed_at: string | null })[]>(
      `/kids/session/payments?kids=${kids[0]!.id},${kids[1]!.id}&otp=${code}`,
      cashier,
    );
    expect(confirmed.body.data.map((b) => [b.due, b.confirmed_at !== null])).toEqual([
      [2000, true],
      [2000, true],
    ]);
    expect((await server.get(`/kids/session/payments/${kids[0]!.id}?otp=${code}`, cashier)).body.message).toBe(
      'INVALID_OTP',
    );
  });

  it('a manager edits or forgives a fee, and each decision is logged with who and why', async () => {
    const { parent, kids } = await family(1, { overtimePrice: 2000 });
    const [visit] = (await checkin(parent.id, [kids[0]!.id], 'B-700')).body.data;
    await insideFor(visit!.id, 200);
    await server.post('/parent/kids/checkout', { ids: [kids[0]!.id] }, cashier);
    expect(
      (
        await server.post(
          '/kids/session/fee',
          { session_id: visit!.id, action: 'forgive', reason: 'Power cut' },
          cashier,
        )
      ).body.message,
    ).toBe('NOT_AUTHORISED');
    expect(
      (await server.post('/kids/session/fee', { session_id: visit!.id, action: 'edit', reason: 'Discount' }, admin))
        .body,
    ).toMatchObject({ message: 'VALIDATION_FAILED', errors: [{ path: 'fee' }] });
    const edited = await server.post<Visit>(
      '/kids/session/fee',
      { session_id: visit!.id, action: 'edit', fee: 1000, reason: 'Late because of the party' },
      admin,
    );
    expect(edited.body.data).toMatchObject({ overtime_fee: 1000, due: 1000, fee_decision: 'edited' });
    const forgiven = await server.post<Visit>(
      '/kids/session/fee',
      { session_id: visit!.id, action: 'forgive', reason: 'Power cut' },
      admin,
    );
    expect(forgiven.body.data).toMatchObject({ due: 0, fee_decision: 'forgiven' });
    const log = await server.post<
      { action: string; fee_before: number; fee_after: number; reason: string; user_name_en: string; at: string }[]
    >('/kids/session/fee/log', { session_id: visit!.id }, cashier);
    expect(log.body.data.map(({ at: _at, ...d }) => d)).toEqual([
      {
        action: 'edit',
        fee_before: 4000,
        fee_after: 1000,
        reason: 'Late because of the party',
        user_id: expect.any(Number),
        user_name_en: expect.any(String),
        user_name_ar: expect.any(String),
      },
      {
        action: 'forgive',
        fee_before: 1000,
        fee_after: 0,
        reason: 'Power cut',
        user_id: expect.any(Number),
        user_name_en: expect.any(String),
        user_name_ar: expect.any(String),
      },
    ]);
    expect(
      (
        await server.post(
          '/sale/sale/create',
          { overtime_session_id: visit!.id, salesData: { payments: { cash: 0 } } },
          cashier,
        )
      ).body.message,
    ).toBe('VALIDATION_FAILED');
  });

  it('an administrator closes a visit; others may not', async () => {
    const { parent, kids } = await family(1);
    const [visit] = (await checkin(parent.id, [kids[0]!.id], 'B-800')).body.data;
    expect(
      (await server.post('/admin/actions/checkout', { id: visit!.id, kid_id: kids[0]!.id }, cashier)).body.message,
    ).toBe('NOT_AUTHORISED');
    expect(
      (await server.post('/admin/actions/checkout', { id: visit!.id, kid_id: kids[0]!.id + 1000 }, admin)).body.message,
    ).toBe('KID_SESSION_NOT_ACTIVE');
    expect(
      (await server.post('/admin/actions/checkout', { id: visit!.id, kid_id: kids[0]!.id }, admin)).body.message,
    ).toBe('CHECKOUT_COMPLETED');
  });
});

describe('kid profile', () => {
  it('info with the parent, visits, no room visits yet, and files under the kid', async () => {
    const { parent, kids } = await family(1);
    await checkin(parent.id, [kids[0]!.id], 'B-900');
    expect(
      (await server.post<{ parent: { id: number } }>('/profile/kid/info', { id: kids[0]!.id }, cashier)).body.data
        .parent.id,
    ).toBe(parent.id);
    expect(
      (await server.post<{ total: number }>('/profile/kid/session', { kid_id: kids[0]!.id }, cashier)).body.data.total,
    ).toBe(1);
    expect(
      (await server.post<{ total: number }>('/profile/kid/roomsession', { kid_id: kids[0]!.id }, cashier)).body.data
        .total,
    ).toBe(0);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64');
    expect(
      (
        await server.post(
          '/file/upload',
          { folder: 'kid', owner_id: kids[0]!.id, fileName: 'card.png', contentBase64: png },
          cashier,
        )
      ).body.status,
    ).toBe(true);
    expect(
      (
        await server.post(
          '/file/upload',
          { folder: 'kid', owner_id: 999999, fileName: 'card.png', contentBase64: png },
          cashier,
        )
      ).body.message,
    ).toBe('NOT_FOUND');
  });
});
