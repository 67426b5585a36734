import type { z } from 'zod';
import { nameOf, type Endpoint, type NameOf } from './endpoint';
import * as auth from './auth';
import * as lookups from './lookups';
import * as setup from './setup';
import * as roles from './roles';
import * as branches from './branches';
import * as employees from './employees';
import * as files from './files';
import * as products from './products';
import * as coupons from './coupons';
import * as sales from './sales';
import * as packages from './packages';
import * as parents from './parents';
import * as subscriptions from './subscriptions';
import * as frontdesk from './frontdesk';
import * as chainSettings from './chain-settings';
import * as smsProvider from './sms-provider';
import * as rooms from './rooms';
import * as supervisor from './supervisor';
import * as reports from './reports';
import * as cashup from './cashup';
import * as promotion from './promotion';
import * as chat from './chat';
import * as offline from './offline';

type Entries<M> = M extends unknown ? { [K in keyof M]: M[K] extends Endpoint ? M[K] : never }[keyof M] : never;
/** The names of the endpoints a `shared/api` module exports (`typeof couponsApi`). */
export type EndpointNamesOf<M> = NameOf<Entries<M>> & EndpointName;
type Keyed<E> = { [X in E as NameOf<X>]: X };

function keyed<const Ms extends readonly Record<string, unknown>[]>(...modules: Ms): Keyed<Entries<Ms[number]>> {
  const out: Record<string, Endpoint> = {};
  for (const mod of modules) {
    for (const value of Object.values(mod)) {
      if (!isEndpoint(value)) continue;
      const name = nameOf(value);
      if (out[name]) throw new Error(`Two endpoints are named ${name}`);
      out[name] = value;
    }
  }
  return out as Keyed<Entries<Ms[number]>>;
}

/** Whether a `shared/api` module's export is an endpoint (a module also exports its schemas and types). */
export function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === 'object' && value !== null && 'path' in value && 'permission' in value && 'request' in value;
}

const modules = [
  auth,
  lookups,
  setup,
  roles,
  branches,
  employees,
  files,
  products,
  coupons,
  sales,
  packages,
  parents,
  subscriptions,
  frontdesk,
  chainSettings,
  smsProvider,
  rooms,
  supervisor,
  reports,
  cashup,
  promotion,
  chat,
  offline,
] as const;

/** Every endpoint of spec section 7 that PlayDesk serves, keyed by name (its path without the slash). */
export const catalogue = keyed(...modules);

type Exports<M> = M extends unknown ? { [K in keyof M as M[K] extends Endpoint ? K : never]: M[K] } : never;
type Merged<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** The same endpoints keyed by their export name (`saleCreate`), the name the renderer's hooks take. */
export type ByExport = Merged<Exports<(typeof modules)[number]>>;

export const byExport = Object.fromEntries(
  modules.flatMap((mod) => Object.entries(mod).filter(([, value]) => isEndpoint(value))),
) as ByExport;

export type Catalogue = typeof catalogue;
export type EndpointName = keyof Catalogue & string;
export type RequestOf<N extends EndpointName> = z.input<Catalogue[N]['request']>;
export type ParsedRequestOf<N extends EndpointName> = z.output<Catalogue[N]['request']>;
export type ResponseOf<N extends EndpointName> = z.output<Catalogue[N]['response']>;
/** The same, by the endpoint's export name in shared/api (what the renderer's hooks are named after). */
export type RequestAt<K extends keyof ByExport> = z.input<ByExport[K]['request']>;
export type ResponseAt<K extends keyof ByExport> = z.output<ByExport[K]['response']>;
/** What a server handler returns: the route parses it into ResponseOf (dates become strings, extras drop). */
export type ResponseInputOf<N extends EndpointName> = z.input<Catalogue[N]['response']>;

/** The endpoints marked `once` (OnceCommands on the station, runOnce on the server). */
export type OnceCommandName = {
  [N in EndpointName]: Catalogue[N] extends { once: true } ? N : never;
}[EndpointName];

export function isEndpointName(name: string): name is EndpointName {
  return Object.prototype.hasOwnProperty.call(catalogue, name);
}

export function endpointOf<N extends EndpointName>(name: N): Catalogue[N] {
  return catalogue[name];
}

/** The catalogue as a plain list, for code that walks every endpoint (route registration, tests). */
export const allEndpoints: ReadonlyArray<readonly [EndpointName, Endpoint]> = Object.entries(catalogue).map(
  ([name, e]) => [name as EndpointName, e as Endpoint] as const,
);

export function isOnceCommand(name: string): name is OnceCommandName {
  return isEndpointName(name) && catalogue[name].once === true;
}

/** The commands that must run once, as a list for zod enums (the stored and pending commands). */
export const ONCE_COMMANDS = allEndpoints.flatMap(([name]) => (isOnceCommand(name) ? [name] : [])) as [
  OnceCommandName,
  ...OnceCommandName[],
];
