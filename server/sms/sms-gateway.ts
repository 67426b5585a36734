/**
 * Where text messages leave the centre (a port, like the file store). The default keeps them in the
 * outbox, readable in the app, so a station with no SMS contract still works; a provider gateway is
 * chosen by configuration.
 */
export interface SmsGateway {
  /** Stored in each message's record: which gateway carried it. */
  readonly name: string;
  /** Hands one message over; resolves with the provider's id, or null when only kept in the outbox. */
  deliver(to: string, body: string): Promise<{ providerId: string | null }>;
}

export const outboxGateway: SmsGateway = {
  name: 'outbox',
  deliver: async () => ({ providerId: null }),
};
