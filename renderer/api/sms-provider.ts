import { api, mutation, query } from './base';

export const {
  useSmsProviderQuery,
  useSaveSmsProviderMutation,
  useTestSmsProviderMutation,
  useSmsStatusQuery,
  useSmsOutboxQuery,
} = api.injectEndpoints({
  endpoints: (build) => ({
    smsProvider: query(build, 'settings/sms', ['SmsProvider']),
    // Saving reloads the provider and every screen's "can codes be sent" notice.
    saveSmsProvider: mutation(build, 'settings/sms/update', ['SmsProvider']),
    testSmsProvider: mutation(build, 'settings/sms/test'),
    smsStatus: query(build, 'settings/sms/status', ['SmsProvider']),
    smsOutbox: query(build, 'sms/outbox'),
  }),
});
