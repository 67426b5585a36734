import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { branches } from '../db/schema';
import { AppError } from '../http/errors';
import type { AuthenticatedContext } from '../http/context';
import { hasFullAccess } from '../../shared/permissions';

/**
 * "Which branch", answered in one place. Four questions, each with its own name:
 * - dataBranch: the branch this caller's data is limited to (reads, and what they may touch);
 * - workBranch: the branch the caller works in (their counter's country and zone);
 * - itemBranch: the branch a new or edited item (product, package, coupon, family) belongs to;
 * - commandBranch: the branch a command (sale, check-in) acts in, a station's for an administrator.
 */

export function isAdministrator(ctx: AuthenticatedContext): boolean {
  return hasFullAccess(ctx.user);
}

/** Null for an administrator (every branch), else their own; an employee without a branch sees nothing branch-bound. */
export function dataBranch(ctx: AuthenticatedContext): number | null {
  if (isAdministrator(ctx)) return null;
  return ctx.user.branch_id ?? -1;
}

/** The rows whose `column` is in the caller's data branch: every row for an administrator. */
export function inDataBranch(ctx: AuthenticatedContext, column: AnyPgColumn): SQL | undefined {
  const scope = dataBranch(ctx);
  return scope === null ? undefined : eq(column, scope);
}

/** The caller's own branch, administrators included (who may have none). */
export function workBranch(ctx: AuthenticatedContext): number | null {
  return ctx.user.branch_id;
}

/**
 * A non-administrator's own branch (naming another is NOT_FOUND), or for an administrator the one
 * named (null: every branch), which must exist.
 */
export async function itemBranch(db: Db, ctx: AuthenticatedContext, requested: number | null): Promise<number | null> {
  const scope = dataBranch(ctx);
  if (scope !== null) {
    if (requested !== null && requested !== scope) throw new AppError('NOT_FOUND');
    return scope;
  }
  if (requested === null) return null;
  const [branch] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.id, requested), isNull(branches.deleted_at)));
  if (!branch) throw new AppError('NOT_FOUND');
  return requested;
}

/** As itemBranch, but a command happens somewhere: an administrator must name the station's branch (`field`). */
export async function commandBranch(
  db: Db,
  ctx: AuthenticatedContext,
  requested: number | null,
  field: string,
): Promise<number> {
  const branch = await itemBranch(db, ctx, requested);
  if (branch === null)
    throw new AppError('VALIDATION_FAILED', { errors: [{ path: field, message: 'FIELD_REQUIRED' }] });
  // An employee with no branch of their own (dataBranch's -1) has none to act in.
  if (branch < 1) throw new AppError('NOT_FOUND');
  return branch;
}

type BranchBoundColumns = { id: AnyPgColumn; branch_id: AnyPgColumn; deleted_at: AnyPgColumn };

/** Items the caller may see: not deleted, and (unless administrator) their branch's or shared ones. */
export function visibleTo(
  ctx: AuthenticatedContext,
  t: BranchBoundColumns,
  ...more: (SQL | undefined)[]
): SQL | undefined {
  const scope = dataBranch(ctx);
  return and(
    isNull(t.deleted_at),
    scope === null ? undefined : or(eq(t.branch_id, scope), isNull(t.branch_id)),
    ...more,
  );
}

/** The item the caller may change: their own branch's (shared items are an administrator's). */
export function editableBy(ctx: AuthenticatedContext, t: BranchBoundColumns, id: number): SQL | undefined {
  return and(isNull(t.deleted_at), eq(t.id, id), inDataBranch(ctx, t.branch_id));
}
