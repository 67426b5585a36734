import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OWNER as owner, postAs, startTestServer, type TestServer } from './harness';
import { hashPassword } from '../../server/modules/auth/passwords';

// Counts the password hashes the server makes (each 128 MiB and most of a second of CPU).
vi.mock('../../server/modules/auth/passwords', async (original) => {
  const real = await original<typeof import('../../server/modules/auth/passwords')>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ withAdministrator: false });
});
afterAll(() => server.close());

describe('first run of a new installation', () => {
  it('reports that an administrator is needed', async () => {
    expect((await server.post('/setup/status')).body).toEqual({
      status: true,
      message: 'OK',
      data: { needsAdministrator: true, needsSetupToken: false },
    });
  });

  it('checks the password rules of the spec', async () => {
    expect(
      (await server.post('/setup/first-admin', { ...owner, password: '12345', confirm_password: '12345' })).body
        .message,
    ).toBe('PASSWORD_MIN_6_CHARS');
    expect((await server.post('/setup/first-admin', { ...owner, confirm_password: 'other-pass' })).body).toMatchObject({
      message: 'PASSWORD_MUST_MATCH',
      errors: [{ path: 'confirm_password', message: 'PASSWORD_MUST_MATCH' }],
    });
    const { password: _p, ...noPassword } = owner;
    expect((await server.post('/setup/first-admin', noPassword)).body.message).toBe('PASSWORD_MISSING');
  });

  it("is not open to another computer: a call relayed by a proxy, or under another site's name, is refused unhashed", async () => {
    const host = new URL(server.url).host;
    const remote: Record<string, string>[] = [
      { host, 'x-forwarded-for': '203.0.113.9' },
      { host, forwarded: 'for=203.0.113.9' },
      // DNS rebinding: a page on the internet whose name now points at 127.0.0.1, in this computer's browser.
      { host: 'playdesk.attacker.example' },
      { host: `playdesk.attacker.example:${new URL(server.url).port}` },
    ];
    vi.mocked(hashPassword).mockClear();
    for (const headers of remote) {
      expect((await postAs(server.url, '/setup/status', {}, headers)).body.data).toEqual({
        needsAdministrator: true,
        needsSetupToken: true,
      });
      const attempt = await postAs(server.url, '/setup/first-admin', { ...owner, login: 'intruder@x.test' }, headers);
      expect(attempt).toEqual({
        status: 403,
        body: {
          status: false,
          message: 'NOT_AUTHORISED',
          errors: [{ path: 'setup_token', message: 'FIELD_INVALID' }],
        },
      });
    }
    expect(vi.mocked(hashPassword)).not.toHaveBeenCalled();
    expect((await server.post('/setup/status')).body.data).toEqual({
      needsAdministrator: true,
      needsSetupToken: false,
    });
  });

  it('creates exactly one administrator even when two first runs race, then closes', async () => {
    const results = await Promise.all([
      server.post('/setup/first-admin', owner),
      server.post('/setup/first-admin', { ...owner, login: 'intruder@x.test' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await server.post('/setup/status')).body.data).toEqual({
      needsAdministrator: false,
      needsSetupToken: false,
    });
    expect((await server.post('/setup/first-admin', { ...owner, login: 'late@x.test' })).body).toEqual({
      status: false,
      message: 'EXISTS',
    });
    const winner = results.find((r) => r.status === 200) === results[0] ? owner.login : 'intruder@x.test';
    const signIn = await server.post<{ user: { role: string; name_ar: string } }>('/user/login', {
      login: winner,
      password: owner.password,
    });
    expect(signIn.body.data.user).toMatchObject({ role: 'admin', name_ar: 'هدى' });
  });

  it('once done, answers 40 more first runs EXISTS without hashing a single password', async () => {
    vi.mocked(hashPassword).mockClear();
    const late = await Promise.all(
      Array.from({ length: 40 }, (_, i) => server.post('/setup/first-admin', { ...owner, login: `late${i}@x.test` })),
    );
    expect(new Set(late.map((r) => `${r.status} ${r.body.message}`))).toEqual(new Set(['409 EXISTS']));
    expect(vi.mocked(hashPassword)).not.toHaveBeenCalled();
  });
});
