import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { smsMessages } from '../db/schema';
import { AppError } from '../http/errors';
import { masked, type SmsFailure } from '../../shared/domain/sms';
import type { Delivery, GatewaySource, SenderName } from './sms-gateway';

/** `test`: an administrator's test of the provider's settings. */
export type SmsPurpose = 'invoice' | 'otp' | 'promotion' | 'test';

export interface OutgoingSms {
  /** E.164. */
  to: string;
  body: string;
  /** A one-time code in the body: it goes to the gateway only and is blotted out everywhere else. */
  secret?: string;
  purpose: SmsPurpose;
  sentBy: number | null;
  /** The branch it is sent for; the outbox shows a branch only its own. */
  branchId: number | null;
  /** The request that sent it: a warning about it names the request, beside the request's own log lines. */
  requestId: string;
  /** Another sender name than the gateway's own (promotions). */
  sender?: SenderName;
}

const FAILURE_KEYS: Record<SmsFailure, 'SMS_GATEWAY_MISCONFIGURED' | 'SMS_NUMBER_REFUSED' | 'SMS_NOT_SENT'> = {
  configuration: 'SMS_GATEWAY_MISCONFIGURED',
  number: 'SMS_NUMBER_REFUSED',
  later: 'SMS_NOT_SENT',
};

/** Sends through the gateway and records every message, delivered or not, in the outbox table. */
export class SmsSender {
  constructor(
    private readonly db: Db,
    private readonly gateways: GatewaySource,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Resolves with `sent`/`stored`, or `unknown` when the gateway gave no answer (the message may
   * arrive: the caller keeps what it sent, a code stays good); a refusal throws the key that says
   * whose move it is (the settings, the number, or later).
   */
  async send(message: OutgoingSms): Promise<'sent' | 'stored' | 'unknown'> {
    const delivery = await this.deliver(message);
    if (delivery.status === 'failed') throw new AppError(FAILURE_KEYS[delivery.failure]);
    return delivery.status;
  }

  /** Hands the message to the current gateway and records it; answers what the gateway made of it and the record's id. */
  async deliver(message: OutgoingSms): Promise<Delivery & { smsId: number }> {
    const gateway = await this.gateways.current();
    // A gateway that throws after all has not taken the message: a passing failure, worth another try.
    const delivery: Delivery = await gateway
      .deliver(message.to, message.body, message.sender)
      .catch(() => ({ status: 'failed', failure: 'later', httpStatus: null, errorCode: null }));
    const cause =
      delivery.status === 'failed'
        ? { http_status: delivery.httpStatus, error_code: delivery.errorCode }
        : delivery.status === 'unknown'
          ? { error_code: delivery.errorCode }
          : {};
    const [row] = await this.db
      .insert(smsMessages)
      .values({
        to: message.to,
        body: message.secret ? masked(message.body, message.secret) : message.body,
        purpose: message.purpose,
        gateway: gateway.name,
        status: delivery.status,
        provider_id: delivery.status === 'failed' ? null : delivery.providerId,
        ...cause,
        branch_id: message.branchId,
        sent_by: message.sentBy,
      })
      .returning({ id: smsMessages.id });
    if (delivery.status !== 'sent' && delivery.status !== 'stored') {
      // The cause, never the text: a code must not reach the log.
      this.log.warn(
        {
          reqId: message.requestId,
          sms: row?.id,
          purpose: message.purpose,
          gateway: gateway.name,
          status: delivery.status,
          ...cause,
        },
        'text message not confirmed by the gateway',
      );
    }
    return { ...delivery, smsId: row!.id };
  }
}
