import type { z } from 'zod';
import type { Db } from '../db/client';
import { smsProvider } from '../db/schema';
import { AppError } from '../http/errors';
import {
  needsSecret,
  smsProviderSchema,
  type SmsProvider,
  type SmsProviderView,
  type smsProviderUpdate,
} from '../../shared/api/sms-provider';
import { genericGateway } from './generic-gateway';
import { httpGateway } from './http-gateway';
import { outboxGateway, type GatewaySource, type SmsGateway } from './sms-gateway';

type Stored = { provider: SmsProvider; secret: string | null };

/**
 * The chain's SMS provider: the one the server's environment names wins (a headless server is set up
 * there); else the one an administrator set in Settings, stored in the database and read at each send,
 * so every server instance sharing it sends alike; else the outbox (codes kept masked: none can be
 * verified). The secret is write-only: no answer carries it.
 */
export class SmsProviders implements GatewaySource {
  constructor(
    private readonly db: Db,
    private readonly fromEnvironment: SmsGateway | undefined,
  ) {}

  async current(): Promise<SmsGateway> {
    if (this.fromEnvironment) return this.fromEnvironment;
    const stored = await this.stored();
    if (!stored) return outboxGateway;
    const { provider, secret } = stored;
    if (provider.kind === 'http') return genericGateway(provider, secret);
    return httpGateway({
      SMS_GATEWAY: 'twilio',
      SMS_BASE_URL: provider.base_url,
      SMS_ACCOUNT_SID: provider.account_sid,
      SMS_AUTH_TOKEN: secret ?? '',
      SMS_FROM: provider.from,
    });
  }

  /** Whether a code can reach a phone: a provider is set, by the environment or in Settings. */
  async codesSent(): Promise<boolean> {
    return this.fromEnvironment !== undefined || (await this.stored()) !== null;
  }

  async view(): Promise<SmsProviderView> {
    const stored = await this.stored();
    const provider = stored && { ...stored.provider, secret_set: stored.secret !== null };
    if (this.fromEnvironment)
      return { source: 'environment', environment_gateway: this.fromEnvironment.name, provider };
    return { source: stored ? 'settings' : 'none', environment_gateway: null, provider };
  }

  /** Saves the provider; a secret left empty keeps the stored one, which a provider needing one must have. */
  async save({ secret: typed, ...provider }: z.output<typeof smsProviderUpdate>): Promise<SmsProviderView> {
    if (this.fromEnvironment) throw new AppError('SMS_PROVIDER_FROM_ENVIRONMENT');
    await this.db.transaction(async (tx) => {
      const [row] = await tx.select({ secret: smsProvider.secret }).from(smsProvider).for('update');
      const secret = typed ? typed : (row?.secret ?? null);
      if (needsSecret(provider) && !secret)
        throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'secret', message: 'FIELD_REQUIRED' }] });
      const values = { config: provider, secret, updated_at: new Date() };
      await tx
        .insert(smsProvider)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: smsProvider.id, set: values });
    });
    return this.view();
  }

  /** The provider as stored, checked again on the way out of the database (a row from an older version). */
  private async stored(): Promise<Stored | null> {
    const [row] = await this.db.select().from(smsProvider);
    if (!row) return null;
    const parsed = smsProviderSchema.safeParse(row.config);
    return parsed.success ? { provider: parsed.data, secret: row.secret } : null;
  }
}
