import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt is memory-hard; the parameters travel with each hash, so a hash made at a lower cost is still
 * checked, and made again at this cost when its owner next signs in (needsRehash).
 */
const PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
/** One scrypt takes 128·N·r bytes (128 MiB here): a stored hash asking for more is refused, not run. */
const MAX_MEMORY = 2 * 128 * PARAMS.N * PARAMS.r;
/** Hashes run at once: a burst of sign-ins takes at most this many times 128 MiB, the others wait their turn. */
const AT_ONCE = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await new Promise((resolve, reject) =>
      scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (err, key) =>
        err ? reject(err) : resolve(key),
      ),
    );
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, key] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash made at a lower cost than today's, to be made again while the password is at hand. */
export function needsRehash(stored: string): boolean {
  const [, n, r, p] = stored.split('$');
  return Number(n) < PARAMS.N || Number(r) < PARAMS.r || Number(p) < PARAMS.p;
}

/** Spent on an unknown login too, so response time does not tell which logins exist. */
let dummyHash: Promise<string> | undefined;
export async function spendPasswordTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('no-such-user');
  await verifyPassword(password, await dummyHash);
}
