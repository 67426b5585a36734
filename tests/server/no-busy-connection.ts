import { afterAll, expect } from 'vitest';

/**
 * A query sent on a connection still running another (Promise.all on a transaction) is queued by pg
 * today with a deprecation warning, and refused by pg 9: each server test file fails on it, with where
 * it was sent from.
 */
const busy: string[] = [];
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && warning.message.includes('already executing a query'))
    busy.push(warning.stack ?? warning.message);
});
afterAll(() => expect(busy).toEqual([]));
