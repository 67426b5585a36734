import type { Branch } from '../../../shared/api/branches';
import type { PromotionSettings } from '../../../shared/api/promotion';
import type { OptOutWords } from '../../../shared/domain/promotion-text';
import { api } from '../../api/base';
import { useStationBranch } from '../../store/station';

export interface PromotionContext {
  /** The branch sent for: the user's own, or for an administrator (who has none) the station's. */
  branchId: number;
  branch: Branch;
  settings: PromotionSettings;
  /** The words the server appends, so the screen counts what is sent. */
  words: OptOutWords;
}

/** What every part of the Promotion SMS screen reads (the branch it sends for, the chain's rules); null while loading. */
export function usePromotionContext(): PromotionContext | null {
  const station = useStationBranch();
  const { data: branch } = api.useBranchOfStationQuery({ branch_id: station ?? undefined });
  const { data: settings } = api.usePromotionSettingsGetQuery();
  if (!branch || !settings) return null;
  return {
    branchId: branch.id,
    branch,
    settings,
    words: { en: settings.opt_out_en, ar: settings.opt_out_ar },
  };
}
