import { createHash, createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../shared/domain/constants';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/**
 * Short-lived access tokens (JWT, HS256) signed with the key every server instance shares. Supervisor
 * tokens are the same shape under a key derived from it, so neither is ever taken for the other.
 */
export class AccessTokens {
  /**
   * Made once: given as bytes, jose imports a WebCrypto key on every sign and check (a fifth of a
   * request's CPU under load); a KeyObject is used as it is.
   */
  private readonly key: KeyObject;
  /**
   * Tokens already checked, by their whole text: a station sends the same one on every call for its
   * 15 minutes, and the HMAC, two base64 decodes and two JSON parses were a twentieth of a list's CPU.
   * Found by the string's hash, so a forged token is never compared against a kept one character by
   * character. Its expiry is still read on every call; emptied when full rather than kept in order.
   */
  private readonly checked = new Map<string, AccessClaims & { exp: number }>();

  constructor(
    key: Uint8Array,
    private readonly ttlSeconds: number = ACCESS_TOKEN_TTL_SECONDS,
  ) {
    this.key = createSecretKey(key);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * Null for anything not signed by us, expired or malformed. Checked here rather than by jose: every
   * request checks one, and an HMAC over a few hundred bytes costs less than jose's general JWS path
   * (the bench's figures are in docs/ARCHITECTURE.md). Only what sign() makes is accepted: HS256, an
   * expiry, a subject and a session.
   */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.checked.get(token);
    if (known)
      return known.exp > Math.floor(Date.now() / 1000) ? { userId: known.userId, sessionId: known.sessionId } : null;
    const claims = this.check(token);
    if (claims) {
      if (this.checked.size >= CHECKED_TOKENS_KEPT) this.checked.clear();
      this.checked.set(token, claims);
    }
    return claims && { userId: claims.userId, sessionId: claims.sessionId };
  }

  private check(token: string): (AccessClaims & { exp: number }) | null {
    const [header, payload, signature, extra] = token.split('.');
    if (header === undefined || payload === undefined || signature === undefined || extra !== undefined) return null;
    const expected = createHmac('sha256', this.key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const head = parseJson(header);
    const claims = parseJson(payload);
    // A token without an expiry must not open the API for ever.
    if (head?.alg !== 'HS256' || head.crit !== undefined || typeof claims?.exp !== 'number') return null;
    if (claims.exp <= Math.floor(Date.now() / 1000)) return null;
    const userId = Number(claims.sub);
    const sessionId = claims.sid;
    if (typeof claims.sub !== 'string' || !Number.isInteger(userId) || typeof sessionId !== 'string') return null;
    return { userId, sessionId, exp: claims.exp };
  }
}

/** About a day's tokens for a large chain's stations; a few megabytes at most. */
const CHECKED_TOKENS_KEPT = 10_000;

/** A JWT part's JSON object, or null for anything else. */
function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString());
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Refresh tokens are opaque; only their hash is stored, so a database leak does not sign anyone in. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
