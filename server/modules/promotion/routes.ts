import { endpointsPlugin } from '../../http/route';
import * as promotionApi from '../../../shared/api/promotion';
import type { PromotionCampaigns } from './campaigns';
import type { PromotionSettingsStore } from './settings';
import type { PromotionAudience } from './audience';

export function promotionRoutes(deps: {
  campaigns: PromotionCampaigns;
  audience: PromotionAudience;
  settings: PromotionSettingsStore;
  /** The sender looks again at once (new settings: another window). */
  settingsChanged: () => void;
}) {
  const { campaigns, audience, settings } = deps;
  return endpointsPlugin(promotionApi, {
    'promotion/sms': (body, ctx) => campaigns.single(ctx, body),
    'promotion/bulksms': (body, ctx) => campaigns.bulk(ctx, body),
    'promotion/audience': (body, ctx) => audience.build(ctx, body),
    'promotion/campaigns': (body, ctx) => campaigns.list(ctx, body),
    'promotion/campaign': (body, ctx) => campaigns.one(ctx, body),
    'promotion/campaign/pause': ({ id }, ctx) => campaigns.move(ctx, id, 'pause'),
    'promotion/campaign/resume': ({ id }, ctx) => campaigns.move(ctx, id, 'resume'),
    'promotion/campaign/cancel': ({ id }, ctx) => campaigns.move(ctx, id, 'cancel'),
    'promotion/optout': (body, ctx) => campaigns.optOut(ctx, body),
    'promotion/optout/import': (body, ctx) => campaigns.importOptOuts(ctx, body),
    'settings/promotion': () => settings.get(),
    'settings/promotion/update': async (body) => {
      const saved = await settings.update(body);
      deps.settingsChanged();
      return saved;
    },
  });
}
