import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, or } from 'drizzle-orm';
import { ADMIN, startWithAdministrator, type TestServer } from './harness';
import { kids, users } from '../../server/db/schema';

/**
 * Issue 11, point 12: a family belongs to the chain. Any branch finds, serves and edits it; its
 * registration branch stays until an administrator changes it; the money stays with the branch that sold.
 */
let server: TestServer;
let admin: string;
let firstCashier: string;
let secondCashier: string;
let secondBranch: number;

const counter = {
  FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
  Sales: { access: true, view: true, create: true, update: false, delete: false },
  Invoices: { access: true, view: true, create: false, update: false, delete: false },
  Subscriptions: { access: true, view: true, create: false, update: false, delete: false },
};

beforeAll(async () => {
  ({ server, admin } = await startWithAdministrator());
  firstCashier = await server.staff('0560000001', counter);
  secondBranch = (
    await server.post<{ id: number }>(
      '/branch/create',
      { name_en: 'Jeddah', name_ar: 'جدة', vat_number: '300000000000003', phone: '+966 12 000 0000' },
      admin,
    )
  ).body.data.id;
  const role = await server.post<{ id: number }>(
    '/priviledge/role/create',
    { name_en: 'Jeddah counter', name_ar: 'كاونتر جدة', features: counter },
    admin,
  );
  const registered = await server.post(
    '/user/register',
    {
      name_en: 'Jeddah cashier',
      name_ar: 'كاشير جدة',
      mobile: '0560000002',
      priviledge_id: role.body.data.id,
      branch_id: secondBranch,
      password: 'staff-02',
      confirm_password: 'staff-02',
    },
    admin,
  );
  expect(registered.body.status).toBe(true);
  secondCashier = (await server.login('0560000002', 'staff-02')).accessToken;
  await server.openShift(secondCashier);
});
afterAll(() => server.close());

type Parent = { id: number; name_en: string; mobile: string; branch_id: number | null };
const parentInfo = async (id: number) => (await server.post<Parent>('/parent/info', { id }, admin)).body.data;

describe('a family registered in one branch, served in another', () => {
  it("the second branch's cashier finds and edits the family and sells to it; its registration branch stays", async () => {
    const made = await server.post<Parent>(
      '/parent/create',
      { name_en: 'Huda Salem', name_ar: 'هدى سالم', mobile: '0561234567' },
      firstCashier,
    );
    expect(made.body.data.branch_id).toBe(1);
    const parent = made.body.data.id;
    const kid = (
      await server.post<{ id: number }>(
        '/kid/create',
        { parent_id: parent, name_en: 'Yousef', name_ar: 'يوسف' },
        firstCashier,
      )
    ).body.data.id;

    const found = await server.post<Parent[]>('/parent/search', { query: '0561234567' }, secondCashier);
    expect(found.body.data.map((p) => p.id)).toEqual([parent]);

    const edited = await server.post<Parent>(
      '/parent/update',
      { id: parent, name_en: 'Huda Salem Ali', name_ar: 'هدى سالم علي', mobile: '0561234567' },
      secondCashier,
    );
    expect(edited.body.data).toMatchObject({ name_en: 'Huda Salem Ali', branch_id: 1 });
    expect((await parentInfo(parent)).branch_id).toBe(1);

    const weekly = (
      await server.post<{ id: number }>(
        '/package/create',
        {
          name_en: 'Week',
          name_ar: 'أسبوع',
          price: 10000,
          tax_id: 1,
          included: 1,
          validity_days: 7,
          daily_limits: 2,
          margin_minutes: '10',
        },
        admin,
      )
    ).body.data.id;
    const sale = await server.post<{ branch_id: number; parent_id: number; subscriptions: { branch_id?: number }[] }>(
      '/sale/sale/create',
      { cart: [{ package: { id: weekly }, kids: [kid] }], salesData: { payments: { cash: 10000 } } },
      secondCashier,
    );
    expect(sale.body.message).toBe('SALES_COMPLETED');
    expect(sale.body.data).toMatchObject({ branch_id: secondBranch, parent_id: parent });
    expect((await parentInfo(parent)).branch_id).toBe(1);

    // The sale is the second branch's: the first branch's invoice list does not show it.
    const invoicesOf = async (token: string) =>
      (await server.post<{ rows: { parent_id: number | null }[] }>('/sale/pagelist', { perPage: 100 }, token)).body.data
        .rows;
    expect((await invoicesOf(secondCashier)).some((r) => r.parent_id === parent)).toBe(true);
    expect((await invoicesOf(firstCashier)).some((r) => r.parent_id === parent)).toBe(false);
  });

  it('only an administrator moves a family to another branch, and only when asked to', async () => {
    const parent = (
      await server.post<Parent>(
        '/parent/create',
        { name_en: 'Reem', name_ar: 'ريم', mobile: '0567654321' },
        firstCashier,
      )
    ).body.data.id;
    const body = { id: parent, name_en: 'Reem', name_ar: 'ريم', mobile: '0567654321' };
    expect(await server.post('/parent/update', { ...body, branch_id: secondBranch }, secondCashier)).toEqual({
      status: 403,
      body: { status: false, message: 'NOT_AUTHORISED' },
    });
    expect(
      (await server.post<Parent>('/parent/update', { ...body, branch_id: 1 }, secondCashier)).body.data.branch_id,
    ).toBe(1); // naming it again changes nothing
    expect((await server.post<Parent>('/parent/update', body, admin)).body.data.branch_id).toBe(1);
    expect(
      (await server.post<Parent>('/parent/update', { ...body, branch_id: secondBranch }, admin)).body.data.branch_id,
    ).toBe(secondBranch);
    expect((await parentInfo(parent)).branch_id).toBe(secondBranch);
  });
});

describe('a kid’s ban', () => {
  /** A manager of branch 1: a counter whose role also lets a banned kid in. */
  let manager: string;
  let managerId: number;
  beforeAll(async () => {
    manager = await server.staff('0560000009', {
      ...counter,
      FrontDesk: { access: true, view: true, create: true, update: true, delete: true },
    });
    managerId = await idOf('0560000009');
  });

  const kidOf = async (banned: boolean) => {
    const parent = (
      await server.post<Parent>(
        '/parent/create',
        { name_en: 'Banned family', name_ar: 'عائلة', mobile: `05622${String(Date.now()).slice(-5)}` },
        firstCashier,
      )
    ).body.data.id;
    const made = await server.post<{ id: number; banned: boolean }>(
      '/kid/create',
      { parent_id: parent, name_en: 'Omar', name_ar: 'عمر', banned },
      banned ? manager : firstCashier,
    );
    expect(made.body.data.banned).toBe(banned);
    return { parent, kid: made.body.data.id };
  };
  const kidFields = { name_en: 'Omar', name_ar: 'عمر' };
  async function idOf(login: string) {
    const [row] = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.mobile, login), eq(users.email, login)));
    return row!.id;
  }
  const bannedState = async (kid: number) => {
    const [row] = await server.database.db
      .select({ banned: kids.banned, by: kids.banned_by, at: kids.banned_changed_at })
      .from(kids)
      .where(eq(kids.id, kid));
    return row!;
  };

  it('is not lifted by a cashier, so the kid still cannot be checked in', async () => {
    const { parent, kid } = await kidOf(true);
    const lifted = await server.post('/kid/update', { id: kid, ...kidFields, banned: false }, firstCashier);
    expect(lifted.body.message).toBe('NOT_AUTHORISED');
    // Leaving the flag out changes nothing either (it used to mean "not banned").
    const edited = await server.post<{ banned: boolean }>(
      '/kid/update',
      { id: kid, ...kidFields, medical_notes: 'Asthma' },
      firstCashier,
    );
    expect(edited.body.data.banned).toBe(true);
    expect((await bannedState(kid)).banned).toBe(true);
    const checkin = await server.post(
      '/parent/kids/checkin',
      { parent_id: parent, badge: `BAN-${kid}`, kidsList: [kid] },
      firstCashier,
    );
    expect(checkin.body.message).toBe('KID_BANNED');
  });

  it('nor put on by a cashier; the right that lets a banned kid in changes it and is recorded', async () => {
    const { kid } = await kidOf(false);
    expect((await server.post('/kid/update', { id: kid, ...kidFields, banned: true }, firstCashier)).status).toBe(403);
    const banned = await server.post<{ banned: boolean }>(
      '/kid/update',
      { id: kid, ...kidFields, banned: true },
      manager,
    );
    expect(banned.body.data.banned).toBe(true);
    const first = await bannedState(kid);
    expect(first).toMatchObject({ banned: true, by: managerId });
    expect(first.at).toBeInstanceOf(Date);
    // The same flag sent again by a cashier's edit is no change.
    const same = await server.post('/kid/update', { id: kid, ...kidFields, banned: true }, firstCashier);
    expect(same.body.message).toBe('OK');
    const lifted = await server.post<{ banned: boolean }>(
      '/kid/update',
      { id: kid, ...kidFields, banned: false },
      admin,
    );
    expect(lifted.body.data.banned).toBe(false);
    expect((await bannedState(kid)).by).toBe(await idOf(ADMIN.login));
    const { parent } = await kidOf(false);
    const bannedAtBirth = await server.post(
      '/kid/create',
      { parent_id: parent, ...kidFields, banned: true },
      firstCashier,
    );
    expect(bannedAtBirth.status).toBe(403);
  });
});
