import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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

type BranchBoundColumns = { id: AnyPgColumn; branch_id: AnyPgColumn; deleted_at: AnyPgColumn };

/** Items the caller may see: not deleted, and (unless administrator) their branch's or shared ones. */
export function visibleTo(ctx: RequestContext, t: BranchBoundColumns, ...more: (SQL | undefined)[]): SQL | undefined {
  const scope = branchScope(ctx);
  return and(isNull(t.deleted_at), scope === null ? undefined : or(eq(t.branch_id, scope), isNull(t.branch_id)), ...more);
}

/** The item the caller may change: their own branch's (shared items are an administrator's). */
export function editableBy(ctx: RequestContext, t: BranchBoundColumns, id: number): SQL | undefined {
  const scope = branchScope(ctx);
  return and(isNull(t.deleted_at), eq(t.id, id), scope === null ? undefined : eq(t.branch_id, scope));
}
