import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
});
afterAll(() => server.close());

/** One raw request, as a client other than the till could send it; the reply must be the envelope whatever it is. */
async function raw(method: string, path: string, opts: { body?: string; contentType?: string } = {}) {
  const res = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${admin}`, ...(opts.contentType ? { 'content-type': opts.contentType } : {}) },
    body: opts.body,
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as unknown };
}

describe('every reply is the envelope, even when Fastify itself refuses the request', () => {
  it.each([
    ['a bad %-encoding in a path id', 'GET', '/sale/receipt/%E0%A4%A', {}, 400, 'VALIDATION_FAILED'],
    ['a bad %-encoding in a POST path', 'POST', '/sale/payments/%E0%A4%A', { body: '{}', contentType: 'application/json' }, 400, 'VALIDATION_FAILED'],
    ['a malformed JSON body', 'POST', '/product/pagelist', { body: '{"page":', contentType: 'application/json' }, 400, 'VALIDATION_FAILED'],
    ['an empty JSON body', 'POST', '/product/pagelist', { body: '', contentType: 'application/json' }, 400, 'VALIDATION_FAILED'],
    ['a body over the limit', 'POST', '/product/pagelist', { body: JSON.stringify({ q: 'x'.repeat(2 * 1024 * 1024) }), contentType: 'application/json' }, 400, 'VALIDATION_FAILED'],
    ['an unsupported content type', 'POST', '/product/pagelist', { body: '<page/>', contentType: 'application/xml' }, 400, 'VALIDATION_FAILED'],
    ['an unknown route', 'GET', '/no/such/thing', {}, 404, 'NOT_FOUND'],
    ['a known path with the wrong method', 'DELETE', '/product/pagelist', {}, 404, 'NOT_FOUND'],
    ['a GET of a POST endpoint', 'GET', '/sale/sale/create', {}, 404, 'NOT_FOUND'],
  ] as const)('%s', async (_what, method, path, opts, status, message) => {
    const res = await raw(method, path, opts);
    expect(res).toEqual({ status, body: { status: false, message } });
  });
});

describe('/sale/payments/{id}', () => {
  it('answers GET and, as the spec lists it among the POST calls, POST alike', async () => {
    const { id: product } = (await server.post<{ id: number }>('/product/create', { name_en: 'Kite', name_ar: 'طائرة ورقية', price: 2000, tax_id: 1, included: 1 }, admin)).body.data;
    await server.post('/product/addstock', { id: product, qty: 1 }, admin);
    const cashier = await server.staff('0540000077', { Sales: { access: true, view: true, create: true, update: false, delete: false }, Invoices: { access: true, view: true, create: false, update: false, delete: false } });
    const sale = (await server.post<{ id: number }>('/sale/sale/create', { cart: [{ product: { id: product, qty: 1 } }], salesData: { payments: { cash: 5000 } } }, cashier)).body.data;
    const paid = { status: true, message: 'OK', data: { payable: 2000, cash: 5000, pos: 0, pos_reference: null, change: 3000 } };
    expect((await server.get(`/sale/payments/${sale.id}`, cashier)).body).toEqual(paid);
    expect(await server.post(`/sale/payments/${sale.id}`, {}, cashier)).toEqual({ status: 200, body: paid });
    expect(await server.post('/sale/payments/99999', {}, cashier)).toEqual({ status: 404, body: { status: false, message: 'NOT_FOUND' } });
    expect((await server.post('/sale/payments/abc', {}, cashier)).body).toMatchObject({ status: false, message: 'VALIDATION_FAILED' });
  });
});
