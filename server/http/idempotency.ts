import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';
import type { AuthenticatedContext, OnceContext } from './context';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export interface OnceCommand<T> {
  /** `claim`: the key's row in idempotency_keys, null when the caller sent no key. */
  run(tx: Tx, claim: string | null): Promise<T>;
  /**
   * The rows the command created, kept with the key; or 'recorded by run' when the command writes them
   * into the claim itself, in its own last statement (a sale: nothing then follows its locked rows but
   * the commit) ...
   */
  idsOf: ((result: T) => number[]) | 'recorded by run';
  /** ... and read again to answer a retry. */
  replay(ids: number[]): Promise<T>;
  /**
   * Whose keys these are: the caller's by default. An offline sale's are its station's, since its queue
   * may be sent again under another employee's sign-in and must still find the first sending.
   */
  owner?: string;
}

/**
 * A command that must happen once however often it is sent (a sale, a check-in). The caller's key is
 * claimed inside the command's own transaction, so it is kept exactly when the command is; a twin sent
 * at the same moment waits on the claim and then answers what the first created. A key is the
 * caller's own (hashed with their id, so any allowed length fits), and a key sent again with another
 * request is refused with IDEMPOTENCY_KEY_REUSED rather than answered with a result it did not ask for.
 * The endpoint and request are the route's (`ctx.once`): only an endpoint marked `once` has them.
 */
export async function runOnce<T>(db: Db, ctx: AuthenticatedContext & OnceContext, command: OnceCommand<T>): Promise<T> {
  const { endpoint, key: sent, command: id } = ctx.once;
  if (!sent) return db.transaction((tx) => command.run(tx, null));
  const key = sha256(`${command.owner ?? ctx.user.id}:${sent}`);
  const requestHash = sha256(id);
  const earlier = async () => {
    const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    if (!row) return null;
    if (row.endpoint !== endpoint || row.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
    return command.replay(row.result_ids);
  };
  const done = await earlier();
  if (done) return done;
  try {
    return await db.transaction(async (tx) => {
      await tx.insert(idempotencyKeys).values({ key, endpoint, request_hash: requestHash, result_ids: [] });
      const result = await command.run(tx, key);
      if (command.idsOf !== 'recorded by run')
        await tx
          .update(idempotencyKeys)
          .set({ result_ids: command.idsOf(result) })
          .where(eq(idempotencyKeys.key, key));
      return result;
    });
  } catch (error) {
    // Failed because a twin went through meanwhile (its claim, or the kid it checked in): answer the twin's result.
    const twin = await earlier();
    if (twin) return twin;
    throw error;
  }
}
