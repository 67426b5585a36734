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
    expect((await server.get('/settings/chain', cashier)).body).toMatchObject({
      status: true,
      data: { idle_seconds: 600 },
    });
    const manager = await server.staff('0500000102', {
      Settings: { access: true, view: true, create: false, update: true, delete: false },
    });
    expect((await server.post('/settings/chain/update', { idle_seconds: 300 }, manager)).body).toMatchObject({
      status: true,
      data: { idle_seconds: 300 },
    });
    expect((await server.get('/settings/chain', cashier)).body.data).toEqual({ idle_seconds: 300 });
  });

  it('refuses a cashier, and an idle time out of range, with a key and no 500', async () => {
    const cashier = await server.staff('0500000103', {
      FrontDesk: { access: true, view: true, create: true, update: true, delete: false },
    });
    expect((await server.post('/settings/chain/update', { idle_seconds: 60 }, cashier)).body.message).toBe(
      'NOT_AUTHORISED',
    );
    for (const idle_seconds of [0, 4, 8 * 3600 + 1, 'ten', 1.5]) {
      const res = await server.post('/settings/chain/update', { idle_seconds }, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('VALIDATION_FAILED');
    }
  });
});
