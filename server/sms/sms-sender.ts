import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsMessages } from '../db/schema';
import { AppError } from '../http/errors';
import { pageOf } from '../http/scope';
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

  /** The outbox, newest first; optionally one mobile's messages. */
  async outbox({ page, perPage, to }: { page: number; perPage: number; to?: string }) {
    const where = to ? eq(smsMessages.to, to) : undefined;
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ id: smsMessages.id, to: smsMessages.to, body: smsMessages.body, purpose: smsMessages.purpose, gateway: smsMessages.gateway, status: smsMessages.status, created_at: smsMessages.created_at })
        .from(smsMessages)
        .where(where)
        .orderBy(desc(smsMessages.created_at), desc(smsMessages.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(smsMessages).where(where),
    ]);
    return pageOf(rows, total?.n ?? 0, page, perPage);
  }
}
