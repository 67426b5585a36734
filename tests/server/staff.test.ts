import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithAdministrator, type TestServer } from './harness';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  ({ server, admin } = await startWithAdministrator());
});
afterAll(() => server.close());

type Row = Record<string, unknown> & { id: number };
const flags = (all: boolean) => ({ access: all, view: all, create: all, update: all, delete: all });
const frontDeskOnly = { FrontDesk: flags(true) };

async function makeBranch(name: string) {
  const res = await server.post<Row>(
    '/branch/create',
    { name_en: name, name_ar: `فرع ${name}`, vat_number: '300000000000003', phone: '+966 11 000 0000' },
    admin,
  );
  expect(res.status).toBe(200);
  return res.body.data.id;
}

async function makeRole(name: string, features: object, admin_access = false) {
  const res = await server.post<Row>(
    '/priviledge/role/create',
    { name_en: name, name_ar: `دور ${name}`, features, admin_access },
    admin,
  );
  expect(res.body.status, JSON.stringify(res.body)).toBe(true);
  return res.body.data.id;
}

async function makeEmployee(over: Record<string, unknown>) {
  const res = await server.post<Row>(
    '/user/register',
    { name_en: 'Employee', name_ar: 'موظف', password: 'secret-1', confirm_password: 'secret-1', ...over },
    admin,
  );
  expect(res.body.status, JSON.stringify(res.body)).toBe(true);
  return res.body.data;
}

describe('roles', () => {
  it('lists the features, one per screen group, named in both languages, 20 per page', async () => {
    const res = await server.post<{ rows: Row[]; total: number; perPage: number }>('/feature/list', {}, admin);
    expect(res.body.data.perPage).toBe(20);
    expect(res.body.data.total).toBe(17);
    expect(res.body.data.rows.find((f) => f.key === 'FrontDesk')).toMatchObject({
      name_en: 'Front desk',
      name_ar: 'الاستقبال',
    });
  });

  it('needs a name and at least one selected feature', async () => {
    const none = await server.post(
      '/priviledge/role/create',
      { name_en: 'Empty', name_ar: 'فارغ', features: { Sales: flags(false) } },
      admin,
    );
    expect(none.body).toMatchObject({
      status: false,
      message: 'VALIDATION_FAILED',
      errors: [{ path: 'features', message: 'FIELD_REQUIRED' }],
    });
    const nameless = await server.post(
      '/priviledge/role/create',
      { name_en: ' ', name_ar: 'x', features: frontDeskOnly },
      admin,
    );
    expect(nameless.body.errors?.[0]).toEqual({ path: 'name_en', message: 'FIELD_TOO_SHORT' });
  });

  it('creates, updates, lists with user counts, and refuses a duplicate name with EXISTS', async () => {
    const id = await makeRole('Cashier', frontDeskOnly);
    expect(
      (
        await server.post(
          '/priviledge/role/create',
          { name_en: 'cashier', name_ar: 'آخر', features: frontDeskOnly },
          admin,
        )
      ).body.message,
    ).toBe('EXISTS');
    const updated = await server.post<Row>(
      '/priviledge/role/update',
      { id, name_en: 'Cashier', name_ar: 'كاشير', features: { ...frontDeskOnly, Sales: flags(true) } },
      admin,
    );
    expect(updated.body.data).toMatchObject({ name_ar: 'كاشير', features: { Sales: flags(true) } });
    await makeEmployee({ mobile: '0511000001', priviledge_id: id });
    const list = await server.post<{ rows: Row[] }>('/priviledge/role/list', { q: 'cash' }, admin);
    expect(list.body.data.rows).toEqual([expect.objectContaining({ id, users_count: 1 })]);
    expect((await server.post<Row[]>('/priviledge/role/users', { id }, admin)).body.data).toHaveLength(1);
    expect((await server.post('/priviledge/role/features', { id }, admin)).body.data).toMatchObject({
      admin_access: false,
      features: { FrontDesk: flags(true) },
    });
    expect((await server.post('/priviledge/role/features', { id: 99999 }, admin)).body.message).toBe('NOT_FOUND');
  });
});

describe('employees', () => {
  it('check the password rules and a missing login', async () => {
    const role = await makeRole('Rules', frontDeskOnly);
    const base = { name_en: 'A', name_ar: 'أ', mobile: '0512000000', priviledge_id: role };
    const post = (body: object) => server.post('/user/register', body, admin);
    expect((await post({ ...base })).body.message).toBe('PASSWORD_MISSING');
    expect((await post({ ...base, password: '12345', confirm_password: '12345' })).body.message).toBe(
      'PASSWORD_MIN_6_CHARS',
    );
    expect((await post({ ...base, password: '123456', confirm_password: '654321' })).body.message).toBe(
      'PASSWORD_MUST_MATCH',
    );
    expect((await post({ ...base, mobile: null, password: '123456', confirm_password: '123456' })).body.message).toBe(
      'MOBILE_NUMBER_MISSING',
    );
    expect(
      (await post({ ...base, priviledge_id: null, password: '123456', confirm_password: '123456' })).body.errors,
    ).toEqual([{ path: 'priviledge_id', message: 'FIELD_REQUIRED' }]);
  });

  it('a taken mobile or email is USER_EXISTS, also when two managers add it at once', async () => {
    const role = await makeRole('Exists', frontDeskOnly);
    await makeEmployee({ mobile: '0513000000', email: 'taken@x.test', priviledge_id: role });
    const again = (over: object) =>
      server.post(
        '/user/register',
        {
          name_en: 'B',
          name_ar: 'ب',
          priviledge_id: role,
          password: 'secret-1',
          confirm_password: 'secret-1',
          ...over,
        },
        admin,
      );
    expect((await again({ mobile: '051 300 0000' })).body.message).toBe('USER_EXISTS');
    expect((await again({ email: 'TAKEN@x.test' })).body.message).toBe('USER_EXISTS');
    const race = await Promise.all([
      again({ mobile: '0513999999' }),
      again({ mobile: '0513999999', email: 'other@x.test' }),
    ]);
    expect(race.map((r) => r.body.message).sort()).toEqual(['OK', 'USER_EXISTS']);
  });

  it('a new password ends the employee’s other sign-ins; deleting ends all and keeps history', async () => {
    const role = await makeRole('Sessions', frontDeskOnly);
    const employee = await makeEmployee({ mobile: '0514000000', priviledge_id: role });
    const first = await server.login('0514000000', 'secret-1');
    const changed = await server.post(
      '/user/update',
      { id: employee.id, password: 'secret-2', confirm_password: 'secret-2' },
      admin,
    );
    expect(changed.body.status).toBe(true);
    expect((await server.post('/jwt/refresh-token', { refreshToken: first.refreshToken })).body).toMatchObject({
      logout: true,
    });
    expect((await server.post('/user/login', { login: '0514000000', password: 'secret-2' })).body.status).toBe(true);

    const sessions = await server.post<{ rows: Row[]; total: number }>(
      '/profile/user/session',
      { user_id: employee.id },
      admin,
    );
    expect(sessions.body.data.total).toBe(2);
    expect(sessions.body.data.rows[1]!.logout_at).not.toBeNull();

    expect((await server.post('/user/delete', { id: employee.id }, admin)).body.status).toBe(true);
    expect((await server.post('/user/login', { login: '0514000000', password: 'secret-2' })).body.message).toBe(
      'USER_NOT_FOUND',
    );
    const report = await server.post<{ rows: Row[] }>('/user/loginreport', { user_id: employee.id }, admin);
    expect(report.body.data.rows).toHaveLength(2); // history stays
    expect((await server.post('/user/delete', { id: 1 }, admin)).body.message).toBe('NOT_AUTHORISED'); // not yourself
  });

  it('profile info names the branch and the role', async () => {
    const branch = await makeBranch('Info');
    const role = await makeRole('Info role', frontDeskOnly);
    const employee = await makeEmployee({
      mobile: '0515000000',
      priviledge_id: role,
      branch_id: branch,
      nationality_id: 1,
    });
    const info = await server.post<Row>('/profile/user/info', { id: employee.id }, admin);
    expect(info.body.data).toMatchObject({
      branch: { id: branch, name_en: 'Info' },
      privilege: { id: role, name_en: 'Info role' },
    });
    expect(typeof info.body.data.created_at).toBe('string');
  });
});

describe('branches', () => {
  it('lists 10 per page with the invoice fields, edits, and keeps a branch in use', async () => {
    const id = await makeBranch('Riyadh');
    const list = await server.post<{ rows: Row[]; perPage: number }>('/branch/pagelist', { q: 'riya' }, admin);
    expect(list.body.data.perPage).toBe(10);
    expect(list.body.data.rows).toEqual([
      expect.objectContaining({ id, vat_number: '300000000000003', currency: 'SAR' }),
    ]);
    const bad = await server.post('/branch/update', { id, name_en: 'R', name_ar: 'ر', vat_number: 'VAT-12' }, admin);
    expect(bad.body.errors).toEqual([{ path: 'vat_number', message: 'FIELD_INVALID' }]);
    const role = await makeRole('Riyadh staff', frontDeskOnly);
    const employee = await makeEmployee({ mobile: '0516000000', priviledge_id: role, branch_id: id });
    expect(await server.post('/branch/delete', { id }, admin)).toEqual({
      status: 409,
      body: { status: false, message: 'EXISTS' },
    });
    await server.post('/user/delete', { id: employee.id }, admin);
    expect((await server.post('/branch/delete', { id }, admin)).body.status).toBe(true);
    expect((await server.post<Row[]>('/branch/list', {}, admin)).body.data.some((b) => b.id === id)).toBe(false);
  });
});

describe('privileges on every call', () => {
  let cashier: string;
  let manager: string;
  let otherBranchEmployee: number;
  let otherBranch: number;

  beforeAll(async () => {
    const home = await makeBranch('Home');
    otherBranch = await makeBranch('Other');
    const cashierRole = await makeRole('Front desk only', frontDeskOnly);
    const managerRole = await makeRole('Branch manager', {
      Employees: flags(true),
      Branches: flags(true),
      Reports: flags(true),
      Roles: { ...flags(true), delete: false },
    });
    await makeEmployee({ mobile: '0517000001', priviledge_id: cashierRole, branch_id: home });
    await makeEmployee({ mobile: '0517000002', priviledge_id: managerRole, branch_id: home });
    otherBranchEmployee = (
      await makeEmployee({ mobile: '0517000003', priviledge_id: cashierRole, branch_id: otherBranch })
    ).id;
    cashier = (await server.login('0517000001', 'secret-1')).accessToken;
    manager = (await server.login('0517000002', 'secret-1')).accessToken;
  });

  it('a role without the right gets 403 NOT_AUTHORISED on every guarded endpoint', async () => {
    for (const path of [
      '/user/pagelist',
      '/user/register',
      '/user/update',
      '/user/delete',
      '/branch/pagelist',
      '/branch/create',
      '/priviledge/role/list',
      '/priviledge/role/create',
      '/feature/list',
      '/user/loginreport',
      '/profile/user/info',
    ]) {
      const res = await server.post(path, { id: 1 }, cashier);
      expect(res.status, path).toBe(403);
      expect(res.body.message).toBe('NOT_AUTHORISED');
    }
  });

  it("another branch's objects are NOT_FOUND for a branch manager", async () => {
    expect((await server.post('/profile/user/info', { id: otherBranchEmployee }, manager)).status).toBe(404);
    expect((await server.post('/user/update', { id: otherBranchEmployee, name_en: 'X' }, manager)).status).toBe(404);
    expect((await server.post('/user/delete', { id: otherBranchEmployee }, manager)).status).toBe(404);
    expect((await server.post('/branch/update', { id: otherBranch, name_en: 'X', name_ar: 'س' }, manager)).status).toBe(
      404,
    );
    expect((await server.post('/branch/delete', { id: otherBranch }, manager)).status).toBe(404);
    const list = await server.post<{ rows: Row[] }>('/user/pagelist', { perPage: 200 }, manager);
    expect(list.body.data.rows.every((r) => r.branch_id === list.body.data.rows[0]!.branch_id)).toBe(true);
    expect(list.body.data.rows.some((r) => r.id === otherBranchEmployee)).toBe(false);
    const branches = await server.post<{ rows: Row[] }>('/branch/pagelist', {}, manager);
    expect(branches.body.data.rows).toHaveLength(1);
  });

  it('a branch manager cannot make an administrator, nor hand out or edit administrator access', async () => {
    const fullRole = await makeRole('Everything', {}, true);
    const register = (over: object) =>
      server.post(
        '/user/register',
        {
          name_en: 'E',
          name_ar: 'إ',
          mobile: '0518000000',
          password: 'secret-1',
          confirm_password: 'secret-1',
          ...over,
        },
        manager,
      );
    expect((await register({ role: 'admin' })).status).toBe(403);
    expect((await register({ priviledge_id: fullRole })).status).toBe(403);
    expect(
      (await server.post('/priviledge/role/create', { name_en: 'Sneaky', name_ar: 'خفي', admin_access: true }, manager))
        .status,
    ).toBe(403);
    expect(
      (
        await server.post(
          '/priviledge/role/update',
          { id: fullRole, name_en: 'Everything', name_ar: 'دور Everything', features: frontDeskOnly },
          manager,
        )
      ).status,
    ).toBe(403);
    expect(
      (await server.post('/user/update', { id: 1, password: 'hijack-1', confirm_password: 'hijack-1' }, manager))
        .status,
    ).toBe(404);
  });
});
