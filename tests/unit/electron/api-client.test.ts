import { beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../electron/services/api-client';
import { Session } from '../../../electron/services/session';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import type { BridgeEvent } from '../../../shared/ipc';
import { FakeServer, okBody, tokens, user } from './fakes';

let server: FakeServer;
let session: Session;
let events: BridgeEvent[];
let clock: number;
let client: ApiClient;

const branches = [{ id: 1, name_en: 'Main branch', name_ar: 'الفرع الرئيسي' }];

beforeEach(async () => {
  server = new FakeServer();
  session = new Session(new MemorySecretStore());
  events = [];
  clock = 1_000_000;
  client = new ApiClient({
    transport: server,
    session,
    serverUrl: () => 'http://server:4100',
    emit: (e) => events.push(e),
    now: () => clock,
  });
});

async function signedIn(n = 1) {
  server.on('/user/login', () => okBody(tokens(n)));
  const result = await client.login({ login: 'admin@x.test', password: 'pw' });
  clock += 5000;
  return result;
}

describe('sign in', () => {
  it('keeps the tokens in the main process and gives the renderer the user only', async () => {
    const result = await signedIn();
    expect(result).toEqual({ status: true, message: 'OK', data: { user } });
    expect(JSON.stringify(result)).not.toMatch(/access-|refresh-/);
    expect((await session.tokens())?.accessToken).toBe('access-1');
  });

  it('passes a refusal through as its key', async () => {
    server.on('/user/login', () => ({ status: 401, body: { status: false, message: 'INVALID_PASSWORD' } }));
    expect(await client.login({ login: 'a@x.test', password: 'bad' })).toEqual({
      status: false,
      message: 'INVALID_PASSWORD',
    });
    expect(await session.user()).toBeNull();
  });
});

describe('calls', () => {
  it('adds the bearer token, the supervisor header and an Idempotency-Key to a POST', async () => {
    await signedIn();
    session.setSupervisorToken('super-1');
    server.on('/branch/list', () => okBody(branches));
    expect(await client.call('branch/list', {})).toEqual({ status: true, message: 'OK', data: branches });
    const [req] = server.to('/branch/list');
    expect(req!.headers.Authorization).toBe('Bearer access-1');
    expect(req!.headers['X-Supervisor-Token']).toBe('super-1');
    expect(req!.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a GET with its fields as the query, an empty one left out', async () => {
    await signedIn();
    const board = {
      cardData: { totalKids: 0, chekinKids: 0, activeEmployee: 0, todayRevenue: 0 },
      day: '2026-11-24',
      time_zone: 'Asia/Riyadh',
      currency: 'SAR',
      revenueByHour: [],
      rooms: [],
      overtime: { collected: 0, forgivenCount: 0, forgivenAmount: 0 },
      expiring: { count: 0, rows: [] },
    };
    server.on('/admin/dashboard', () => okBody(board));
    expect((await client.call('admin/dashboard', { branch_id: null })).status).toBe(true);
    expect((await client.call('admin/dashboard', { branch_id: 2 })).status).toBe(true);
    expect(server.to('/admin/dashboard').map((r) => new URL(r.url).search)).toEqual(['', '?branch_id=2']);
  });

  it('refuses an identical POST within 2 seconds with DUPES, but not a different body or a later one', async () => {
    await signedIn();
    server.on('/branch/delete', () => okBody(null));
    expect((await client.call('branch/delete', { id: 1 })).status).toBe(true);
    clock += 1999;
    expect(await client.call('branch/delete', { id: 1 })).toEqual({ status: false, message: 'DUPES' });
    expect((await client.call('branch/delete', { id: 2 })).status).toBe(true);
    clock += 1;
    expect((await client.call('branch/delete', { id: 1 })).status).toBe(true);
    expect(server.to('/branch/delete')).toHaveLength(3);
  });

  it('lets a command the server refused be sent again at once (a cash sale refused SHIFT_NOT_OPEN, the shift then opened)', async () => {
    await signedIn();
    let shiftOpen = false;
    server.on('/branch/delete', () =>
      shiftOpen ? okBody(null) : { status: 400, body: { status: false, message: 'SHIFT_NOT_OPEN' } },
    );
    expect((await client.call('branch/delete', { id: 1 })).message).toBe('SHIFT_NOT_OPEN');
    shiftOpen = true;
    clock += 500;
    expect((await client.call('branch/delete', { id: 1 })).status).toBe(true);
    // Done once: now the same command within the window is a double click.
    expect(await client.call('branch/delete', { id: 1 })).toEqual({ status: false, message: 'DUPES' });
    expect(server.to('/branch/delete')).toHaveLength(2);
  });

  it('lets a list be read again at once: a reload right after a create is not a duplicate', async () => {
    await signedIn();
    server.on('/branch/list', () => okBody(branches));
    expect((await client.call('branch/list', {})).status).toBe(true);
    expect((await client.call('branch/list', {})).status).toBe(true);
    expect(server.to('/branch/list')).toHaveLength(2);
  });

  it('checks the body against the catalogue before anything is sent', async () => {
    const result = await client.call('branch/delete', { id: 'first' });
    expect(result).toEqual({
      status: false,
      message: 'VALIDATION_FAILED',
      errors: [{ path: 'id', message: 'FIELD_INVALID' }],
    });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a U+0000 in any text before anything is sent, naming the field', async () => {
    const result = await client.call('branch/create', { name_en: 'North\u0000', name_ar: 'الشمال' });
    expect(result).toEqual({
      status: false,
      message: 'VALIDATION_FAILED',
      errors: [{ path: 'name_en', message: 'FIELD_INVALID' }],
    });
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a name that is not in the catalogue', async () => {
    expect(await client.callFromPage('admin/drop-everything', {})).toEqual({ status: false, message: 'NOT_FOUND' });
    expect(await client.callFromPage('user/logout', {})).toEqual({ status: false, message: 'NOT_FOUND' });
    expect(server.requests).toHaveLength(0);
  });

  it('answers SERVER_UNREACHABLE when the server does not answer at all', async () => {
    await signedIn();
    server.down = true;
    expect(await client.call('branch/list', {})).toEqual({ status: false, message: 'SERVER_UNREACHABLE' });
    expect(await session.user()).toEqual(user); // a network blip does not sign anyone out
  });

  it('never shows raw server text: an unknown message or an answer outside the contract is SOMETHING_WENT_WRONG', async () => {
    await signedIn();
    server.on('/branch/list', () => ({
      status: 400,
      body: { status: false, message: 'relation "users" does not exist' },
    }));
    expect(await client.call('branch/list', {})).toEqual({ status: false, message: 'SOMETHING_WENT_WRONG' });
    clock += 3000;
    server.on('/branch/list', () => okBody([{ id: 'one' }]));
    expect(await client.call('branch/list', {})).toEqual({ status: false, message: 'SOMETHING_WENT_WRONG' });
    clock += 3000;
    server.on('/branch/list', () => ({ status: 502, body: '<html>Bad gateway</html>' }));
    expect(await client.call('branch/list', {})).toEqual({ status: false, message: 'SOMETHING_WENT_WRONG' });
  });
});

describe('an expired access token', () => {
  it('is refreshed once and the call retried with the new token and the same Idempotency-Key', async () => {
    await signedIn(1);
    server.on('/jwt/refresh-token', () => okBody(tokens(2)));
    server.on('/branch/list', (req) =>
      req.headers.Authorization === 'Bearer access-2'
        ? okBody(branches)
        : { status: 401, body: { status: false, message: 'SESSION_EXPIRED' } },
    );
    expect(await client.call('branch/list', {})).toEqual({ status: true, message: 'OK', data: branches });
    const calls = server.to('/branch/list');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers['Idempotency-Key']).toBe(calls[1]!.headers['Idempotency-Key']);
    expect(server.to('/jwt/refresh-token')[0]!.body).toEqual({ refreshToken: 'refresh-1' });
    expect((await session.tokens())?.refreshToken).toBe('refresh-2');
  });

  it('concurrent 401s share one refresh', async () => {
    await signedIn(1);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.on('/jwt/refresh-token', async () => {
      await gate;
      return okBody(tokens(2));
    });
    server.on('/branch/list', (req) =>
      req.headers.Authorization === 'Bearer access-2'
        ? okBody(branches)
        : { status: 401, body: { status: false, message: 'SESSION_EXPIRED' } },
    );
    server.on('/tax/list', (req) =>
      req.headers.Authorization === 'Bearer access-2'
        ? okBody([])
        : { status: 401, body: { status: false, message: 'SESSION_EXPIRED' } },
    );
    const both = Promise.all([client.call('branch/list', {}), client.call('tax/list', {})]);
    await new Promise((r) => setTimeout(r, 10));
    release();
    const [a, b] = await both;
    expect(a.status && b.status).toBe(true);
    expect(server.to('/jwt/refresh-token')).toHaveLength(1);
  });

  it('ends the session when the refresh is refused, and tells the renderer', async () => {
    await signedIn(1);
    server.on('/jwt/refresh-token', () => ({
      status: 401,
      body: { status: false, message: 'SESSION_EXPIRED', logout: true },
    }));
    server.on('/branch/list', () => ({ status: 401, body: { status: false, message: 'SESSION_EXPIRED' } }));
    expect(await client.call('branch/list', {})).toMatchObject({ status: false, message: 'SESSION_EXPIRED' });
    expect(server.to('/branch/list')).toHaveLength(1);
    expect(await session.user()).toBeNull();
    expect(events).toEqual([{ type: 'session-ended' }]);
  });
});

describe('flags in an answer', () => {
  it('logout: true clears the login data and sends the user to login', async () => {
    await signedIn();
    server.on('/branch/list', () => ({
      status: 401,
      body: { status: false, message: 'SESSION_EXPIRED', logout: true },
    }));
    await client.call('branch/list', {});
    expect(server.to('/jwt/refresh-token')).toHaveLength(0);
    expect(await session.tokens()).toBeNull();
    expect(events).toEqual([{ type: 'session-ended' }]);
  });

  it('supervisor: true drops only the supervisor token', async () => {
    await signedIn();
    session.setSupervisorToken('super-1');
    server.on('/branch/list', () => ({
      status: 403,
      body: { status: false, message: 'NOT_AUTHORISED', supervisor: true },
    }));
    await client.call('branch/list', {});
    expect(session.supervisorToken()).toBeNull();
    expect((await session.tokens())?.accessToken).toBe('access-1');
    expect(events).toEqual([{ type: 'supervisor-ended' }]);
    await client.call('branch/list', {});
    expect(events).toHaveLength(1);
  });
});

describe('supervisor mode', () => {
  const supervisor = { id: 7, name_en: 'Sara', name_ar: 'سارة' };

  it('keeps the supervisor token from the code check and gives the page the rest', async () => {
    await signedIn();
    server.on('/otp/supervisor/verify', () =>
      okBody({ supervisor, supervisor_token: 'super-9', expires_at: '2026-11-24T12:00:00.000Z' }),
    );
    const result = await client.call('otp/supervisor/verify', { mobile: '0501234567', otp: '123456' });
    expect(result).toEqual({
      status: true,
      message: 'OK',
      data: { supervisor, expires_at: '2026-11-24T12:00:00.000Z' },
    });
    expect(session.supervisorToken()).toBe('super-9');
    server.on('/room/supervisor/roomlist', () => okBody([]));
    await client.call('room/supervisor/roomlist', {});
    expect(server.to('/room/supervisor/roomlist')[0]!.headers['X-Supervisor-Token']).toBe('super-9');
  });

  it('forgets the supervisor token once the supervisor logs out, keeping the staff session', async () => {
    await signedIn();
    session.setSupervisorToken('super-9');
    server.on('/room/supervisor/logout', () => okBody(null));
    expect((await client.call('room/supervisor/logout', {})).status).toBe(true);
    expect(session.supervisorToken()).toBeNull();
    expect((await session.tokens())?.accessToken).toBe('access-1');
  });

  it('keeps the supervisor token when the code is wrong', async () => {
    await signedIn();
    session.setSupervisorToken('super-1');
    server.on('/otp/supervisor/verify', () => ({ status: 400, body: { status: false, message: 'INVALID_OTP' } }));
    const result = await client.call('otp/supervisor/verify', { mobile: '0501234567', otp: '000000' });
    expect(result).toEqual({ status: false, message: 'INVALID_OTP' });
    expect(session.supervisorToken()).toBe('super-1');
  });
});

describe('sign out', () => {
  it('revokes on the server and clears the station, even when the server cannot be reached', async () => {
    await signedIn();
    server.down = true;
    expect(await client.logout()).toEqual({ status: true, message: 'OK', data: null });
    expect(server.to('/user/logout')[0]!.body).toEqual({ refreshToken: 'refresh-1' });
    expect(await session.user()).toBeNull();
  });
});
