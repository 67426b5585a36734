import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithAdministrator, type TestServer } from './harness';
import { openApiDocument } from '../../server/http/openapi';

let server: TestServer;
let admin: string;
beforeAll(async () => void ({ server, admin } = await startWithAdministrator()));
afterAll(() => server.close());

const openApi = async (token?: string) => {
  const res = await server.app.fastify.inject({
    method: 'GET',
    url: '/openapi.json',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, type: res.headers['content-type'], body: res.json() as unknown };
};

describe('GET /openapi.json', () => {
  it('gives an administrator the document made from the catalogue, as it is (no envelope)', async () => {
    const res = await openApi(admin);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/json/);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('gives it to a manager who may change the settings, and refuses one who may only view them', async () => {
    const settings = (update: boolean) => ({
      Settings: { access: true, view: true, create: false, update, delete: false },
    });
    expect((await openApi(await server.staff('0500000301', settings(true)))).status).toBe(200);
    expect(await openApi(await server.staff('0500000302', settings(false)))).toMatchObject({
      status: 403,
      body: { status: false, message: 'NOT_AUTHORISED' },
    });
  });

  it('refuses a caller without a token in the envelope', async () => {
    expect(await openApi()).toMatchObject({ status: 401, body: { status: false, message: 'SESSION_EXPIRED' } });
  });
});
