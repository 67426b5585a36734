import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { EndpointName, RequestOf, ResponseOf } from '../../shared/api/catalogue';
import type { ApiFailure } from '../../shared/api/envelope';
import { bridge } from '../bridge';

export type CallArgs = { name: EndpointName; body: unknown };

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
export type Result<N extends EndpointName> = ResponseOf<N>;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: bridgeQuery,
  // A create, edit or delete invalidates its list's tag, so the list reloads (spec 4).
  tagTypes: ['Branch', 'Role', 'Lookup', 'Setup', 'Employee', 'File', 'Product', 'Invoice', 'Package', 'Coupon', 'Parent', 'Subscription', 'Session', 'ChainSettings'],
  endpoints: () => ({}),
});
