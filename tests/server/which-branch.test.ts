import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
let cashier: string;
let otherBranch: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await server.login()).accessToken;
  cashier = await server.staff('0543333333', {
    FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
    Sales: { access: true, view: true, create: true, update: false, delete: false },
  });
  otherBranch = (await server.post<{ id: number }>('/branch/create', { name_en: 'Dammam', name_ar: 'الدمام' }, admin))
    .body.data.id;
  await server.openShift(cashier);
});
afterAll(() => server.close());

describe('the branch a command acts in', () => {
  it("is a cashier's own: a sale or a check-in naming another branch is refused, and nothing is recorded there", async () => {
    const parent = (
      await server.post<{ id: number }>(
        '/parent/create',
        { name_en: 'Family', name_ar: 'عائلة', mobile: '0561200001' },
        cashier,
      )
    ).body.data;
    const kid = (
      await server.post<{ id: number }>(
        '/kid/create',
        { parent_id: parent.id, name_en: 'Kid', name_ar: 'طفل' },
        cashier,
      )
    ).body.data;
    const pkg = (
      await server.post<{ id: number }>(
        '/package/create',
        {
          name_en: 'Two hours',
          name_ar: 'ساعتان',
          price: 5000,
          tax_id: 1,
          included: 1,
          validity_days: 30,
          daily_limits: 2,
          margin_minutes: '10',
          overtime_price: 2500,
        },
        admin,
      )
    ).body.data;
    const cart = [{ package: { id: pkg.id }, kids: [kid.id] }];
    const elsewhere = await server.post(
      '/sale/sale/create',
      { cart, salesData: { payments: { cash: 5000 }, branch_id: otherBranch } },
      cashier,
    );
    expect(elsewhere).toEqual({ status: 404, body: { status: false, message: 'NOT_FOUND' } });
    expect(
      (await server.post('/sale/sale/create', { cart, salesData: { payments: { cash: 5000 } } }, cashier)).body.message,
    ).toBe('SALES_COMPLETED');

    const checkin = (branch_id: number | null) =>
      server.post(
        '/parent/kids/checkin',
        { parent_id: parent.id, badge: 'W-1', kidsList: [kid.id], branch_id },
        cashier,
      );
    expect(await checkin(otherBranch)).toEqual({ status: 404, body: { status: false, message: 'NOT_FOUND' } });
    expect(
      (await server.post<{ total: number }>('/kids/checkedinlist', { branch_id: otherBranch }, admin)).body.data.total,
    ).toBe(0);
    expect((await checkin(null)).body.message).toBe('CHECKIN_DONE');
  });
});

describe('an employee with no branch of their own', () => {
  // A code they ask for is still sent (in the family's branch's outbox): no branch is needed for it.
  it('has none to act in: a sale, a shift, a room or a check-in answers NOT_FOUND, never a 500', async () => {
    const all = { access: true, view: true, create: true, update: true, delete: true };
    const branchless = await server.staff(
      '0543333399',
      { FrontDesk: all, Sales: all, Rooms: all, Reports: all },
      null as unknown as number,
    );
    // A family of the chain (families belong to the chain), so only the branch is missing.
    const parent = (
      await server.post<{ id: number }>(
        '/parent/create',
        { name_en: 'Nomad', name_ar: 'رحّال', mobile: '0561200099' },
        admin,
      )
    ).body.data;
    const kid = (
      await server.post<{ id: number }>('/kid/create', { parent_id: parent.id, name_en: 'Kid', name_ar: 'طفل' }, admin)
    ).body.data;
    const calls: [string, unknown][] = [
      ['/sale/sale/create', { cart: [{ product: { id: 1, qty: 1 } }], salesData: { payments: { cash: 100 } } }],
      ['/cashup/open', { opening_float: 0 }],
      ['/room/create', { name_en: 'Nowhere', name_ar: 'لا مكان', capacity: 5 }],
      ['/parent/kids/checkin', { parent_id: parent.id, badge: 'W-9', kidsList: [kid.id] }],
    ];
    for (const [path, body] of calls) {
      const res = await server.post(path, body, branchless);
      expect(res.status, path).toBe(404);
      expect(res.body.message, path).toBe('NOT_FOUND');
    }
  });
});

describe('the branch a station prints for', () => {
  it("is a cashier's own (naming another is NOT_FOUND), the one an administrator names (else the first), with its VAT number", async () => {
    const own = await server.post<{ id: number }>('/branch/station', {}, cashier);
    expect(own.status).toBe(200);
    expect(own.body.data.id).toBe(1);
    expect((await server.post('/branch/station', { branch_id: otherBranch }, cashier)).body).toMatchObject({
      message: 'NOT_FOUND',
    });
    const named = await server.post<{ id: number; name_en: string; vat_number: string | null }>(
      '/branch/station',
      { branch_id: otherBranch },
      admin,
    );
    expect(named.body.data).toMatchObject({ id: otherBranch, name_en: 'Dammam', vat_number: null });
    // A station an administrator has not placed yet prints as the first branch.
    expect((await server.post<{ id: number }>('/branch/station', {}, admin)).body.data.id).toBe(1);
    expect((await server.post('/branch/station', { branch_id: 999_999 }, admin)).body).toMatchObject({
      message: 'NOT_FOUND',
    });
  });
});
