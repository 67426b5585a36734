import type { Db } from '../../db/client';
import { chainSettings } from '../../db/schema';
import type { PromotionSettings } from '../../../shared/api/promotion';
import { PROMOTION_DEFAULTS } from '../../../shared/domain/promotion';

const columns = {
  window_start: chainSettings.promotion_window_start,
  window_end: chainSettings.promotion_window_end,
  sender: chainSettings.promotion_sender,
  opt_out_en: chainSettings.promotion_opt_out_en,
  opt_out_ar: chainSettings.promotion_opt_out_ar,
};

/** The chain's promotion rules (window, sender name, opt-out words), in its one settings row. */
export class PromotionSettingsStore {
  constructor(private readonly db: Db) {}

  async get(): Promise<PromotionSettings> {
    const [row] = await this.db.select(columns).from(chainSettings);
    return row ?? { ...PROMOTION_DEFAULTS, sender: null };
  }

  async update(s: PromotionSettings): Promise<PromotionSettings> {
    const set = {
      promotion_window_start: s.window_start,
      promotion_window_end: s.window_end,
      promotion_sender: s.sender,
      promotion_opt_out_en: s.opt_out_en,
      promotion_opt_out_ar: s.opt_out_ar,
    };
    const [row] = await this.db
      .insert(chainSettings)
      .values({ id: 1, ...set })
      .onConflictDoUpdate({ target: chainSettings.id, set })
      .returning(columns);
    return row!;
  }
}
