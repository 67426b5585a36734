import { createApi, type BaseQueryFn, type EndpointBuilder } from '@reduxjs/toolkit/query/react';
import type { EndpointName, RequestOf, ResponseOf } from '../../shared/api/catalogue';
import type { ApiFailure } from '../../shared/api/envelope';
import { bridge } from '../bridge';

type CallArgs = { name: EndpointName; body: unknown };

/** RTK Query over the bridge: a failure envelope becomes the query's error, keys and field errors intact. */
const bridgeQuery: BaseQueryFn<CallArgs, unknown, ApiFailure> = async ({ name, body }) => {
  try {
    const result = await bridge.api.call(name, body as RequestOf<typeof name>);
    return result.status ? { data: result.data } : { error: result };
  } catch {
    return { error: { status: false, message: 'SOMETHING_WENT_WRONG' } };
  }
};

/** Typed arguments for one catalogue endpoint. */
export const call = <N extends EndpointName>(name: N, body: RequestOf<N>): CallArgs => ({ name, body });

// A create, edit or delete invalidates its list's tag, so the list reloads (spec 4).
const tagTypes = [
  'Branch',
  'Role',
  'Lookup',
  'Setup',
  'Employee',
  'File',
  'Product',
  'Invoice',
  'Package',
  'Coupon',
  'Parent',
  'Subscription',
  'Visit',
  'ChainSettings',
  'SmsProvider',
  'Room',
  'Supervisor',
  'Shift',
  'SavedReport',
  'Promotion',
  'Chat',
] as const;
type Tag = (typeof tagTypes)[number];

export const api = createApi({ reducerPath: 'api', baseQuery: bridgeQuery, tagTypes, endpoints: () => ({}) });

type Build = EndpointBuilder<typeof bridgeQuery, Tag, 'api'>;
/** An endpoint whose request has no fields is called with no argument, as `useBranchListQuery()`. */
type ArgOf<N extends EndpointName> = RequestOf<N> extends Record<string, never> ? void : RequestOf<N>;

// A request without fields goes as `{}`, as the catalogue's schema expects.
const withBody =
  (name: EndpointName) =>
  (body: unknown): CallArgs => ({ name, body: body ?? {} });

/** A read of catalogue endpoint `name`, typed from its contract; it reloads when one of `tags` is invalidated. */
export const query = <N extends EndpointName>(build: Build, name: N, tags: Tag[] = []) =>
  build.query<ResponseOf<N>, ArgOf<N>>({ query: withBody(name), providesTags: tags });

/** A read whose request is always the same, so the screen passes nothing. */
export const fixedQuery = <N extends EndpointName>(build: Build, name: N, body: RequestOf<N>, tags: Tag[] = []) =>
  build.query<ResponseOf<N>, void>({ query: () => call(name, body), providesTags: tags });

/** A command on catalogue endpoint `name`; the reads tagged `invalidates` reload after it. */
export const mutation = <N extends EndpointName>(build: Build, name: N, invalidates: Tag[] = []) =>
  build.mutation<ResponseOf<N>, ArgOf<N>>({ query: withBody(name), invalidatesTags: invalidates });
