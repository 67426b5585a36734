import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allEndpoints,
  byExport,
  catalogue,
  isEndpointName,
  isOnceCommand,
  ONCE_COMMANDS,
} from '../../../shared/api/catalogue';
import { cacheTags } from '../../../shared/api/cache';
import { isRead, nameOf, splitRequest } from '../../../shared/api/endpoint';
import { errorKeys, httpStatusOf, isMessageKey, successKeys } from '../../../shared/api/keys';
import { failureKeyOf, parseAtEdge, toFieldErrors } from '../../../shared/api/validation';
import { loginRequest } from '../../../shared/api/auth';

describe('the endpoint catalogue', () => {
  it('names each endpoint by its spec path and declares a permission for every one', () => {
    expect(allEndpoints.length).toBeGreaterThan(0);
    for (const [name, e] of allEndpoints) {
      expect(name).toBe(nameOf(e));
      expect(e.permission).toBeDefined();
      expect(e.path.startsWith('/')).toBe(true);
    }
  });

  it('holds the spec paths of authentication and the lookup lists', () => {
    for (const path of [
      '/user/login',
      '/jwt/refresh-token',
      '/identification/list',
      '/nationality/list',
      '/branch/list',
      '/specialization/list',
      '/qualification/list',
      '/shift/list',
      '/priviledge/list',
      '/tax/list',
    ]) {
      expect(
        allEndpoints.some(([, e]) => e.path === path),
        path,
      ).toBe(true);
    }
    expect(isEndpointName('user/login')).toBe(true);
    expect(isEndpointName('toString')).toBe(false);
    expect(catalogue['user/login'].permission).toBe('public');
    expect(catalogue['branch/list'].permission).toBe('authenticated');
  });

  it('marks every view endpoint and lookup as a read, and no command as one', () => {
    for (const [name, e] of allEndpoints) {
      const p = e.permission;
      const viewing =
        (typeof p === 'object' && p.action === 'view') || (p === 'authenticated' && name.endsWith('/list'));
      if (viewing) expect(isRead(e), name).toBe(true);
      // Room work has one right (the station's access); its reads are named below.
      if (typeof p === 'object' && p.action !== 'view' && !p.supervisor) expect(isRead(e), name).toBe(false);
    }
    const roomWorkReads = allEndpoints.filter(([, e]) => typeof e.permission === 'object' && e.permission.supervisor);
    expect(roomWorkReads.filter(([, e]) => isRead(e)).map(([name]) => name)).toEqual([
      'room/supervisor',
      'room/supervisor/roomlist',
      'supervisor/badge',
    ]);
    expect(isRead(catalogue['user/login'])).toBe(false);
  });

  it('derives the commands that run once from the endpoints marked `once`, each of them a command', () => {
    expect([...ONCE_COMMANDS].sort()).toEqual([
      'offline/sale',
      'parent/kids/checkin',
      'sale/sale/create',
      'sale/subscription/create',
    ]);
    for (const [name, e] of allEndpoints) expect(isOnceCommand(name), name).toBe(e.once === true);
    for (const name of ONCE_COMMANDS) expect(isRead(catalogue[name]), name).toBe(false);
    expect(isOnceCommand('toString')).toBe(false);
  });

  it('marks where the supervisor token is issued and ended, once each', () => {
    const marked = allEndpoints.filter(([, e]) => e.supervisorToken).map(([name, e]) => [name, e.supervisorToken]);
    expect(marked).toEqual([
      ['otp/supervisor/verify', 'issues'],
      ['room/supervisor/logout', 'ends'],
    ]);
  });

  it('fills path parameters and leaves the rest for the body or query', () => {
    expect(splitRequest('/kids/session/time/:kid_id', { kid_id: 7, session_id: 3 })).toEqual({
      url: '/kids/session/time/7',
      rest: { session_id: 3 },
    });
    expect(splitRequest('/x/:id', { id: '../a b' }).url).toBe('/x/..%2Fa%20b');
  });
});

describe('keys and statuses', () => {
  it('carries every error and success key of spec section 8', () => {
    expect(errorKeys).toHaveLength(27);
    expect(successKeys).toHaveLength(8);
    expect(isMessageKey('ALREADY_CANCELLED')).toBe(true);
    expect(isMessageKey('already cancelled')).toBe(false);
  });

  it('gives each class of failure the status of the architecture', () => {
    expect(httpStatusOf('VALIDATION_FAILED')).toBe(400);
    expect(httpStatusOf('SESSION_EXPIRED')).toBe(401);
    expect(httpStatusOf('NOT_AUTHORISED')).toBe(403);
    expect(httpStatusOf('NOT_FOUND')).toBe(404);
    expect(httpStatusOf('ALREADY_CANCELLED')).toBe(409);
    expect(httpStatusOf('INSUFFICIENT_STOCK')).toBe(409);
    expect(httpStatusOf('EXISTS')).toBe(409);
    expect(httpStatusOf('TOO_MANY_REQUESTS')).toBe(429);
  });
});

describe('schema failures become translatable field errors', () => {
  it('a missing password is PASSWORD_MISSING (spec 5)', () => {
    expect(parseAtEdge(loginRequest, { login: 'cashier@example.com' })).toEqual({
      ok: false,
      message: 'PASSWORD_MISSING',
      errors: [{ path: 'password', message: 'PASSWORD_MISSING' }],
    });
    expect(parseAtEdge(loginRequest, { login: ' a@b.c ', password: 'x' })).toEqual({
      ok: true,
      data: { login: 'a@b.c', password: 'x' },
    });
  });

  it('other failures are VALIDATION_FAILED with one reason per field', () => {
    const schema = z.object({
      name: z.string().min(2),
      qty: z.number().max(5),
      items: z.array(z.object({ id: z.number() })),
    });
    const input = { name: 'a', qty: 9, items: [{ id: 'x' }] };
    const errors = toFieldErrors(schema.safeParse(input).error!.issues, input);
    expect(errors).toEqual([
      { path: 'name', message: 'FIELD_TOO_SHORT' },
      { path: 'qty', message: 'FIELD_TOO_LARGE' },
      { path: 'items.0.id', message: 'FIELD_INVALID' },
    ]);
    expect(failureKeyOf(errors)).toBe('VALIDATION_FAILED');
    expect(toFieldErrors(schema.safeParse({}).error!.issues, {})[0]).toEqual({
      path: 'name',
      message: 'FIELD_REQUIRED',
    });
  });
});

describe('the browser-mode wire format', () => {
  it('accepts the bridge messages and drops anything else', async () => {
    const { wireMessageSchema } = await import('../../../shared/bridge-wire');
    expect(wireMessageSchema.safeParse({ kind: 'result', id: 1, result: { status: true } }).success).toBe(true);
    expect(wireMessageSchema.safeParse({ kind: 'event', event: { type: 'session-ended' } }).success).toBe(true);
    for (const bad of [
      null,
      [],
      { kind: 'result' },
      { kind: 'error', id: -1, message: 'x' },
      { kind: 'event', event: { type: 'format-disk' } },
    ]) {
      expect(wireMessageSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('gives the page, as built, exactly the channels whose answer schema is an ApiResult', async () => {
    const { default: built } = await import('virtual:api-result-channels');
    const { API_RESULT_CHANNELS, BRIDGE_CHANNELS, bridgeChannels } = await import('../../../shared/ipc');
    expect(built).toEqual(API_RESULT_CHANNELS);
    // The `api` mark and the answer agree: a channel answering an ApiResult is never left unmarked.
    const failure = { status: false, message: 'SERVER_UNREACHABLE' };
    const answersApiResults = BRIDGE_CHANNELS.filter(
      (channel) => bridgeChannels[channel].res.safeParse(failure).success,
    );
    expect([...API_RESULT_CHANNELS].sort()).toEqual(answersApiResults.sort());
    expect(API_RESULT_CHANNELS).toEqual(
      expect.arrayContaining(['pos:api-call', 'pos:auth-login', 'pos:auth-logout', 'pos:settings-set']),
    );
  });

  it("lets the station's realtime-connected and chat pushes through (the page resyncs, shows pending and refused messages)", async () => {
    const { wireMessageSchema } = await import('../../../shared/bridge-wire');
    expect(wireMessageSchema.safeParse({ kind: 'event', event: { type: 'realtime-connected' } }).success).toBe(true);
    // And the chat's: the page's pending messages and a refusal.
    const pending = { type: 'chat-pending', pending: [{ clientId: 'x', pending: true }] };
    expect(wireMessageSchema.safeParse({ kind: 'event', event: pending }).success).toBe(true);
    const refused = { type: 'chat-refused', clientId: 'x', key: 'NOT_FOUND' };
    expect(wireMessageSchema.safeParse({ kind: 'event', event: refused }).success).toBe(true);
  });

  it('lets a realtime push through to the page and still drops a malformed one', async () => {
    const { wireMessageSchema } = await import('../../../shared/bridge-wire');
    const push = { kind: 'event', event: { type: 'realtime', event: 'visits_changed', data: { branch_id: 1 } } };
    expect(wireMessageSchema.safeParse(push).success).toBe(true);
    expect(wireMessageSchema.safeParse({ kind: 'event', event: { type: 'realtime', data: {} } }).success).toBe(false);
  });
});

describe('the cache facts on each endpoint', () => {
  const refs = allEndpoints.flatMap(([name, e]) =>
    [...(e.tags ?? []), ...(e.invalidates ?? [])].map((ref) => [name, e, ref] as const),
  );

  it('names only the cache tags shared/api/cache.ts declares', () => {
    expect(refs.length).toBeGreaterThan(0);
    for (const [name, , ref] of refs) expect(cacheTags, name).toContain(typeof ref === 'string' ? ref : ref.type);
  });

  it("takes a tag's id from a field its request has", () => {
    for (const [name, e, ref] of refs) {
      if (typeof ref === 'string') continue;
      const shape = (e.request as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      expect(Object.keys(shape), name).toContain(ref.id);
    }
  });

  it('provides tags only from reads; a command invalidates instead', () => {
    for (const [name, e] of allEndpoints) if (e.tags) expect(isRead(e), name).toBe(true);
  });

  it('keys each endpoint once by its export name too, the name of its renderer hook', () => {
    expect(Object.keys(byExport)).toHaveLength(allEndpoints.length);
  });
});
