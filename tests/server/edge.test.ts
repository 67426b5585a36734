import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithAdministrator, type TestServer } from './harness';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  ({ server, admin } = await startWithAdministrator());
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
