import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
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

  /** Null for anything not signed by us, expired or malformed. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      // jose checks exp only when present: a token without one must not open the API for ever.
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
      const userId = Number(payload.sub);
      const sessionId = payload.sid;
      if (!Number.isInteger(userId) || typeof sessionId !== 'string') return null;
      return { userId, sessionId };
    } catch {
      return null;
    }
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
