import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startWithAdministrator, type TestServer } from './harness';
import { coupons } from '../../server/db/schema';
import type { RequestOf } from '../../shared/api/catalogue';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  ({ server, admin } = await startWithAdministrator());
});
afterAll(() => server.close());

const create = (body: RequestOf<'coupon/create'>) => server.call('coupon/create', body, { token: admin });
const check = (coupon: string, cart_total: number, token = admin) =>
  server.call('sale/coupon', { coupon, cart_total }, { token });

describe('coupons', () => {
  it('are created with the type as a string, codes compared without case, a taken code is EXISTS', async () => {
    const res = await create({ code: 'summer10', type: 'percent', value: 10, min_cart_value: 5000 });
    expect(res.body.data).toMatchObject({ code: 'SUMMER10', type: 'percent', used: 0, use_limit: null });
    expect((await create({ code: 'SUMMER10', type: 'amount', value: 100 })).body.message).toBe('EXISTS');
  });

  it('refuse a percent over 100, a bad code, and an end before the start', async () => {
    expect((await create({ code: 'BIG', type: 'percent', value: 150 })).body.errors).toEqual([
      { path: 'value', message: 'FIELD_TOO_LARGE' },
    ]);
    expect((await create({ code: 'a b', type: 'amount', value: 100 })).body.errors?.[0]?.path).toBe('code');
    // A type no coupon has: sent as raw JSON, past the request's type.
    const gift = await server.post('/coupon/create', { code: 'TYPE', type: 'gift', value: 100 }, admin);
    expect(gift.body.errors?.[0]?.path).toBe('type');
    const backwards = await create({
      code: 'BACK',
      type: 'amount',
      value: 100,
      valid_from: '2026-12-01T00:00:00Z',
      valid_to: '2026-11-01T00:00:00Z',
    });
    expect(backwards.body.errors).toEqual([{ path: 'valid_to', message: 'FIELD_INVALID' }]);
  });

  it('are checked at the till with COUPON_APPLIED and every refusal of the spec', async () => {
    const ok = await check('summer10', 6000);
    expect(ok.body).toMatchObject({ status: true, message: 'COUPON_APPLIED', data: { discount: 600 } });
    expect((await check('NOPE', 6000)).body.message).toBe('COUPON_NOT_FOUND');
    expect((await check('SUMMER10', 4999)).body.message).toBe('LESS_CART_VALUE');

    await create({ code: 'OLD', type: 'amount', value: 100, valid_to: '2020-01-01T00:00:00Z' });
    expect((await check('OLD', 6000)).body.message).toBe('COUPON_EXPIRED');

    await create({ code: 'FIFTY', type: 'amount', value: 5000 });
    expect((await check('FIFTY', 4000)).body.message).toBe('CART_LESS_THAN_DISCOUNT');

    const limited = await create({ code: 'ONCE', type: 'amount', value: 100, use_limit: 1 });
    await server.database.db.update(coupons).set({ used: 1 }).where(eq(coupons.id, limited.body.data.id));
    expect((await check('ONCE', 6000)).body.message).toBe('COUPON_USE_LIMIT_EXHAUSTED');

    const branch = (await server.call('branch/create', { name_en: 'North', name_ar: 'الشمال' }, { token: admin })).body
      .data.id;
    await create({ code: 'NORTH', type: 'amount', value: 100, branch_id: branch });
    expect((await check('NORTH', 6000)).body.message).toBe('COUPON_NOT_FOR_THIS_BRANCH'); // the administrator has no branch
  });

  it('cannot be used past their limit even when the database is written directly', async () => {
    const limited = await create({ code: 'TWICE', type: 'amount', value: 100, use_limit: 2 });
    await expect(
      server.database.db.update(coupons).set({ used: 3 }).where(eq(coupons.id, limited.body.data.id)),
    ).rejects.toThrow();
  });

  it('are deleted, after which the code is free again', async () => {
    const temp = await create({ code: 'TEMP', type: 'amount', value: 100 });
    expect((await server.call('coupon/delete', { id: temp.body.data.id }, { token: admin })).body.status).toBe(true);
    expect((await check('TEMP', 6000)).body.message).toBe('COUPON_NOT_FOUND');
    expect((await create({ code: 'TEMP', type: 'amount', value: 200 })).body.status).toBe(true);
    const list = await server.call('coupon/pagelist', { q: 'TEMP' }, { token: admin });
    expect(list.body.data.rows.map((c) => c.code)).toEqual(['TEMP']);
  });
});
