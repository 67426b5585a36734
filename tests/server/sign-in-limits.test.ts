import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { buildApp, type App } from '../../server/app';
import { sharedSecret } from '../../server/db/secrets';
import { LocalFileStore } from '../../server/files/file-store';

/**
 * Issue 11, point 13: wrong guesses make a login wait longer and longer but never lock it; an address
 * that fails too often waits; both are counted in the database, so they hold across server instances.
 * Time is the server's clock, standing still unless the test moves it on, so a wait is exact however
 * slow the machine is.
 */
const start = Date.now();
let offset = 0;
const now = () => new Date(start + offset);
const advance = (seconds: number) => void (offset += seconds * 1000);
/** What went before is out of every window (an hour for addresses; the new logins have no past). */
const freshHour = () => advance(3600);

let server: TestServer;
let twin: App;
let twinUrl: string;
let twinMedia: string;
beforeAll(async () => {
  server = await startTestServer({ now });
  twinMedia = mkdtempSync(join(tmpdir(), 'playdesk-twin-'));
  twin = buildApp({
    db: server.database.db,
    tokenKey: await sharedSecret(server.database.db, 'access-token-key'),
    files: new LocalFileStore(twinMedia),
    logLevel: 'silent',
    now,
  });
  await twin.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = twin.fastify.server.address();
  twinUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await twin.fastify.close();
  rmSync(twinMedia, { recursive: true, force: true });
  await server.close();
});

type Answer = { status: number; message: string; retry_after?: number; retryAfterHeader: string | null };
async function signIn(
  login: string,
  password: string,
  opts: { url?: string; forwardedFor?: string } = {},
): Promise<Answer> {
  const res = await fetch(`${opts.url ?? server.url}/user/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
    },
    body: JSON.stringify({ login, password }),
  });
  const body = (await res.json()) as { message: string; retry_after?: number };
  return {
    status: res.status,
    message: body.message,
    retry_after: body.retry_after,
    retryAfterHeader: res.headers.get('retry-after'),
  };
}

describe('one login: a wait that grows, never a lock', () => {
  it('after five wrong guesses the owner waits 32 s, then the right password works', async () => {
    freshHour();
    await server.addEmployee({ mobile: '0570000001', password: 'owner-pass' });
    for (let i = 0; i < 5; i++) expect((await signIn('0570000001', `guess-${i}`)).status).toBe(401);
    expect(await signIn('0570000001', 'owner-pass')).toEqual({
      status: 429,
      message: 'TOO_MANY_REQUESTS',
      retry_after: 32,
      retryAfterHeader: '32',
    });
    advance(31);
    expect((await signIn('0570000001', 'owner-pass')).retry_after).toBe(1);
    advance(1);
    expect((await signIn('0570000001', 'owner-pass')).status).toBe(200);
  });

  it('each further wrong guess doubles the wait, up to five minutes', async () => {
    freshHour();
    await server.addEmployee({ mobile: '0570000002', password: 'owner-pass' });
    for (let i = 0; i < 5; i++) await signIn('0570000002', `guess-${i}`);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const refused = await signIn('0570000002', 'another-guess');
      expect(refused.status).toBe(429);
      waits.push(refused.retry_after!);
      advance(refused.retry_after!);
      expect((await signIn('0570000002', `late-guess-${i}`)).status).toBe(401);
    }
    expect(waits).toEqual([32, 64, 128, 256, 300, 300]);
  });
});

describe('one address', () => {
  it('40 failed sign-ins across 40 logins in a burst meet 429, whatever X-Forwarded-For says', async () => {
    freshHour();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(`05710000${String(i).padStart(2, '0')}`, 'guess', { forwardedFor: `10.0.${i}.1` }),
      ),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(30);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.retry_after).toBeGreaterThan(0);
    // The address waits, whoever signs in from it; after the window it may again.
    expect((await signIn(ADMIN.login, ADMIN.password)).status).toBe(429);
    advance(15 * 60);
    expect((await signIn(ADMIN.login, ADMIN.password)).status).toBe(200);
  });

  it('the limits hold across server instances on one database', async () => {
    freshHour();
    const answers: number[] = [];
    for (let i = 0; i < 40; i++)
      answers.push(
        (await signIn(`05720000${String(i).padStart(2, '0')}`, 'guess', { url: i % 2 ? twinUrl : server.url })).status,
      );
    expect(answers.filter((s) => s === 401)).toHaveLength(30);
    expect(answers.slice(30)).toEqual(Array(10).fill(429));

    freshHour();
    await server.addEmployee({ mobile: '0570000003', password: 'owner-pass' });
    for (let i = 0; i < 5; i++) await signIn('0570000003', `guess-${i}`, { url: server.url });
    expect((await signIn('0570000003', 'owner-pass', { url: twinUrl })).status).toBe(429);
  });
});
