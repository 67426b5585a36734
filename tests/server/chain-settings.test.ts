import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWithAdministrator, type TestServer } from './harness';

/** The chain's idle time: every signed-in station reads it, only a manager changes it. */
let server: TestServer;
let admin: string;

beforeAll(async () => {
  ({ server, admin } = await startWithAdministrator());
});
afterAll(() => server.close());

describe('chain settings (the idle lock)', () => {
  it('starts at 10 minutes, and a manager with the Settings update right changes it for every station', async () => {
    const cashier = await server.staff('0500000101', {
      FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
    });
    expect((await server.call('settings/chain', {}, { token: cashier })).body).toMatchObject({
      status: true,
      data: { idle_seconds: 600 },
    });
    const manager = await server.staff('0500000102', {
      Settings: { access: true, view: true, create: false, update: true, delete: false },
    });
    expect((await server.call('settings/chain/update', { idle_seconds: 300 }, { token: manager })).body).toMatchObject({
      status: true,
      data: { idle_seconds: 300 },
    });
    expect((await server.call('settings/chain', {}, { token: cashier })).body.data).toEqual({ idle_seconds: 300 });
  });

  it('refuses a cashier, and an idle time out of range, with a key and no 500', async () => {
    const cashier = await server.staff('0500000103', {
      FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
    });
    const refused = await server.call('settings/chain/update', { idle_seconds: 60 }, { token: cashier });
    expect(refused).toEqual({ status: 403, body: { status: false, message: 'NOT_AUTHORISED' } });
    for (const idle_seconds of [0, 4, 8 * 3600 + 1, 1.5]) {
      const res = await server.call('settings/chain/update', { idle_seconds }, { token: admin });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('VALIDATION_FAILED');
    }
    // Not a number at all: sent as raw JSON, past the request's type.
    {
      const res = await server.post('/settings/chain/update', { idle_seconds: 'ten' }, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('VALIDATION_FAILED');
    }
  });
});
