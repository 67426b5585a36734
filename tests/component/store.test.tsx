import { describe, expect, it } from 'vitest';
import { followStationSession, makeStore } from '../../renderer/store/store';
import { api } from '../../renderer/api/base';
import { FakeBridge } from './fake-bridge';
import { tillReads } from './fixtures';
import { cashier } from './render';
import { answerWith } from './station';

describe('makeStore', () => {
  it('makes a store of its own each time', () => {
    const signedIn = makeStore({ preloadedState: { auth: { status: 'signedIn', user: cashier, failure: null } } });
    expect(signedIn.getState().auth.user).toEqual(cashier);
    expect(makeStore().getState().auth.user).toBeNull();
  });

  it('signs out and forgets every answer when the station ends the session', async () => {
    const bridge = new FakeBridge({ 'branch/list': tillReads['branch/list'] });
    answerWith(bridge);
    const store = makeStore({ preloadedState: { auth: { status: 'signedIn', user: cashier, failure: null } } });
    const stop = followStationSession(store);
    await store.dispatch(api.endpoints.branchList.initiate(undefined, { subscribe: false }));
    expect(api.endpoints.branchList.select(undefined)(store.getState()).data).toHaveLength(1);

    bridge.emit({ type: 'session-ended' });
    expect(store.getState().auth).toMatchObject({ status: 'signedOut', user: null });
    expect(api.endpoints.branchList.select(undefined)(store.getState()).data).toBeUndefined();
    stop();
  });
});
