import { api } from '../api/base';
import { useAppSelector } from './store';

/**
 * Where this station's front desk and till work: the user's own branch, or for an administrator (who
 * has none) the branch chosen once in Settings; null until one is known.
 */
export function useStationBranch(): number | null {
  const own = useAppSelector((st) => st.auth.user?.branch_id ?? null);
  const { data: settings } = api.useStationSettingsQuery();
  return own ?? settings?.stationBranchId ?? null;
}
