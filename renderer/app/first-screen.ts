import { abilityFor, type SessionUser } from '../../shared/permissions';
import { api } from '../api/base';
import { dashboardFirstReads } from '../features/dashboard/first-reads';
import type { FirstDispatch, FirstReads } from '../store/first-reads';
import { preloadScreen } from './screens';
import { preloadSignedIn } from './signed-in';
import { landingScreen, type Screen } from './shell/menu';

/** The screens people land on whose first reads are known here; the others read as they draw. */
const firstReads: Partial<Record<Screen, FirstReads>> = { Dashboard: dashboardFirstReads };

/**
 * Sign-in → the first screen without a waterfall: as soon as the sign-in is answered, the frame's and
 * the landing screen's reads go out while their code loads (or, fetched while the login form waited,
 * is evaluated) and is drawn, rather than each read waiting for the component that makes it. RTK Query
 * keeps each answer, or the request on its way, for the hook that asks the same.
 */
export function openFirstScreen(user: SessionUser, dispatch: FirstDispatch): void {
  const ability = abilityFor(user);
  const landing = landingScreen(ability);
  void preloadSignedIn().catch(() => undefined);
  if (landing) void preloadScreen(landing).catch(() => undefined);
  // The frame's own: the header's branch, the idle lock's time, the shift reminder.
  dispatch(api.endpoints.branchList.initiate(undefined, { subscribe: false }));
  dispatch(api.endpoints.chainSettingsGet.initiate(undefined, { subscribe: false }));
  if (ability.can('view', 'Sales')) dispatch(api.endpoints.cashupCurrent.initiate(undefined, { subscribe: false }));
  if (landing) firstReads[landing]?.(dispatch, ability);
}
