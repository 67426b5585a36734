import { describe, expect, it } from 'vitest';
import { abilityFor, isAdministratorRole, rightsBeyond, type SessionUser } from '../../../shared/permissions';

const employee = (over: Partial<SessionUser> = {}): SessionUser => ({
  id: 2,
  name_en: 'Sara',
  name_ar: 'سارة',
  mobile: '0500000002',
  email: null,
  role: 'employee',
  branch_id: 1,
  privilege: {
    id: 3,
    name_en: 'Cashier',
    name_ar: 'كاشير',
    admin_access: false,
    features: { FrontDesk: { access: true, view: true, create: true, update: false, delete: false } },
  },
  ...over,
});

describe('administrator roles (spec 6)', () => {
  it.each(['admin', 'ADMIN', 'Dev', ' dev '])('%s counts as administrator', (role) => {
    expect(isAdministratorRole(role)).toBe(true);
  });
  it.each(['employee', 'administrator', 'devops', ''])('%s does not', (role) => {
    expect(isAdministratorRole(role)).toBe(false);
  });
});

describe('abilities from the login data', () => {
  it('with nobody signed in, the only ability is read on Auth', () => {
    const ability = abilityFor(null);
    expect(ability.can('read', 'Auth')).toBe(true);
    expect(ability.can('view', 'Dashboard')).toBe(false);
    expect(ability.rules).toHaveLength(1);
  });

  it('an administrator may do everything', () => {
    const ability = abilityFor(employee({ role: 'Admin', privilege: null }));
    expect(ability.can('delete', 'Branches')).toBe(true);
    expect(ability.can('create', 'Roles')).toBe(true);
  });

  it('the administrator-access toggle of a role grants everything', () => {
    const user = employee();
    const ability = abilityFor({ ...user, privilege: { ...user.privilege!, admin_access: true } });
    expect(ability.can('delete', 'Employees')).toBe(true);
  });

  it('an employee may do exactly what the flags of their role say', () => {
    const ability = abilityFor(employee());
    expect(ability.can('create', 'FrontDesk')).toBe(true);
    expect(ability.can('update', 'FrontDesk')).toBe(false);
    expect(ability.can('view', 'Sales')).toBe(false);
  });
});

describe('the rights a user may give or take away (issue 11, point 10)', () => {
  const flags = (...on: string[]) => ({
    access: on.includes('access'),
    view: on.includes('view'),
    create: on.includes('create'),
    update: on.includes('update'),
    delete: on.includes('delete'),
  });

  it('names each right a change turns on or off that the user does not hold', () => {
    const before = { FrontDesk: flags('access', 'delete') };
    const after = { FrontDesk: flags('access', 'view', 'update'), Sales: flags('access') };
    expect(rightsBeyond(employee(), before, after)).toEqual(['FrontDesk.update', 'FrontDesk.delete', 'Sales.access']);
  });

  it('lets a change within the rights held through, and leaves alone what it does not change', () => {
    const before = { FrontDesk: flags('access', 'delete'), Reports: flags('view') };
    expect(
      rightsBeyond(employee(), before, {
        FrontDesk: flags('access', 'view', 'create', 'delete'),
        Reports: flags('view'),
      }),
    ).toEqual([]);
  });

  it('an administrator may change any right', () => {
    expect(
      rightsBeyond(employee({ role: 'admin', privilege: null }), {}, { Sales: flags('access', 'delete') }),
    ).toEqual([]);
  });
});
