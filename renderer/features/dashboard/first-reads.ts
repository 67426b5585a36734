import type { AppAbility } from '../../../shared/permissions';
import type { RequestOf } from '../../../shared/api/catalogue';
import { api } from '../../api/base';
import type { FirstReads } from '../../store/first-reads';

/** The dashboard as it opens: every branch, and each activity list on its first page. */
export const OPENING_BRANCH = null;
export const OPENING_FILTERS = { page: 1, user_id: null } as const;
export const LIST_PER_PAGE = 10;
/** The employees a list's filter offers. */
export const EMPLOYEE_CHOICES = { page: 1, perPage: 200 } as const satisfies RequestOf<'user/pagelist'>;

/**
 * What the dashboard reads as it opens that no realtime event keeps fresh (see FirstReads), asked for at
 * sign-in while its code is on its way, with the same arguments as its first drawing (FilterBar).
 */
export const dashboardFirstReads: FirstReads = (dispatch, ability: AppAbility) => {
  if (ability.can('view', 'Employees'))
    dispatch(api.endpoints.employeePageList.initiate(EMPLOYEE_CHOICES, { subscribe: false }));
};
