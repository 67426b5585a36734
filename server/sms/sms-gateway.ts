import type { SmsFailure } from '../../shared/domain/sms';

/**
 * What a gateway made of one message. `unknown` is not a failure: the request went out and no answer
 * came back (a time-out, a dropped connection), so the message may well arrive — a code in it stays good.
 * `errorCode`: the gateway's own code, or where no answer came, the network's cause (ECONNREFUSED, TIMEOUT).
 */
export type Delivery =
  | { status: 'sent' | 'stored'; providerId: string | null }
  | { status: 'unknown'; providerId: null; errorCode: string | null }
  | {
      status: 'failed';
      failure: SmsFailure;
      httpStatus: number | null;
      errorCode: string | null;
      /** The start of the provider's answer, shown to whoever tests the settings (never stored or logged). */
      answer?: string | null;
    };

/**
 * Where text messages leave the centre (a port, like the file store). The default keeps them in the
 * outbox, readable in the app, so a station with no SMS contract still works; a provider gateway is
 * chosen by configuration.
 */
export interface SmsGateway {
  /** Stored in each message's record: which gateway carried it. */
  readonly name: string;
  /**
   * Hands one message over (`to` in E.164); never throws: every outcome is a Delivery. `sender`, where
   * given, names the sender from the gateway's own (service) one: promotions go under another name.
   */
  deliver(to: string, body: string, sender?: SenderName): Promise<Delivery>;
}

/** The sender name a message goes out under, made from the gateway's service sender. */
export type SenderName = (service: string) => string;

export const outboxGateway: SmsGateway = {
  name: 'outbox',
  deliver: async () => ({ status: 'stored', providerId: null }),
};

/** Which gateway carries the next message: asked at each send, as an administrator may change it in Settings. */
export interface GatewaySource {
  current(): Promise<SmsGateway>;
}
