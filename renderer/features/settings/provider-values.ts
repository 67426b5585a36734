import type { SmsProvider } from '../../../shared/api/sms-provider';

/** The form holds both kinds' fields, so switching back keeps what was typed; `secret` is write-only. */
export type ProviderValues = Omit<Extract<SmsProvider, { kind: 'http' }>, 'kind'> &
  Omit<Extract<SmsProvider, { kind: 'twilio' }>, 'kind'> & { kind: SmsProvider['kind']; secret?: string };
