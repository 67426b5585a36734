import { describe, expect, expectTypeOf, it } from 'vitest';
import { nameOf, type Endpoint } from '../../../shared/api/endpoint';
import * as authApi from '../../../shared/api/auth';
import * as setupApi from '../../../shared/api/setup';
import * as chainSettingsApi from '../../../shared/api/chain-settings';
import * as lookupsApi from '../../../shared/api/lookups';
import * as rolesApi from '../../../shared/api/roles';
import * as branchesApi from '../../../shared/api/branches';
import * as employeesApi from '../../../shared/api/employees';
import * as filesApi from '../../../shared/api/files';
import * as productsApi from '../../../shared/api/products';
import * as couponsApi from '../../../shared/api/coupons';
import * as salesApi from '../../../shared/api/sales';
import * as packagesApi from '../../../shared/api/packages';
import * as parentsApi from '../../../shared/api/parents';
import * as subscriptionsApi from '../../../shared/api/subscriptions';
import * as frontDeskApi from '../../../shared/api/frontdesk';
import type { AuthenticatedContext, RequestContext } from '../../../server/http/context';
import type { Handler, HandlersOf } from '../../../server/http/route';
import { authRoutes } from '../../../server/modules/auth/routes';
import { setupRoutes } from '../../../server/modules/setup/routes';
import { chainSettingsRoutes } from '../../../server/modules/chain-settings/routes';
import { lookupRoutes } from '../../../server/modules/lookups/routes';
import { roleRoutes } from '../../../server/modules/roles/routes';
import { branchRoutes } from '../../../server/modules/branches/routes';
import { employeeRoutes } from '../../../server/modules/employees/routes';
import { fileRoutes } from '../../../server/modules/files/routes';
import { productRoutes } from '../../../server/modules/products/routes';
import { couponRoutes } from '../../../server/modules/coupons/routes';
import { saleRoutes } from '../../../server/modules/sales/routes';
import { packageRoutes } from '../../../server/modules/packages/routes';
import { parentRoutes } from '../../../server/modules/parents/routes';
import { subscriptionRoutes } from '../../../server/modules/subscriptions/routes';
import { frontDeskRoutes } from '../../../server/modules/frontdesk/routes';

const namesOf = (mod: Record<string, unknown>) =>
  Object.values(mod)
    .filter((v): v is Endpoint => typeof v === 'object' && v !== null && 'path' in v && 'permission' in v)
    .map(nameOf)
    .sort();

// Building a routes object only makes closures over its services, so stand-ins do.
const none = {} as never;

describe("each server module's routes", () => {
  it('answer exactly the endpoints of their shared/api module, so a new endpoint has one home on each end', () => {
    const pairs: [Record<string, unknown>, object][] = [
      [authApi, authRoutes(none)],
      [setupApi, setupRoutes(none, none)],
      [chainSettingsApi, chainSettingsRoutes(none)],
      [lookupsApi, lookupRoutes(none)],
      [rolesApi, roleRoutes(none)],
      [branchesApi, branchRoutes(none)],
      [employeesApi, employeeRoutes(none)],
      [filesApi, fileRoutes(none)],
      [productsApi, productRoutes(none)],
      [couponsApi, couponRoutes(none)],
      [salesApi, saleRoutes(none)],
      [packagesApi, packageRoutes(none)],
      [parentsApi, parentRoutes(none)],
      [subscriptionsApi, subscriptionRoutes(none)],
      [frontDeskApi, frontDeskRoutes(none)],
    ];
    for (const [api, routes] of pairs) expect(Object.keys(routes).sort()).toEqual(namesOf(api));
  });

  it("are typed from the module's endpoints: a missing or a foreign one does not compile", () => {
    expectTypeOf<keyof HandlersOf<typeof couponsApi>>().toEqualTypeOf<
      'coupon/pagelist' | 'coupon/create' | 'coupon/delete' | 'sale/coupon'
    >();
    // @ts-expect-error a coupons routes object without 'sale/coupon'
    const missing: HandlersOf<typeof couponsApi> = {
      'coupon/pagelist': none,
      'coupon/create': none,
      'coupon/delete': none,
    };
    const foreign: HandlersOf<typeof couponsApi> = {
      'coupon/pagelist': none,
      'coupon/create': none,
      'coupon/delete': none,
      'sale/coupon': none,
      // @ts-expect-error a coupons routes object answering a sales endpoint
      'sale/pagelist': none,
    };
    expect([missing, foreign]).toHaveLength(2);
  });

  it('give a signed-in caller to every endpoint that is not public, and maybe none to a public one', () => {
    expectTypeOf<Parameters<Handler<'coupon/create'>>[1]>().toEqualTypeOf<AuthenticatedContext>();
    expectTypeOf<Parameters<Handler<'settings/chain'>>[1]>().toEqualTypeOf<AuthenticatedContext>();
    expectTypeOf<Parameters<Handler<'user/login'>>[1]>().toEqualTypeOf<RequestContext>();
  });
});
