import type { Db } from '../db/client';
import { smsMessages } from '../db/schema';
import { AppError } from '../http/errors';
import type { SmsGateway } from './sms-gateway';

export type SmsPurpose = 'invoice' | 'otp' | 'promotion';

/** Sends through the gateway and records every message, delivered or not, in the outbox table. */
export class SmsSender {
  constructor(
    private readonly db: Db,
    private readonly gateway: SmsGateway,
  ) {}

  async send(message: { to: string; body: string; purpose: SmsPurpose; sentBy: number | null }): Promise<void> {
    let providerId: string | null = null;
    let failed = false;
    try {
      providerId = (await this.gateway.deliver(message.to, message.body)).providerId;
    } catch {
      failed = true;
    }
    await this.db.insert(smsMessages).values({
      to: message.to,
      body: message.body,
      purpose: message.purpose,
      gateway: this.gateway.name,
      status: failed ? 'failed' : this.gateway.name === 'outbox' ? 'stored' : 'sent',
      provider_id: providerId,
      sent_by: message.sentBy,
    });
    if (failed) throw new AppError('SMS_NOT_SENT');
  }
}
