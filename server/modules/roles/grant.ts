import { rightsBeyond, type FeatureSet } from '../../../shared/permissions';
import type { AuthenticatedContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { isAdministrator } from '../which-branch';

/**
 * A non-administrator hands out (in a role, or by giving someone a role) only rights they hold, and
 * never administrator access; changing `before` into `after` otherwise is NOT_AUTHORISED.
 */
export function assertMayGrant(
  ctx: AuthenticatedContext,
  adminAccess: boolean,
  before: FeatureSet,
  after: FeatureSet,
): void {
  if (isAdministrator(ctx)) return;
  if (adminAccess || rightsBeyond(ctx.user, before, after).length > 0) throw new AppError('NOT_AUTHORISED');
}
