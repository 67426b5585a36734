import { hasFullAccess, rightsBeyond, type FeatureSet } from '../../shared/permissions';
import type { RequestContext } from './context';
import { AppError } from './errors';

/**
 * Which branch a caller's data is limited to: null for administrators (every branch), otherwise their
 * own. An employee without a branch sees nothing branch-bound.
 */
export function branchScope(ctx: RequestContext): number | null {
  if (!ctx.user) throw new AppError('SESSION_EXPIRED');
  if (hasFullAccess(ctx.user)) return null;
  return ctx.user.branch_id ?? -1;
}

export function isAdministrator(ctx: RequestContext): boolean {
  return ctx.user !== null && hasFullAccess(ctx.user);
}

/**
 * A non-administrator hands out (in a role, or by giving someone a role) only rights they hold, and
 * never administrator access; changing `before` into `after` otherwise is NOT_AUTHORISED.
 */
export function assertMayGrant(ctx: RequestContext, adminAccess: boolean, before: FeatureSet, after: FeatureSet): void {
  if (isAdministrator(ctx)) return;
  if (adminAccess || rightsBeyond(ctx.user!, before, after).length > 0) throw new AppError('NOT_AUTHORISED');
}

/** The list shape of the architecture. */
export function pageOf<T>(rows: T[], total: number, page: number, perPage: number) {
  return { rows, total, page, perPage };
}

/** PostgreSQL's unique_violation, for the race a pre-check cannot close. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === '23505';
}
