import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';

/**
 * Of these E.164 numbers, those that asked for no promotions: a parent who said so, or a number on
 * the STOP list. One statement however many numbers.
 */
export async function optedOutAmong(db: Db | Tx, mobiles: string[]): Promise<Set<string>> {
  if (mobiles.length === 0) return new Set();
  const list = sql.param(mobiles);
  const result = await db.execute<{ mobile: string }>(sql`
    select mobile from parents where promotions_opt_out and deleted_at is null and mobile = any(${list}::text[])
    union
    select mobile from promotion_opt_outs where mobile = any(${list}::text[])`);
  return new Set(result.rows.map((r) => r.mobile));
}

/** The same question asked of one claimed row, inside the statement that claims it. */
export const rowOptedOut = (mobile: ReturnType<typeof sql.raw>) => sql`(
  exists (select 1 from parents p where p.mobile = ${mobile} and p.promotions_opt_out and p.deleted_at is null)
  or exists (select 1 from promotion_opt_outs o where o.mobile = ${mobile}))`;
