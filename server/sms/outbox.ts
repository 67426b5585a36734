import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsMessages } from '../db/schema';
import { pageOf } from '../http/results';
import type { AuthenticatedContext } from '../http/context';
import type { ParsedRequestOf } from '../../shared/api/catalogue';
import { toE164 } from '../../shared/domain/mobile';
import type { BranchLocales } from '../modules/branches/locales';
import { inDataBranch } from '../modules/which-branch';

/** The messages sent or kept, as the outbox screen reads them. */
export class SmsOutbox {
  constructor(
    private readonly db: Db,
    private readonly locales: BranchLocales,
  ) {}

  /** Newest first; optionally one mobile's messages; a branch sees only its own. */
  async list(ctx: AuthenticatedContext, { page, perPage, to: typed }: ParsedRequestOf<'sms/outbox'>) {
    // A mobile typed as the counter knows it (0501…) finds its messages, kept in E.164.
    const to = typed && (toE164(typed, (await this.locales.ofCaller(ctx)).country) ?? typed);
    const where = and(to ? eq(smsMessages.to, to) : undefined, inDataBranch(ctx, smsMessages.branch_id));
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: smsMessages.id,
          to: smsMessages.to,
          body: smsMessages.body,
          purpose: smsMessages.purpose,
          gateway: smsMessages.gateway,
          status: smsMessages.status,
          http_status: smsMessages.http_status,
          error_code: smsMessages.error_code,
          created_at: smsMessages.created_at,
        })
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
