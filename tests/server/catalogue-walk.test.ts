import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { z } from 'zod';
import { allEndpoints } from '../../shared/api/catalogue';
import { endpoint, splitRequest } from '../../shared/api/endpoint';
import { registerEndpoint } from '../../server/http/route';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let adminToken: string;
beforeAll(async () => {
  server = await startTestServer();
  adminToken = (await server.login()).accessToken;
});
afterAll(() => server.close());

async function call(
  method: string,
  path: string,
  body: string | undefined,
  token?: string,
  contentType = 'application/json',
) {
  const res = await fetch(server.url + path, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': contentType } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as { status: boolean; message: string } };
}

const garbage: (string | undefined)[] = [
  '{',
  'null',
  '[]',
  '"text"',
  '12',
  JSON.stringify({ id: 'x'.repeat(5000), page: -1, perPage: 1e9, login: ['a'], password: { a: 1 } }),
  JSON.stringify({ refreshToken: null, login: 12, password: true }),
  JSON.stringify({ __proto__: { admin: true }, constructor: { prototype: {} } }),
  '',
  undefined,
];

describe('every catalogue endpoint', () => {
  it('declares who may call it', () => {
    for (const [name, e] of allEndpoints) {
      const p = e.permission;
      expect(
        p === 'public' || p === 'authenticated' || (typeof p === 'object' && p.action && p.subject),
        name,
      ).toBeTruthy();
    }
  });

  it.each(allEndpoints.filter(([, e]) => e.permission !== 'public'))(
    '%s refuses a call without a token with 401',
    async (_name, e) => {
      const res = await call(e.method, splitRequest(e.path, {}).url, e.method === 'GET' ? undefined : '{}');
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: false, message: 'SESSION_EXPIRED' });
    },
  );

  it.each(allEndpoints)('%s answers garbage with a 4xx envelope, never a 500', async (_name, e) => {
    for (const body of garbage) {
      for (const token of [undefined, adminToken]) {
        const res = await call(
          e.method,
          splitRequest(e.path, { id: 'x' }).url,
          e.method === 'GET' ? undefined : body,
          token,
        );
        expect(res.status, `${e.path} ${body}`).toBeLessThan(500);
        expect(res.body.status).toBeTypeOf('boolean');
        expect(res.body.message).toMatch(/^[A-Z_0-9]+$/);
      }
    }
  });

  it('a wrong content type and an oversized body are refused cleanly', async () => {
    expect(
      (await call('POST', '/user/login', 'login=a&password=b', undefined, 'application/x-www-form-urlencoded')).status,
    ).toBe(400);
    const huge = JSON.stringify({ login: 'a', password: 'x'.repeat(2 * 1024 * 1024) });
    const res = await call('POST', '/user/login', huge);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('VALIDATION_FAILED');
  });

  it('an unknown path is NOT_FOUND in the envelope', async () => {
    expect(await call('POST', '/no/such/endpoint', '{}')).toEqual({
      status: 404,
      body: { status: false, message: 'NOT_FOUND' },
    });
  });
});

describe('every reply is the envelope, even when Fastify itself refuses the request', () => {
  it.each([
    ['a bad %-encoding in a path id', 'GET', '/sale/receipt/%E0%A4%A', undefined, undefined, 400, 'VALIDATION_FAILED'],
    [
      'a bad %-encoding in a POST path',
      'POST',
      '/sale/payments/%E0%A4%A',
      '{}',
      'application/json',
      400,
      'VALIDATION_FAILED',
    ],
    ['a malformed JSON body', 'POST', '/product/pagelist', '{"page":', 'application/json', 400, 'VALIDATION_FAILED'],
    ['an empty JSON body', 'POST', '/product/pagelist', '', 'application/json', 400, 'VALIDATION_FAILED'],
    [
      'a body over the limit',
      'POST',
      '/product/pagelist',
      JSON.stringify({ q: 'x'.repeat(2 * 1024 * 1024) }),
      'application/json',
      400,
      'VALIDATION_FAILED',
    ],
    [
      'an unsupported content type',
      'POST',
      '/product/pagelist',
      '<page/>',
      'application/xml',
      400,
      'VALIDATION_FAILED',
    ],
    ['an unknown route', 'GET', '/no/such/thing', undefined, undefined, 404, 'NOT_FOUND'],
    ['a known path with the wrong method', 'DELETE', '/product/pagelist', undefined, undefined, 404, 'NOT_FOUND'],
    ['a GET of a POST endpoint', 'GET', '/sale/sale/create', undefined, undefined, 404, 'NOT_FOUND'],
  ] as const)('%s', async (_what, method, path, body, contentType, status, message) => {
    const res = await call(method, path, body, adminToken, contentType);
    expect(res).toEqual({ status, body: { status: false, message } });
  });
});

describe('every guarded endpoint', () => {
  const guarded = allEndpoints.filter(([, e]) => typeof e.permission === 'object');

  it('refuses a signed-in employee whose role lacks the right with 403 NOT_AUTHORISED', async () => {
    expect(guarded.length).toBeGreaterThan(15);
    await server.addEmployee({ mobile: '0508765432', password: 'no-rights' });
    const { accessToken } = await server.login('0508765432', 'no-rights');
    for (const [name, e] of guarded) {
      const res = await call(
        e.method,
        splitRequest(e.path, { id: 1 }).url,
        e.method === 'GET' ? undefined : '{"id":1}',
        accessToken,
      );
      expect(res.status, name).toBe(403);
      expect(res.body).toEqual({ status: false, message: 'NOT_AUTHORISED' });
    }
  });
});

describe('permission checks', () => {
  const employeesOnly = endpoint({
    method: 'POST',
    path: '/test/employees',
    request: z.object({}),
    response: z.object({ seen: z.boolean() }),
    permission: { action: 'view', subject: 'Employees' },
  });

  it('a valid token without the right gets 403 NOT_AUTHORISED; an administrator passes', async () => {
    const app = Fastify({ logger: false });
    app.setErrorHandler(server.app.fastify.errorHandler);
    registerEndpoint(app, employeesOnly, async () => ({ seen: true }), server.app.auth);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/test/employees`;
    const post = async (token: string) => {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: '{}',
      });
      return { status: res.status, body: await res.json() };
    };
    try {
      await server.addEmployee({ mobile: '0509876543', password: 'no-rights' });
      const employee = await server.login('0509876543', 'no-rights');
      expect(await post(employee.accessToken)).toEqual({
        status: 403,
        body: { status: false, message: 'NOT_AUTHORISED' },
      });
      expect(await post(adminToken)).toEqual({
        status: 200,
        body: { status: true, message: 'OK', data: { seen: true } },
      });
    } finally {
      await app.close();
    }
  });
});
