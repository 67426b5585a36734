import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { smsMessages } from '../../server/db/schema';

/**
 * An SMS provider on loopback that records what it is sent (as the provider's own log would show it)
 * and answers what the test says; `hold` keeps the answer back until the test lets go.
 */
interface Received {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}
let reply: { status: number; body: string } = { status: 200, body: '{"status":"ok"}' };
let hold: Promise<void> | null = null;
let arrived: (() => void) | null = null;
const received: Received[] = [];
let recorder: Server;
let recorderUrl: string;

const SECRET = 'sk-live-7f3a9c2e';
let server: TestServer;
let admin: string;
const log: string[] = [];

beforeAll(async () => {
  recorder = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: new URL(req.url ?? '/', recorderUrl),
        headers: req.headers,
        body,
      });
      arrived?.();
      const now = reply;
      void (hold ?? Promise.resolve()).then(() => res.writeHead(now.status).end(now.body));
    });
  });
  await new Promise<void>((done) => recorder.listen(0, '127.0.0.1', done));
  const address = recorder.address();
  recorderUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  // No gateway from the environment: the provider set in Settings, else the outbox.
  server = await startTestServer({ sms: null, log });
  admin = (await server.login()).accessToken;
});
afterAll(async () => {
  await server.close();
  recorder.closeAllConnections();
  await new Promise<void>((done) => recorder.close(() => done()));
});

/** A generic provider as a Saudi one is set: JSON, the key in a header, accepted when `status` is `ok`. */
const jsonProvider = () => ({
  kind: 'http',
  method: 'POST',
  url: `${recorderUrl}/v1/send`,
  body_format: 'json',
  fields: [
    { name: 'numbers', value: '{to}' },
    { name: 'msg', value: '{body}' },
    { name: 'userSender', value: '{sender}' },
  ],
  sender: 'PlayDesk',
  auth: 'header',
  auth_name: 'X-Api-Key',
  accepted: 'json',
  accepted_field: 'status',
  accepted_value: 'ok',
});

let mobiles = 0;
async function parent() {
  const mobile = `05655${String(++mobiles).padStart(5, '0')}`;
  const made = await server.post<{ id: number; mobile: string }>(
    '/parent/create',
    { name_en: 'Sara', name_ar: 'سارة', mobile },
    admin,
  );
  return made.body.data;
}

const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];

describe('until a provider is set', () => {
  it('codes cannot reach a phone, and every signed-in screen can ask so; only the Settings right reads the provider', async () => {
    const cashier = await server.staff('0500000301', {
      FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
    });
    expect((await server.get('/settings/sms/status', cashier)).body.data).toEqual({ codes: false });
    expect((await server.get('/settings/sms', cashier)).body.message).toBe('NOT_AUTHORISED');
    expect((await server.post('/settings/sms/update', jsonProvider(), cashier)).body.message).toBe('NOT_AUTHORISED');
    const viewer = await server.staff('0500000303', {
      Settings: { access: true, view: true, create: false, update: false, delete: false },
    });
    expect((await server.get('/settings/sms', viewer)).body.message).toBe('NOT_AUTHORISED');
    const manager = await server.staff('0500000302', {
      Settings: { access: true, view: true, create: false, update: true, delete: false },
    });
    expect((await server.get('/settings/sms', manager)).body.data).toEqual({
      source: 'none',
      environment_gateway: null,
      provider: null,
    });
    // A test with no provider is kept in the outbox only, and says so.
    const test = await server.post('/settings/sms/test', { mobile: '0501230000' }, admin);
    expect(test.body.data).toMatchObject({ outcome: 'stored' });
  });
});

describe('a generic HTTP provider set in Settings', () => {
  it('JSON with the key in a header: the code reaches the provider filled in, and the parent verifies with it', async () => {
    const saved = await server.post('/settings/sms/update', { ...jsonProvider(), secret: SECRET }, admin);
    expect(saved.body.data).toMatchObject({ source: 'settings', provider: { kind: 'http', secret_set: true } });
    expect(JSON.stringify(saved.body)).not.toContain(SECRET);
    const read = await server.get('/settings/sms', admin);
    expect(read.body.data).toMatchObject({ source: 'settings', provider: { url: `${recorderUrl}/v1/send` } });
    expect(JSON.stringify(read.body)).not.toContain(SECRET);
    expect((await server.get('/settings/sms/status', admin)).body.data).toEqual({ codes: true });

    const p = await parent();
    reply = { status: 200, body: '{"status":"ok","id":77}' };
    const before = received.length;
    const sent = await server.post('/otp/send', { id: p.id, mobile: p.mobile }, admin);
    expect(sent.body).toMatchObject({ status: true, data: { delivery: 'sent' } });
    const [got] = received.slice(before);
    expect(got).toMatchObject({ method: 'POST', headers: { 'x-api-key': SECRET, 'content-type': 'application/json' } });
    const json = JSON.parse(got!.body) as Record<string, string>;
    expect(json).toMatchObject({ numbers: p.mobile, userSender: 'PlayDesk' });
    const code = codeIn(json.msg!);
    expect(code).toBeDefined();
    const verified = await server.post('/otp/verify', { id: p.id, mobile: p.mobile, otp: code }, admin);
    expect(verified.body).toMatchObject({ status: true, data: { status: 'approved' } });
    expect(await server.database.db.select().from(smsMessages).where(eq(smsMessages.to, p.mobile))).toMatchObject([
      { gateway: 'http', status: 'sent' },
    ]);
  });

  it('a form POST with basic auth; a 2xx that does not read as accepted is the provider’s refusal, shown with its status and answer, the secret blotted out', async () => {
    const form = {
      ...jsonProvider(),
      body_format: 'form',
      auth: 'basic',
      auth_name: 'centre',
      fields: [
        { name: 'Recipient', value: '{to}' },
        { name: 'Body', value: '{body}' },
      ],
    };
    // Changing the other fields keeps the secret.
    const saved = await server.post('/settings/sms/update', form, admin);
    expect(saved.body.data).toMatchObject({ provider: { auth: 'basic', secret_set: true } });
    reply = { status: 200, body: `{"status":"error","message":"sender not approved","echo":"${SECRET}"}` };
    const before = received.length;
    const test = await server.post('/settings/sms/test', { mobile: '0501230001', language: 'ar' }, admin);
    const [got] = received.slice(before);
    expect(got!.headers.authorization).toBe(`Basic ${Buffer.from(`centre:${SECRET}`).toString('base64')}`);
    const fields = new URLSearchParams(got!.body);
    expect(fields.get('Recipient')).toBe('+966501230001');
    expect(fields.get('Body')).toContain('رسالة تجريبية');
    expect(test.status).toBe(200);
    expect(test.body.data).toMatchObject({ outcome: 'refused', http_status: 200, error_code: 'NOT_ACCEPTED' });
    expect(test.body.data).toMatchObject({ answer: expect.stringContaining('sender not approved') });
    expect(JSON.stringify(test.body)).not.toContain(SECRET);

    reply = { status: 200, body: '{"status":"ok"}' };
    const accepted = await server.post('/settings/sms/test', { mobile: '0501230001' }, admin);
    expect(accepted.body.data).toMatchObject({ outcome: 'accepted', http_status: null, answer: null });
  });

  it('a GET with the fields in the query, accepted on text; a 401 and a 503 answer with their status and short body', async () => {
    const get = {
      ...jsonProvider(),
      method: 'GET',
      auth: 'none',
      fields: [
        { name: 'apikey', value: '{secret}' },
        { name: 'to', value: '{to}' },
        { name: 'text', value: '{body}' },
      ],
      accepted: 'text',
      accepted_field: '',
      accepted_value: 'QUEUED',
    };
    expect((await server.post('/settings/sms/update', get, admin)).body.status).toBe(true);
    reply = { status: 200, body: 'OK: QUEUED 1' };
    const before = received.length;
    const ok = await server.post('/settings/sms/test', { mobile: '0501230002' }, admin);
    expect(ok.body.data).toMatchObject({ outcome: 'accepted' });
    const [got] = received.slice(before);
    expect(got!.method).toBe('GET');
    expect(got!.url.searchParams.get('apikey')).toBe(SECRET);
    expect(got!.url.searchParams.get('to')).toBe('+966501230002');

    reply = { status: 401, body: 'invalid api key' };
    expect((await server.post('/settings/sms/test', { mobile: '0501230002' }, admin)).body.data).toEqual({
      outcome: 'refused',
      http_status: 401,
      error_code: null,
      answer: 'invalid api key',
    });
    reply = { status: 503, body: 'x'.repeat(5000) };
    const busy = await server.post<{ answer: string }>('/settings/sms/test', { mobile: '0501230002' }, admin);
    expect(busy.body.data).toMatchObject({ outcome: 'refused', http_status: 503 });
    expect(busy.body.data.answer.length).toBeLessThanOrEqual(300);
    // A code the provider refuses is told to the counter as any gateway's refusal.
    const p = await parent();
    reply = { status: 401, body: 'invalid api key' };
    expect((await server.post('/otp/send', { id: p.id, mobile: p.mobile }, admin)).body.message).toBe(
      'SMS_GATEWAY_MISCONFIGURED',
    );
  });

  it('Twilio set in Settings sends to its Messages API with the account and the stored token', async () => {
    const saved = await server.post(
      '/settings/sms/update',
      { kind: 'twilio', account_sid: 'AC9', from: 'PlayDesk', base_url: recorderUrl, secret: 'tw-token-1' },
      admin,
    );
    expect(saved.body.data).toMatchObject({ provider: { kind: 'twilio', secret_set: true } });
    reply = { status: 201, body: '{"sid":"SM9"}' };
    const before = received.length;
    const test = await server.post('/settings/sms/test', { mobile: '0501230003' }, admin);
    expect(test.body.data).toMatchObject({ outcome: 'accepted' });
    const [got] = received.slice(before);
    expect(got!.url.pathname).toBe('/2010-04-01/Accounts/AC9/Messages.json');
    expect(got!.headers.authorization).toBe(`Basic ${Buffer.from('AC9:tw-token-1').toString('base64')}`);
    expect(new URLSearchParams(got!.body).get('To')).toBe('+966501230003');
  });

  it('a slow provider holds no one up: the server answers others while a test message waits for it', async () => {
    await server.post('/settings/sms/update', { ...jsonProvider(), secret: SECRET }, admin);
    let release!: () => void;
    hold = new Promise((done) => (release = done));
    const inside = new Promise<void>((done) => (arrived = done));
    reply = { status: 200, body: '{"status":"ok"}' };
    const pending = server.post('/settings/sms/test', { mobile: '0501230004' }, admin);
    await inside;
    const list = await server.post<{ id: number }[]>('/branch/list', {}, admin);
    expect(list.status).toBe(200);
    expect((await server.get('/settings/sms', admin)).status).toBe(200);
    release();
    hold = null;
    arrived = null;
    expect((await pending).body.data).toMatchObject({ outcome: 'accepted' });
  });

  it('the secret appears in no log line', () => {
    expect(log.length).toBeGreaterThan(0);
    expect(log.join('\n')).not.toContain(SECRET);
  });
});

describe('bad settings', () => {
  const cases: { name: string; body: Record<string, unknown>; path: string; reason: string }[] = [
    {
      name: 'plain http to another computer',
      body: { url: 'http://sms.example.com/send' },
      path: 'url',
      reason: 'FIELD_INSECURE_URL',
    },
    { name: 'not an address', body: { url: 'sms provider' }, path: 'url', reason: 'FIELD_INVALID' },
    {
      name: 'a placeholder the server does not fill',
      body: {
        fields: [
          { name: 'to', value: '{to}' },
          { name: 'm', value: '{body} {phone}' },
        ],
      },
      path: 'fields.1.value',
      reason: 'FIELD_INVALID',
    },
    {
      name: 'no {body} anywhere',
      body: { fields: [{ name: 'to', value: '{to}' }] },
      path: 'fields',
      reason: 'FIELD_INVALID',
    },
    { name: 'a method other than GET or POST', body: { method: 'PUT' }, path: 'method', reason: 'FIELD_INVALID' },
    {
      name: 'a header name with a space',
      body: { auth_name: 'X Api Key' },
      path: 'auth_name',
      reason: 'FIELD_REQUIRED',
    },
    {
      name: 'a JSON rule without its field',
      body: { accepted_field: '' },
      path: 'accepted_field',
      reason: 'FIELD_REQUIRED',
    },
    {
      name: 'a secret with a line break',
      body: { secret: 'abc\r\nX-Other: 1' },
      path: 'secret',
      reason: 'FIELD_INVALID',
    },
  ];
  for (const c of cases) {
    it(`${c.name}: VALIDATION_FAILED on ${c.path}, nothing stored`, async () => {
      const before = (await server.get('/settings/sms', admin)).body.data;
      const res = await server.post('/settings/sms/update', { ...jsonProvider(), ...c.body }, admin);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'VALIDATION_FAILED', errors: [{ path: c.path, message: c.reason }] });
      expect((await server.get('/settings/sms', admin)).body.data).toEqual(before);
    });
  }

  it('a provider needing a secret is refused without one on a first save; a number that is not a mobile is refused for a test', async () => {
    const fresh = await startTestServer({ sms: null });
    try {
      const token = (await fresh.login()).accessToken;
      const res = await fresh.post('/settings/sms/update', jsonProvider(), token);
      expect(res.body).toMatchObject({
        message: 'VALIDATION_FAILED',
        errors: [{ path: 'secret', message: 'FIELD_REQUIRED' }],
      });
      expect((await fresh.get('/settings/sms', token)).body.data).toMatchObject({ source: 'none', provider: null });
      const test = await fresh.post('/settings/sms/test', { mobile: '0112345678' }, token);
      expect(test.body.message).toBe('INVALID_MOBILE');
    } finally {
      await fresh.close();
    }
  });
});

describe('a gateway named by the server’s environment', () => {
  it('wins over Settings: the screen reads it, saving is refused, and codes are sent', async () => {
    const env = await startTestServer({
      sms: { name: 'twilio', deliver: async () => ({ status: 'sent', providerId: 'SM1' }) },
    });
    try {
      const token = (await env.login()).accessToken;
      expect((await env.get('/settings/sms', token)).body.data).toEqual({
        source: 'environment',
        environment_gateway: 'twilio',
        provider: null,
      });
      const res = await env.post('/settings/sms/update', { ...jsonProvider(), secret: SECRET }, token);
      expect(res.body.message).toBe('SMS_PROVIDER_FROM_ENVIRONMENT');
      expect((await env.get('/settings/sms/status', token)).body.data).toEqual({ codes: true });
    } finally {
      await env.close();
    }
  });
});
