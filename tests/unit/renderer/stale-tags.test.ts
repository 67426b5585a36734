import { describe, expect, it } from 'vitest';
import { staleOn } from '../../../renderer/bridge/stale-tags';

describe('what a bridge push makes a page reload (the live screens have no poll)', () => {
  it('a change to who is inside reloads the lists of visits: Inside now, the room view, the dashboard', () => {
    expect(staleOn({ type: 'realtime', event: 'visits_changed', data: { branch_id: 1 } })).toEqual(['Visit']);
  });

  it("a sale made or cancelled reloads what counts the takings: the dashboard's cards, the reports", () => {
    expect(staleOn({ type: 'realtime', event: 'sales_changed', data: { branch_id: 1 } })).toEqual(['Invoice']);
  });

  it("the station's socket connecting again reloads everything an event keeps fresh, since events may have been missed", () => {
    const all = staleOn({ type: 'realtime-connected' });
    expect(all).toEqual(expect.arrayContaining(['Visit', 'Invoice', 'Promotion', 'Chat']));
    expect(new Set(all).size).toBe(all.length);
  });

  it('other pushes reload nothing', () => {
    expect(staleOn({ type: 'session-ended' })).toEqual([]);
    expect(staleOn({ type: 'realtime', event: 'message_received', data: {} })).toEqual([]);
  });
});
