import { endpointsPlugin } from '../../http/route';
import * as chainSettingsApi from '../../../shared/api/chain-settings';
import type { ChainSettingsService } from './service';

export function chainSettingsRoutes(chain: ChainSettingsService) {
  return endpointsPlugin(chainSettingsApi, {
    'settings/chain': () => chain.get(),
    'settings/chain/update': (body) => chain.update(body),
  });
}
