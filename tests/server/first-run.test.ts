import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ withAdministrator: false });
});
afterAll(() => server.close());

const owner = {
  name_en: 'Huda',
  name_ar: 'هدى',
  login: 'owner@centre.test',
  password: 'owner-pass',
  confirm_password: 'owner-pass',
};

describe('first run of a new installation', () => {
  it('reports that an administrator is needed', async () => {
    expect((await server.post('/setup/status')).body).toEqual({
      status: true,
      message: 'OK',
      data: { needsAdministrator: true },
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

  it('creates exactly one administrator even when two first runs race, then closes', async () => {
    const results = await Promise.all([
      server.post('/setup/first-admin', owner),
      server.post('/setup/first-admin', { ...owner, login: 'intruder@x.test' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await server.post('/setup/status')).body.data).toEqual({ needsAdministrator: false });
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
});
