import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await server.login()).accessToken;
});
afterAll(() => server.close());

type Row = { id: number; name_en: string; name_ar: string; code?: string; rate_bp?: number };
const list = async (path: string) => {
  const res = await server.post<Row[]>(path, {}, token);
  expect(res.status).toBe(200);
  return res.body.data;
};
const arabic = /[\u0600-\u06FF]/;

describe('lookup lists', () => {
  it.each([
    '/identification/list',
    '/specialization/list',
    '/qualification/list',
    '/shift/list',
    '/tax/list',
    '/branch/list',
  ])('%s has rows named in English and Arabic', async (path) => {
    const rows = await list(path);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.name_en).toMatch(/[A-Za-z]/);
      expect(row.name_ar).toMatch(arabic);
    }
  });

  it('nationalities are the ISO country list with Arabic names', async () => {
    const rows = await list('/nationality/list');
    expect(rows.length).toBeGreaterThanOrEqual(249);
    expect(rows.find((r) => r.code === 'SA')).toMatchObject({ name_en: 'Saudi Arabia', name_ar: 'السعودية' });
    expect(rows.find((r) => r.code === 'EG')?.name_ar).toBe('مصر');
    expect(rows.every((r) => arabic.test(r.name_ar))).toBe(true);
  });

  it('tax rates are integer basis points: standard VAT is 15 %', async () => {
    const rows = await list('/tax/list');
    expect(rows[0]).toMatchObject({ name_en: 'Standard VAT 15%', rate_bp: 1500 });
  });

  it('the role list starts empty and is open to any signed-in employee', async () => {
    expect(await list('/priviledge/list')).toEqual([]);
    await server.addEmployee({ mobile: '0504444444', password: 'cashier-pass' });
    const employee = await server.login('0504444444', 'cashier-pass');
    expect((await server.post('/branch/list', {}, employee.accessToken)).status).toBe(200);
  });
});
