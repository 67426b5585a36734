import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { loginSessions, users } from '../../server/db/schema';
import { SignJWT, decodeJwt } from 'jose';
import { randomBytes, scryptSync } from 'node:crypto';
import { sharedSecret } from '../../server/db/secrets';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('sign in (/user/login)', () => {
  it('accepts the email in any case and answers with tokens and the user, never the hash', async () => {
    const res = await server.post('/user/login', { login: '  ADMIN@PlayDesk.test ', password: ADMIN.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: true, message: 'OK' });
    const data = res.body.data as Record<string, unknown>;
    expect(typeof data.accessToken).toBe('string');
    expect(typeof data.refreshToken).toBe('string');
    expect(data.user).toMatchObject({ email: ADMIN.login, role: 'admin', name_ar: 'مدير النظام' });
    expect(JSON.stringify(res.body)).not.toContain('scrypt');
  });

  it('accepts the mobile number and writes a login record', async () => {
    const id = await server.addEmployee({ mobile: '0551234567', password: 'cashier-pass' });
    const res = await server.post('/user/login', { login: '055 123 4567', password: 'cashier-pass' });
    expect(res.body.status).toBe(true);
    const records = await server.database.db.select().from(loginSessions).where(eq(loginSessions.user_id, id));
    expect(records).toHaveLength(1);
    expect(records[0]!.logout_at).toBeNull();
  });

  it('USER_NOT_FOUND for an unknown login, and for a deleted employee', async () => {
    expect((await server.post('/user/login', { login: 'nobody@x.test', password: 'whatever' })).body).toEqual({
      status: false,
      message: 'USER_NOT_FOUND',
    });
    const id = await server.addEmployee({ mobile: '0559990000', password: 'gone-pass' });
    await server.database.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, id));
    const res = await server.post('/user/login', { login: '0559990000', password: 'gone-pass' });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('USER_NOT_FOUND');
  });

  it('INVALID_PASSWORD for a wrong password', async () => {
    const res = await server.post('/user/login', { login: ADMIN.login, password: 'wrong' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: false, message: 'INVALID_PASSWORD' });
  });

  it('PASSWORD_MISSING when no password is sent', async () => {
    const res = await server.post('/user/login', { login: ADMIN.login });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: false,
      message: 'PASSWORD_MISSING',
      errors: [{ path: 'password', message: 'PASSWORD_MISSING' }],
    });
  });

  it('the sixth failed sign-in for one login within 15 minutes gets 429, even with the right password', async () => {
    await server.addEmployee({ mobile: '0501111111', password: 'right-pass' });
    for (let i = 0; i < 5; i++) {
      expect((await server.post('/user/login', { login: '0501111111', password: `wrong-${i}` })).status).toBe(401);
    }
    const sixth = await server.post('/user/login', { login: '0501111111', password: 'right-pass' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('TOO_MANY_REQUESTS');
    // Another login is not affected.
    expect((await server.post('/user/login', ADMIN)).body.status).toBe(true);
  });

  it('a burst of guesses at once cannot get past the limit: exactly five are checked, the rest get 429', async () => {
    await server.addEmployee({ mobile: '0506666666', password: 'right-pass' });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => server.post('/user/login', { login: '0506666666', password: `guess-${i}` })),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(7);
  });

  it('a success resets the failure count', async () => {
    await server.addEmployee({ mobile: '0502222222', password: 'right-pass' });
    for (let i = 0; i < 4; i++) await server.post('/user/login', { login: '0502222222', password: 'bad' });
    expect((await server.post('/user/login', { login: '0502222222', password: 'right-pass' })).body.status).toBe(true);
    for (let i = 0; i < 4; i++) await server.post('/user/login', { login: '0502222222', password: 'bad' });
    expect((await server.post('/user/login', { login: '0502222222', password: 'right-pass' })).status).toBe(200);
  });
});

describe('stored passwords', () => {
  /** A hash as the earlier version stored it: scrypt at N = 2^15. */
  const oldHash = (password: string) => {
    const salt = randomBytes(16);
    const key = scryptSync(password, salt, 64, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    return ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
  };
  const storedHash = async (id: number) =>
    (await server.database.db.select().from(users).where(eq(users.id, id)))[0]!.password_hash;

  it('a password kept at the old cost is hashed again at N = 2^17 when its owner signs in, and still signs in', async () => {
    const id = await server.addEmployee({ mobile: '0504444441' });
    await server.database.db
      .update(users)
      .set({ password_hash: oldHash('old-cost-pass') })
      .where(eq(users.id, id));

    expect((await server.post('/user/login', { login: '0504444441', password: 'wrong-pass' })).status).toBe(401);
    expect(await storedHash(id)).toMatch(/^scrypt\$32768\$/);

    await server.login('0504444441', 'old-cost-pass');
    expect(await storedHash(id)).toMatch(/^scrypt\$131072\$8\$1\$/);
    await server.login('0504444441', 'old-cost-pass');
  });

  it('a new password is stored at N = 2^17', async () => {
    const id = await server.addEmployee({ mobile: '0504444442' });
    expect(await storedHash(id)).toMatch(/^scrypt\$131072\$8\$1\$/);
  });
});

describe('tokens', () => {
  it('an access token opens authenticated endpoints; none, garbage or a forged one gets 401 SESSION_EXPIRED', async () => {
    const { accessToken } = await server.login();
    expect((await server.post('/branch/list', {}, accessToken)).status).toBe(200);
    for (const token of [undefined, 'garbage', `${accessToken.slice(0, -4)}AAAA`]) {
      const res = await server.post('/branch/list', {}, token);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('SESSION_EXPIRED');
    }
  });

  it('a token signed with the key but without an expiry is refused: it would open the API for ever', async () => {
    const { accessToken } = await server.login();
    const { sub, sid } = decodeJwt(accessToken);
    const forever = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub!)
      .setIssuedAt()
      .sign(await sharedSecret(server.database.db, 'access-token-key'));
    const res = await server.post('/branch/list', {}, forever);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('SESSION_EXPIRED');
  });

  it('refresh tokens rotate: the new pair works and the old refresh token is spent', async () => {
    const first = await server.login();
    const rotated = await server.post<{ accessToken: string; refreshToken: string }>('/jwt/refresh-token', {
      refreshToken: first.refreshToken,
    });
    expect(rotated.body.status).toBe(true);
    expect(rotated.body.data.refreshToken).not.toBe(first.refreshToken);
    expect((await server.post('/branch/list', {}, rotated.body.data.accessToken)).status).toBe(200);
  });

  it('a reused refresh token revokes its whole family and tells the client to log out', async () => {
    const first = await server.login();
    const second = (
      await server.post<{ accessToken: string; refreshToken: string }>('/jwt/refresh-token', {
        refreshToken: first.refreshToken,
      })
    ).body.data;
    const replay = await server.post('/jwt/refresh-token', { refreshToken: first.refreshToken });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ status: false, message: 'SESSION_EXPIRED', logout: true });
    // The legitimate holder's newer tokens are dead too.
    expect((await server.post('/jwt/refresh-token', { refreshToken: second.refreshToken })).body).toMatchObject({
      logout: true,
    });
    expect((await server.post('/branch/list', {}, second.accessToken)).body).toMatchObject({
      status: false,
      logout: true,
    });
  });

  it('two racing refreshes with one token: one wins, the family ends', async () => {
    const first = await server.login();
    const results = await Promise.all(
      [1, 2].map(() => server.post('/jwt/refresh-token', { refreshToken: first.refreshToken })),
    );
    expect(results.filter((r) => r.body.status)).toHaveLength(1);
  });

  it('logout revokes the session: its tokens stop working and the login record is closed', async () => {
    const tokens = await server.login();
    expect((await server.post('/user/logout', { refreshToken: tokens.refreshToken })).body).toEqual({
      status: true,
      message: 'OK',
      data: null,
    });
    expect((await server.post('/jwt/refresh-token', { refreshToken: tokens.refreshToken })).status).toBe(401);
    expect((await server.post('/branch/list', {}, tokens.accessToken)).body).toMatchObject({
      message: 'SESSION_EXPIRED',
      logout: true,
    });
  });

  it('a deleted employee is signed out at their next call', async () => {
    const id = await server.addEmployee({ mobile: '0503333333', password: 'pass-pass' });
    const tokens = await server.login('0503333333', 'pass-pass');
    await server.database.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, id));
    expect((await server.post('/branch/list', {}, tokens.accessToken)).body).toMatchObject({
      message: 'SESSION_EXPIRED',
      logout: true,
    });
  });
});

describe('the first administrator', () => {
  it('is created only when the database has no user', async () => {
    expect(await server.app.auth.ensureFirstAdministrator('second@x.test', 'second-pass')).toBe(false);
    expect((await server.post('/user/login', { login: 'second@x.test', password: 'second-pass' })).body.message).toBe(
      'USER_NOT_FOUND',
    );
  });
});
