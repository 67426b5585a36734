import { api, mutation, query } from './base';

/** Promotion SMS (issue 23): progress reloads on the realtime connection's promotion_changed ('Promotion'). */
export const {
  usePromotionSmsMutation,
  usePromotionBulkSmsMutation,
  usePromotionCampaignsQuery,
  usePromotionCampaignQuery,
  usePromotionPauseMutation,
  usePromotionResumeMutation,
  usePromotionCancelMutation,
  usePromotionOptOutMutation,
  usePromotionOptOutImportMutation,
  usePromotionAudienceMutation,
  usePromotionSettingsQuery,
  usePromotionSettingsUpdateMutation,
} = api.injectEndpoints({
  endpoints: (build) => ({
    promotionSms: mutation(build, 'promotion/sms', ['Promotion']),
    promotionBulkSms: mutation(build, 'promotion/bulksms', ['Promotion']),
    promotionCampaigns: query(build, 'promotion/campaigns', ['Promotion']),
    promotionCampaign: query(build, 'promotion/campaign', ['Promotion']),
    promotionPause: mutation(build, 'promotion/campaign/pause', ['Promotion']),
    promotionResume: mutation(build, 'promotion/campaign/resume', ['Promotion']),
    promotionCancel: mutation(build, 'promotion/campaign/cancel', ['Promotion']),
    // The parent's profile shows the wish: it reloads.
    promotionOptOut: mutation(build, 'promotion/optout', ['Parent']),
    promotionOptOutImport: mutation(build, 'promotion/optout/import', ['Parent']),
    // A read, but asked for by a button: its answer becomes the screen's rows, not a cached list.
    promotionAudience: mutation(build, 'promotion/audience'),
    promotionSettings: query(build, 'settings/promotion', ['Promotion']),
    promotionSettingsUpdate: mutation(build, 'settings/promotion/update', ['Promotion']),
  }),
});
