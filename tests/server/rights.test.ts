import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithAdministrator, type TestServer } from './harness';
import type { FeatureFlags } from '../../shared/permissions';

/** Issue 11, points 10 and 11: nobody but an administrator hands out more than they hold. */
let server: TestServer;
let admin: string;
beforeAll(async () => void ({ server, admin } = await startWithAdministrator()));
afterAll(() => server.close());

type Row = Record<string, unknown> & { id: number };
const all: FeatureFlags = { access: true, view: true, create: true, update: true, delete: true };
const only = (...flags: (keyof FeatureFlags)[]): FeatureFlags => ({
  access: false,
  view: false,
  create: false,
  update: false,
  delete: false,
  ...Object.fromEntries(flags.map((f) => [f, true])),
});
const managerRights = { Employees: all, Roles: { ...all, delete: false }, FrontDesk: only('access', 'view', 'create') };

let mobiles = 0;
async function role(name: string, features: object, token = admin) {
  return server.post<Row>('/priviledge/role/create', { name_en: name, name_ar: `دور ${name}`, features }, token);
}
async function employee(roleId: number, token = admin, over: object = {}) {
  const mobile = `05190000${String(++mobiles).padStart(2, '0')}`;
  const res = await server.post<Row>(
    '/user/register',
    {
      name_en: 'Staff',
      name_ar: 'موظف',
      mobile,
      priviledge_id: roleId,
      branch_id: 1,
      password: 'secret-1',
      confirm_password: 'secret-1',
      ...over,
    },
    token,
  );
  return { res, mobile };
}
const featuresOf = async (id: number) =>
  (await server.post<{ features: object }>('/priviledge/role/features', { id }, admin)).body.data.features;

let managerRole: number;
let manager: string;
beforeAll(async () => {
  managerRole = (await role('Branch manager', managerRights)).body.data.id;
  const { mobile } = await employee(managerRole);
  manager = (await server.login(mobile, 'secret-1')).accessToken;
});

describe('roles: a non-administrator grants only what they hold', () => {
  it('cannot change the role they hold, not even to widen it by one right', async () => {
    const widened = await server.post(
      '/priviledge/role/update',
      {
        id: managerRole,
        name_en: 'Branch manager',
        name_ar: 'دور Branch manager',
        features: { ...managerRights, Sales: all },
      },
      manager,
    );
    expect(widened).toEqual({ status: 403, body: { status: false, message: 'NOT_AUTHORISED' } });
    const renamed = await server.post(
      '/priviledge/role/update',
      { id: managerRole, name_en: 'Boss', name_ar: 'رئيس', features: managerRights },
      manager,
    );
    expect(renamed.status).toBe(403);
    expect(await featuresOf(managerRole)).toEqual(managerRights);
  });

  it('creates a role with rights they hold, and is refused one with a right they lack', async () => {
    expect((await role('Greeter', { FrontDesk: only('access', 'view') }, manager)).body.status).toBe(true);
    const wider = await role('Seller', { FrontDesk: only('access'), Sales: only('access') }, manager);
    expect(wider).toEqual({ status: 403, body: { status: false, message: 'NOT_AUTHORISED' } });
    expect((await role('Deleter', { FrontDesk: only('access', 'delete') }, manager)).status).toBe(403);
  });

  it('edits another role within their own rights, but adds or removes no right they lack', async () => {
    // A role the administrator made wider than the manager in one right (FrontDesk delete).
    const cashier = (await role('Counter', { FrontDesk: only('access', 'view', 'delete') })).body.data.id;
    const update = (features: object) =>
      server.post(
        '/priviledge/role/update',
        { id: cashier, name_en: 'Counter', name_ar: 'الكاونتر', features },
        manager,
      );
    expect((await update({ FrontDesk: only('access', 'view', 'delete', 'create') })).body.status).toBe(true);
    expect(
      (await update({ FrontDesk: only('access', 'view', 'delete', 'create'), Sales: only('access') })).status,
    ).toBe(403);
    expect((await update({ FrontDesk: only('access', 'view', 'create') })).status).toBe(403); // taking away FrontDesk delete
    expect(await featuresOf(cashier)).toEqual({ FrontDesk: only('access', 'view', 'delete', 'create') });
  });
});

describe('employees: a non-administrator assigns no role wider than their own', () => {
  it('registers staff on a role within their rights, not on a wider one', async () => {
    const narrow = (await role('Narrow', { FrontDesk: only('access', 'view') })).body.data.id;
    const wide = (await role('Wide', { FrontDesk: only('access'), Sales: all })).body.data.id;
    expect((await employee(narrow, manager)).res.body.status).toBe(true);
    expect((await employee(managerRole, manager)).res.body.status).toBe(true);
    const refused = await employee(wide, manager);
    expect(refused.res).toEqual({ status: 403, body: { status: false, message: 'NOT_AUTHORISED' } });
  });

  it('moves no one onto a wider role, and takes over no one who holds one (a new password would)', async () => {
    const narrow = (await role('Narrow 2', { FrontDesk: only('access', 'view') })).body.data.id;
    const wide = (await role('Wide 2', { Sales: all })).body.data.id;
    const staff = (await employee(narrow)).res.body.data.id;
    expect((await server.post('/user/update', { id: staff, priviledge_id: wide }, manager)).status).toBe(403);
    const holder = (await employee(wide)).res.body.data.id;
    expect(
      (await server.post('/user/update', { id: holder, password: 'taken-1', confirm_password: 'taken-1' }, manager))
        .status,
    ).toBe(403);
    expect((await server.post('/user/delete', { id: holder }, manager)).status).toBe(403);
    expect((await server.post<Row>('/profile/user/info', { id: staff }, admin)).body.data.priviledge_id).toBe(narrow);
  });
});

describe('branches: only an administrator takes an employee out of every branch', () => {
  it('a branch manager sending branch_id null is refused and the employee stays in the branch', async () => {
    const narrow = (await role('Narrow 3', { FrontDesk: only('access') })).body.data.id;
    const staff = (await employee(narrow)).res.body.data.id;
    expect(await server.post('/user/update', { id: staff, branch_id: null }, manager)).toEqual({
      status: 403,
      body: { status: false, message: 'NOT_AUTHORISED' },
    });
    expect((await server.post<Row>('/profile/user/info', { id: staff }, admin)).body.data.branch_id).toBe(1);
    // Naming their own branch again changes nothing and is allowed.
    expect((await server.post('/user/update', { id: staff, branch_id: 1 }, manager)).body.status).toBe(true);
    const byAdmin = await server.post<Row>('/user/update', { id: staff, branch_id: null }, admin);
    expect(byAdmin.body.data.branch_id).toBeNull();
  });
});
