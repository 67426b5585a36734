import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithAdministrator, type TestServer } from './harness';
import type { RequestOf } from '../../shared/api/catalogue';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  ({ server, admin } = await startWithAdministrator());
});
afterAll(() => server.close());

const monthly: RequestOf<'package/create'> = {
  name_en: 'Monthly play',
  name_ar: 'اللعب الشهري',
  price: 30000,
  tax_id: 1,
  included: 1,
  validity_days: 30,
  daily_limits: 2,
  margin_minutes: '10, 5',
};

describe('packages', () => {
  it('keep their validity, hours per day and overtime margin through create and update', async () => {
    const created = await server.call('package/create', monthly, { token: admin });
    expect(created.body.data).toMatchObject({
      validity_days: 30,
      daily_limits: 2,
      margin_minutes: '10,5',
      image: '/product.png',
    });
    const custom = await server.call(
      'package/update',
      { ...monthly, id: created.body.data.id, validity_days: 45, margin_minutes: '15' },
      { token: admin },
    );
    expect(custom.body.data).toMatchObject({ validity_days: 45, margin_minutes: '15' });
    const page = await server.call('package/pagelist', { q: 'شهري' }, { token: admin });
    expect(page.body.data.rows).toHaveLength(1);
    expect((await server.call('package/list', {}, { token: admin })).body.data).toHaveLength(1);
  });

  it('a page carries its rows and allData, every package, as spec 7 says', async () => {
    for (const name_en of ['Alpha', 'Beta', 'Gamma'])
      await server.call('package/create', { ...monthly, name_en, name_ar: `باقة ${name_en}` }, { token: admin });
    const page = await server.call('package/pagelist', { page: 1, perPage: 2 }, { token: admin });
    expect(page.body.data.rows).toHaveLength(2);
    expect(page.body.data.allData.length).toBe(page.body.data.total);
    expect(page.body.data.allData.length).toBeGreaterThanOrEqual(3);
  });

  it('refuse a validity, a daily limit or a margin that makes no sense', async () => {
    const post = (over: Partial<RequestOf<'package/create'>>) =>
      server.call('package/create', { ...monthly, ...over }, { token: admin });
    expect((await post({ validity_days: 0 })).body.errors?.[0]?.path).toBe('validity_days');
    expect((await post({ daily_limits: 25 })).body.errors?.[0]?.path).toBe('daily_limits');
    for (const margin_minutes of ['ten', '5,,5', '-5', '1,2,'])
      expect((await post({ margin_minutes })).body.errors?.[0]?.path, margin_minutes).toBe('margin_minutes');
  });

  it('are deleted and then gone', async () => {
    const { id } = (
      await server.call(
        'package/create',
        { ...monthly, name_en: 'Day pass', name_ar: 'تذكرة يوم', validity_days: 1 },
        { token: admin },
      )
    ).body.data;
    expect((await server.call('package/delete', { id }, { token: admin })).body.status).toBe(true);
    expect((await server.call('package/list', {}, { token: admin })).body.data.some((p) => p.id === id)).toBe(false);
    expect((await server.call('package/delete', { id }, { token: admin })).status).toBe(404);
  });
});
