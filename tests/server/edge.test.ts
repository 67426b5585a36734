import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { MIN_STATION_VERSION } from '../../shared/domain/version';
import packageJson from '../../package.json' with { type: 'json' };

let server: TestServer;
let admin: string;
/** The server's log lines, as an operator would read them. */
const log: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ log });
  admin = (await server.login()).accessToken;
});
afterAll(() => server.close());

describe('every API answer', () => {
  it('tells browsers and proxies not to sniff its type nor keep a copy: a success, a refusal, an unknown path', async () => {
    const answers = await Promise.all([
      fetch(`${server.url}/branch/list`, { method: 'POST', headers: { authorization: `Bearer ${admin}` } }),
      fetch(`${server.url}/branch/list`, { method: 'POST' }),
      fetch(`${server.url}/no/such/path`),
      fetch(`${server.url}/health`),
      fetch(`${server.url}/kids/session/payments/%E0%A4`, { headers: { authorization: `Bearer ${admin}` } }),
    ]);
    const headers = (res: Response) => ({
      status: res.status,
      sniff: res.headers.get('x-content-type-options'),
      cache: res.headers.get('cache-control'),
    });
    expect(answers.map(headers)).toEqual(
      [200, 401, 404, 200, 400].map((status) => ({ status, sniff: 'nosniff', cache: 'no-store' })),
    );
  });
});

describe('the health answer', () => {
  it('names the product, its version and the oldest station version it serves, before any sign-in', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(await res.json()).toEqual({
      status: true,
      message: 'OK',
      data: { product: 'PlayDesk', version: packageJson.version, minStationVersion: MIN_STATION_VERSION },
    });
  });
});

describe('a call without a token', () => {
  it('is refused before its body is read: a malformed or oversized body is SESSION_EXPIRED, not a parse error', async () => {
    const huge = JSON.stringify({ q: 'x'.repeat(2 * 1024 * 1024) });
    for (const raw of ['{"page":', huge]) {
      const res = await server.post('/product/pagelist', undefined, undefined, raw);
      expect(res).toEqual({ status: 401, body: { status: false, message: 'SESSION_EXPIRED' } });
    }
    // With the token, the same bodies are the parser's refusals.
    const signedIn = await server.post('/product/pagelist', undefined, admin, '{"page":');
    expect(signedIn).toEqual({ status: 400, body: { status: false, message: 'VALIDATION_FAILED' } });
  });
});

describe('text with U+0000', () => {
  it('is refused where it comes in, naming the field, in a body, a nested body and a sign-in', async () => {
    const branch = await server.post('/branch/create', { name_en: 'North\u0000', name_ar: 'الشمال' }, admin);
    expect(branch).toEqual({
      status: 400,
      body: { status: false, message: 'VALIDATION_FAILED', errors: [{ path: 'name_en', message: 'FIELD_INVALID' }] },
    });
    const role = await server.post(
      '/priviledge/role/create',
      { name_en: 'Role', name_ar: 'دور', features: { Sales: { access: true, view: 'x\u0000' } } },
      admin,
    );
    expect(role.body.errors).toEqual([{ path: 'features.Sales.view', message: 'FIELD_INVALID' }]);
    const signIn = await server.post('/user/login', { login: 'nobody\u0000@x.test', password: 'pass\u0000word' });
    expect(signIn.status).toBe(400);
    expect(signIn.body.message).toBe('VALIDATION_FAILED');
  });
  it('is looked for in a body nested 100,000 levels deep without failing: VALIDATION_FAILED, not 500', async () => {
    const depth = 100_000;
    const arrays = await server.post('/branch/create', undefined, admin, '['.repeat(depth) + ']'.repeat(depth));
    expect([arrays.status, arrays.body.message]).toEqual([400, 'VALIDATION_FAILED']);
    const objects = await server.post(
      '/branch/create',
      undefined,
      admin,
      '{"a":'.repeat(depth) + '"\\u0000"' + '}'.repeat(depth),
    );
    expect([objects.status, objects.body.message]).toEqual([400, 'VALIDATION_FAILED']);
    expect(objects.body.errors?.[0]?.path).toBe(Array(depth).fill('a').join('.'));
  });
});

describe('the log', () => {
  it('names a failed statement without its parameters: no name typed, no password hash', async () => {
    log.length = 0;
    const role = await server.post<{ id: number }>(
      '/priviledge/role/create',
      {
        name_en: 'Desk',
        name_ar: 'مكتب',
        features: { FrontDesk: { access: true, view: true, create: false, update: false, delete: false } },
      },
      admin,
    );
    // The database refuses every new employee, as a broken or full database would.
    await server.database.db.execute(sql`alter table users add constraint refuse_all check (id < 0) not valid`);
    try {
      const res = await server.post(
        '/user/register',
        {
          name_en: 'Zainab Secretname',
          name_ar: 'زينب',
          mobile: '0507777771',
          priviledge_id: role.body.data.id,
          branch_id: 1,
          password: 'secret-pass',
          confirm_password: 'secret-pass',
        },
        admin,
      );
      expect(res).toEqual({ status: 500, body: { status: false, message: 'SOMETHING_WENT_WRONG' } });
    } finally {
      await server.database.db.execute(sql`alter table users drop constraint refuse_all`);
    }
    const failure = log.find((line) => line.includes('unhandled error'));
    expect(failure).toContain('refuse_all');
    expect(failure).not.toContain('Secretname');
    expect(failure).not.toContain('scrypt$');
  });

  it("shows a GET's path and the names it was asked with, never a parent's code or other values", async () => {
    log.length = 0;
    await server.get('/kids/session/payments?kids=4242,4243&otp=913527', admin);
    const lines = log.filter((line) => line.includes('/kids/session/payments'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toMatch(/913527|4242/);
    expect(lines[0]).toContain('/kids/session/payments?kids=…&otp=…');
  });
});
