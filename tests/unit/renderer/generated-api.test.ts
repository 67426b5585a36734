import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it, vi } from 'vitest';
import { api, tagsOf } from '../../../renderer/api/base';
import { byExport } from '../../../shared/api/catalogue';
import { isRead, type Endpoint } from '../../../shared/api/endpoint';
import { saleCancelInvoice } from '../../../shared/api/sales';

// The page's bridge needs a window; these tests only build the api and read its cache.
vi.mock('../../../renderer/bridge', () => ({ bridge: {} }));

const entries = Object.entries(byExport) as [string, Endpoint][];

describe('the renderer api, generated from the catalogue', () => {
  it.each(entries)('%s is a query when it is a read and a mutation when a command', (key, e) => {
    const made = (api.endpoints as Record<string, object>)[key];
    expect(made).toBeDefined();
    expect('useQuery' in made!).toBe(isRead(e));
    expect('useMutation' in made!).toBe(!isRead(e));
  });

  it('cancelling one invoice reloads the invoice lists and that receipt, not another receipt or an employee', async () => {
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });
    const cached = (endpoint: string, arg: unknown) =>
      store.dispatch(api.util.upsertQueryData(endpoint as never, arg as never, {} as never));
    await cached('saleReceipt', { id: 5 });
    await cached('saleReceipt', { id: 6 });
    await cached('salePageList', { page: 1 });
    await cached('employeeInfo', { id: 5 });
    await cached('branchList', undefined);
    const stale = api.util
      .selectInvalidatedBy(store.getState(), tagsOf(saleCancelInvoice.invalidates, { id: 5 }))
      .map((q) => `${q.endpointName} ${JSON.stringify(q.originalArgs ?? null)}`);
    expect(stale.sort()).toEqual(['saleReceipt {"id":5}', 'salePageList {"page":1}'].sort());
  });
});
