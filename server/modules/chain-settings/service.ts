import type { Db } from '../../db/client';
import { chainSettings } from '../../db/schema';
import type { ChainSettings } from '../../../shared/api/chain-settings';
import { DEFAULT_IDLE_SECONDS } from '../../../shared/domain/idle';

/** The chain's one row of settings; until a manager saves them, the defaults. */
export class ChainSettingsService {
  constructor(private readonly db: Db) {}

  async get(): Promise<ChainSettings> {
    const [row] = await this.db.select({ idle_seconds: chainSettings.idle_seconds }).from(chainSettings);
    return row ?? { idle_seconds: DEFAULT_IDLE_SECONDS };
  }

  async update(settings: ChainSettings): Promise<ChainSettings> {
    const [row] = await this.db
      .insert(chainSettings)
      .values({ id: 1, ...settings })
      .onConflictDoUpdate({ target: chainSettings.id, set: settings })
      .returning({ idle_seconds: chainSettings.idle_seconds });
    return row!;
  }
}
