import { describe, expect, expectTypeOf, it } from 'vitest';
import Fastify, { type FastifyPluginCallback } from 'fastify';
import type { Endpoint } from '../../../shared/api/endpoint';
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
import * as roomsApi from '../../../shared/api/rooms';
import * as smsProviderApi from '../../../shared/api/sms-provider';
import type { AuthenticatedContext, RequestContext } from '../../../server/http/context';
import type { Authenticator, Handler, HandlersOf } from '../../../server/http/route';
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
import { roomRoutes } from '../../../server/modules/rooms/routes';
import { smsProviderRoutes } from '../../../server/modules/chain-settings/sms-provider-routes';

/** The routes (method and path) a module's endpoints ask for; a GET also answered as POST is both. */
const routesOf = (mod: Record<string, unknown>) =>
  Object.values(mod)
    .filter((v): v is Endpoint => typeof v === 'object' && v !== null && 'path' in v && 'permission' in v)
    .flatMap((e) => [`${e.method} ${e.path}`, ...(e.alsoPost ? [`POST ${e.path}`] : [])])
    .sort();

/** The routes a module's plugin registers on an app of its own (Fastify's own HEAD twins of a GET aside). */
async function registeredBy(plugin: FastifyPluginCallback<{ auth: Authenticator }>): Promise<string[]> {
  const app = Fastify({ logger: false });
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  await app.register(plugin, { auth: none });
  await app.close();
  return routes.sort();
}

// Building a routes object only makes closures over its services, so stand-ins do.
const none = {} as never;

describe("each server module's routes", () => {
  it('register exactly the endpoints of their shared/api module, so a new endpoint has one home on each end', async () => {
    const pairs: [Record<string, unknown>, FastifyPluginCallback<{ auth: Authenticator }>][] = [
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
      [roomsApi, roomRoutes(none)],
      [smsProviderApi, smsProviderRoutes(none)],
    ];
    for (const [api, plugin] of pairs) expect(await registeredBy(plugin)).toEqual(routesOf(api));
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
