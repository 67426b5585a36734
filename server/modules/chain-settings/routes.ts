import type { HandlersOf } from '../../http/route';
import type * as chainSettingsApi from '../../../shared/api/chain-settings';
import type { ChainSettingsService } from './service';

export function chainSettingsRoutes(chain: ChainSettingsService): HandlersOf<typeof chainSettingsApi> {
  return {
    'settings/chain': () => chain.get(),
    'settings/chain/update': (body) => chain.update(body),
  };
}
