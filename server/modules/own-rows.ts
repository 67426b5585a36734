import { eq, type Column, type SQL } from 'drizzle-orm';
import type { AuthenticatedContext } from '../http/context';
import { abilityFor, type Feature, type FeatureFlag } from '../../shared/permissions';

/**
 * The rows a caller of an endpoint with a narrower right (`or`) may read: all of them with the
 * endpoint's full right, only their own when the narrower one alone let them in (a cashier's own sale's
 * receipt, their own shift's X or Z). `undefined` is no condition, as `and()` takes it.
 */
export function ownRowsUnlessFullRight(
  ctx: AuthenticatedContext,
  full: { action: FeatureFlag; subject: Feature },
  owner: Column,
): SQL | undefined {
  return abilityFor(ctx.user).can(full.action, full.subject) ? undefined : eq(owner, ctx.user.id);
}
