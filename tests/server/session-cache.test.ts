import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, freshDatabaseUrl, postTo, staffOnRole } from './harness';
import { openDatabase, type Database } from '../../server/db/client';
import { sharedSecret } from '../../server/db/secrets';
import { buildApp, type App } from '../../server/app';
import { seedLookups } from '../../server/modules/lookups/seed';
import { LocalFileStore } from '../../server/files/file-store';
import { AuthService } from '../../server/modules/auth/service';
import { AccessTokens } from '../../server/modules/auth/tokens';
import { SessionCache, listenerOf } from '../../server/modules/auth/session-cache';
import { loginSessions } from '../../server/db/schema';

/**
 * Issue 25, point 2: the per-request sign-in check is answered from memory, and a change made through
 * one server instance (sign-out, a role's rights, an employee deleted or moved to another role, a
 * replayed refresh token) is refused or applied by another instance on the same database, told by
 * LISTEN/NOTIFY. Waits poll for the other instance's answer; none rests on a fixed sleep.
 */
interface Instance {
  url: string;
  app: App;
  database: Database;
  close(): Promise<void>;
}

async function instance(databaseUrl: string, media: string): Promise<Instance> {
  const database = await openDatabase(databaseUrl);
  const app = buildApp({
    db: database.db,
    tokenKey: await sharedSecret(database.db, 'access-token-key'),
    files: new LocalFileStore(media),
    logLevel: 'silent',
  });
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    app,
    database,
    async close() {
      await app.fastify.close();
      await database.close();
    },
  };
}

const post = <T = unknown>(at: Instance, path: string, body: unknown = {}, token?: string) =>
  postTo<T>(at.url, path, body, token);

/** The sign-in an access token belongs to (its sid claim). */
const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

/** Setup's wait for an instance to listen (the run's own limit ends one that never does). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Long enough for a notification on a busy machine; a run only fails here if it never arrives. */
const HEARD = { timeout: 20_000, interval: 20 };

let databaseUrl: string;
let media: string;
let a: Instance;
let b: Instance;
let admin: string;

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  media = mkdtempSync(join(tmpdir(), 'playdesk-media-'));
  a = await instance(databaseUrl, media);
  await seedLookups(a.database.db);
  await a.app.auth.ensureFirstAdministrator(ADMIN.login, ADMIN.password);
  b = await instance(databaseUrl, media);
  for (const at of [a, b]) await until(() => at.app.auth.sessions.trusted);
  admin = (await signIn(ADMIN.login, ADMIN.password)).accessToken;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  rmSync(media, { recursive: true, force: true });
});

async function signIn(login: string, password: string) {
  const res = await post<{ accessToken: string; refreshToken: string }>(a, '/user/login', { login, password });
  if (!res.status) throw new Error(`sign-in failed: ${res.message}`);
  return res.data;
}

const viewing = { access: true, view: true, create: false, update: false, delete: false };
let mobiles = 0;
/** A new employee of branch 1 on a new role with these rights, signed in on A. */
async function staff(features: object) {
  const role = await post<{ id: number }>(
    a,
    '/priviledge/role/create',
    { name_en: `Role ${++mobiles}`, name_ar: `دور Role ${mobiles}`, features },
    admin,
  );
  if (!role.status) throw new Error(`role not made: ${role.message}`);
  const mobile = `05280000${String(mobiles).padStart(2, '0')}`;
  return { roleId: role.data.id, role: `Role ${mobiles}`, ...(await staffOnRole(a.url, admin, role.data.id, mobile)) };
}

/** B answers this token from memory: the sign-in check was read there once and kept. */
async function heldOnB(token: string) {
  expect((await post(b, '/branch/list', {}, token)).status).toBe(true);
  expect(b.app.auth.sessions.holds(sessionOf(token))).toBe(true);
}

const branchesOnB = async (token: string) => (await post(b, '/branch/pagelist', { page: 1 }, token)).message;
const listOnB = async (token: string) => (await post(b, '/branch/list', {}, token)).message;

describe('a change made on one instance applies on the other', () => {
  it('a sign-out on A: the token is refused on A at once and on B as soon as B hears of it', async () => {
    const tokens = await signIn(ADMIN.login, ADMIN.password);
    await heldOnB(tokens.accessToken);
    expect((await post(a, '/user/logout', { refreshToken: tokens.refreshToken })).status).toBe(true);
    expect((await post(a, '/branch/list', {}, tokens.accessToken)).message).toBe('SESSION_EXPIRED');
    await expect.poll(() => listOnB(tokens.accessToken), HEARD).toBe('SESSION_EXPIRED');
  });

  it("a role's rights widened on A: B's next calls are checked against the new rights", async () => {
    const clerk = await staff({ Employees: viewing });
    await heldOnB(clerk.accessToken);
    expect(await branchesOnB(clerk.accessToken)).toBe('NOT_AUTHORISED');
    const widened = await post(
      a,
      '/priviledge/role/update',
      {
        id: clerk.roleId,
        name_en: clerk.role,
        name_ar: `دور ${clerk.role}`,
        features: { Employees: viewing, Branches: viewing },
      },
      admin,
    );
    expect(widened.message).toBe('OK');
    await expect.poll(() => branchesOnB(clerk.accessToken), HEARD).toBe('OK');
  });

  it('an employee moved to another role on A: B checks them against that role', async () => {
    const clerk = await staff({ Employees: viewing });
    const wider = await post<{ id: number }>(
      a,
      '/priviledge/role/create',
      { name_en: 'Wider', name_ar: 'أوسع', features: { Branches: viewing } },
      admin,
    );
    await heldOnB(clerk.accessToken);
    expect(await branchesOnB(clerk.accessToken)).toBe('NOT_AUTHORISED');
    expect((await post(a, '/user/update', { id: clerk.id, priviledge_id: wider.data.id }, admin)).status).toBe(true);
    await expect.poll(() => branchesOnB(clerk.accessToken), HEARD).toBe('OK');
  });

  it('an employee deleted on A is refused on B', async () => {
    const clerk = await staff({ Employees: viewing });
    await heldOnB(clerk.accessToken);
    expect((await post(a, '/user/delete', { id: clerk.id }, admin)).status).toBe(true);
    await expect.poll(() => listOnB(clerk.accessToken), HEARD).toBe('SESSION_EXPIRED');
  });

  it('a refresh token replayed on A ends the sign-in on B too', async () => {
    const first = await signIn(ADMIN.login, ADMIN.password);
    const second = (
      await post<{ accessToken: string; refreshToken: string }>(a, '/jwt/refresh-token', {
        refreshToken: first.refreshToken,
      })
    ).data;
    await heldOnB(second.accessToken);
    expect((await post(a, '/jwt/refresh-token', { refreshToken: first.refreshToken })).message).toBe('SESSION_EXPIRED');
    await expect.poll(() => listOnB(second.accessToken), HEARD).toBe('SESSION_EXPIRED');
  });
});

describe('while the LISTEN connection is down', () => {
  it('the check reads the database, and what was held before is dropped once it listens again', async () => {
    // The listener's connections are the test's to hold back and to end.
    const gate = { held: Promise.resolve(), open: () => {} };
    const backends: number[] = [];
    const connect = listenerOf(a.database.db);
    const cache = new SessionCache(async () => {
      await gate.held;
      const client = await connect();
      backends.push((await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid);
      return client;
    });
    const auth = new AuthService(
      a.database.db,
      new AccessTokens(await sharedSecret(a.database.db, 'access-token-key')),
      undefined,
      undefined,
      cache,
    );
    try {
      await expect.poll(() => cache.trusted, HEARD).toBe(true);
      const [one, two, three] = [
        await signIn(ADMIN.login, ADMIN.password),
        await signIn(ADMIN.login, ADMIN.password),
        await signIn(ADMIN.login, ADMIN.password),
      ];
      for (const tokens of [one, two]) await auth.authenticate(tokens.accessToken);
      expect(cache.holds(sessionOf(one.accessToken)) && cache.holds(sessionOf(two.accessToken))).toBe(true);

      gate.held = new Promise<void>((resume) => (gate.open = resume));
      await a.database.pool.query('select pg_terminate_backend($1)', [backends[0]]);
      await expect.poll(() => cache.trusted, HEARD).toBe(false);
      // Signed out behind every instance's back (no notification): only the database knows.
      const signOut = (token: string) =>
        a.database.db
          .update(loginSessions)
          .set({ logout_at: new Date() })
          .where(eq(loginSessions.id, sessionOf(token)));
      await signOut(one.accessToken);
      await signOut(two.accessToken);
      await expect(auth.authenticate(one.accessToken)).rejects.toMatchObject({ key: 'SESSION_EXPIRED' });
      expect((await auth.authenticate(three.accessToken)).sessionId).toBe(sessionOf(three.accessToken));
      expect(cache.holds(sessionOf(three.accessToken))).toBe(false);

      gate.open();
      await expect.poll(() => cache.trusted, HEARD).toBe(true);
      await expect(auth.authenticate(two.accessToken)).rejects.toMatchObject({ key: 'SESSION_EXPIRED' });
    } finally {
      gate.open();
      await auth.close();
    }
  });
});
