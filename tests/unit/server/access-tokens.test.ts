import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccessTokens } from '../../../server/modules/auth/tokens';

const key = new Uint8Array(32).fill(7);
const claims = { userId: 12, sessionId: '5f0c1e7a-6a3b-4f5e-9a51-1c2d3e4f5a6b' };

afterEach(() => vi.useRealTimers());

describe('access tokens', () => {
  it('a token accepted once is refused once it expires, though it was checked before', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T10:00:00Z') });
    const tokens = new AccessTokens(key, 60);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-26T10:00:59Z'));
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-26T10:01:00Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('another key never takes a token a first one accepted, nor does a changed signature pass after the true one', async () => {
    const tokens = new AccessTokens(key);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await new AccessTokens(new Uint8Array(32).fill(8)).verify(token)).toBeNull();
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it('a caller changing the claims it was given does not change what the next call is told', async () => {
    const tokens = new AccessTokens(key);
    const token = await tokens.sign(claims);
    const first = await tokens.verify(token);
    first!.userId = 1;
    expect(await tokens.verify(token)).toEqual(claims);
  });
});
