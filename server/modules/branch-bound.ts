import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { branches, taxes } from '../db/schema';
import { AppError } from '../http/errors';
import { branchScope } from '../http/scope';
import type { RequestContext } from '../http/context';

/**
 * The branch a new or edited item (product, package, coupon) belongs to: a non-administrator's own
 * branch, or for an administrator the one named (null: every branch). Another branch is NOT_FOUND.
 */
export async function branchForWrite(db: Db, ctx: RequestContext, requested: number | null): Promise<number | null> {
  const scope = branchScope(ctx);
  if (scope !== null) {
    if (requested !== null && requested !== scope) throw new AppError('NOT_FOUND');
    return scope;
  }
  if (requested === null) return null;
  const [branch] = await db.select({ id: branches.id }).from(branches).where(and(eq(branches.id, requested), isNull(branches.deleted_at)));
  if (!branch) throw new AppError('NOT_FOUND');
  return requested;
}

export async function assertTax(db: Db, taxId: number): Promise<void> {
  const [tax] = await db.select({ id: taxes.id }).from(taxes).where(eq(taxes.id, taxId));
  if (!tax) throw new AppError('NOT_FOUND');
}
