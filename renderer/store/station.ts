import { useEffect, useState } from 'react';
import { bridge } from '../bridge';
import { useAppSelector } from './store';

/**
 * Where this station's front desk and till work: the user's own branch, or for an administrator (who
 * has none) the branch chosen once in Settings; null until one is known.
 */
export function useStationBranch(): number | null {
  const own = useAppSelector((st) => st.auth.user?.branch_id ?? null);
  const [station, setStation] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    void bridge.invoke('pos:settings-get', null).then((s) => live && setStation(s.stationBranchId));
    return () => {
      live = false;
    };
  }, []);
  return own ?? station;
}
