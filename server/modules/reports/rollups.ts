import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { processTimeZone } from '../../../shared/domain/time-zone';

/**
 * The roll-ups (server/db/schema/rollups.ts) are kept by PostgreSQL's triggers; from here the server
 * only tells the database its own zone (the day of a branch that names none) and asks for rebuilds.
 */

const clockSet = new WeakMap<Db, Promise<void>>();

/**
 * Before the first roll-up read of this process: the database learns the server's zone. When it
 * differs from the one the roll-ups were made in (the server moved, TZ changed), the branches that
 * follow it are rebuilt in that same statement (migration 0023, rollup_clock_changed).
 */
export function rollupsReady(db: Db): Promise<void> {
  let ready = clockSet.get(db);
  if (!ready) {
    const zone = processTimeZone();
    ready = db
      .execute(sql`update rollup_clock set server_zone = ${zone} where server_zone is distinct from ${zone}`)
      .then(() => undefined);
    // A failure is answered now and tried again by the next read.
    ready.catch(() => clockSet.delete(db));
    clockSet.set(db, ready);
  }
  return ready;
}

/**
 * Recomputes the roll-ups of a branch (null: every branch) from the invoices, in one transaction:
 * the branch's sales wait for it, nothing is read half-done, and a failure leaves the old ones.
 */
export async function rebuildRollups(db: Db, branchId: number | null = null): Promise<void> {
  await rollupsReady(db);
  await db.execute(sql`select rollup_rebuild(${branchId}::integer)`);
}
