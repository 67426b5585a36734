import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { otpCodes, parents } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AuthenticatedContext } from '../../http/context';
import { commandBranch, workBranch } from '../which-branch';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import type { OutgoingSms, SmsSender } from '../../sms/sms-sender';
import type { BranchLocales } from '../branches/locales';
import type { Language } from '../../../shared/domain/constants';

const OTP_TTL_MS = 10 * 60_000;
const OTP_MAX_CHECKS = 5;
/** Codes one mobile may be sent in the TTL window: enough for a resend or two, not for a flood. */
const OTP_SENDS_PER_WINDOW = 3;

/** Whose code it is: a parent's (the front desk) or a supervisor's (room work). */
export type CodeOwner = { parent_id: number } | { user_id: number };

/** What a code's text message needs besides the code: its language, who sent it and for which branch. */
export type CodeMessage = Pick<OutgoingSms, 'sentBy' | 'branchId' | 'requestId'> & { language: Language };

const CODE_SENT = { sent: true as const, expires_in_seconds: OTP_TTL_MS / 1000 };

/**
 * One-time codes for a parent (spec 7) or a room supervisor: six digits by SMS, kept only as an HMAC, valid 10 minutes
 * for 5 checks. Sending is limited per mobile; both commands serialise per mobile, so parallel
 * requests cannot slip past the limits.
 */
export class OtpService {
  private readonly key: Buffer;

  constructor(
    private readonly db: Db,
    private readonly sms: SmsSender,
    private readonly locales: BranchLocales,
    tokenKey: Uint8Array,
  ) {
    this.key = createHmac('sha256', tokenKey).update('one-time-codes').digest();
  }

  async send(ctx: AuthenticatedContext, { id, mobile: typed, language, branch_id }: ParsedRequestOf<'otp/send'>) {
    const { mobile, familyBranch } = await this.parentWith(ctx, id, typed);
    // The branch whose outbox shows the message: the one the code is asked for at (the station's,
    // which an administrator names), else the caller's own, else (an administrator's) the family's.
    const branchId =
      branch_id === null
        ? (workBranch(ctx) ?? familyBranch)
        : await commandBranch(this.db, ctx, branch_id, 'branch_id');
    return this.sendCode(
      mobile,
      { parent_id: id },
      { language, sentBy: ctx.user.id, branchId, requestId: ctx.requestId },
    );
  }

  async verify(ctx: AuthenticatedContext, { id, mobile: typed, otp }: ParsedRequestOf<'otp/verify'>) {
    const { mobile } = await this.parentWith(ctx, id, typed);
    if (!(await this.checkCode(mobile, { parent_id: id }, otp))) throw new AppError('INVALID_OTP');
    return { status: 'approved' as const };
  }

  /**
   * A new code to `mobile` (E.164) for its owner, within the sending limit. The code is reserved and
   * committed first and the gateway asked after: a transaction held across a slow gateway would keep
   * its pooled connection idle, and a handful of such sends would starve every other request.
   */
  async sendCode(mobile: string, owner: CodeOwner, message: CodeMessage) {
    const { id, code } = await this.reserve(mobile, owner);
    let delivery: Awaited<ReturnType<SmsSender['send']>>;
    try {
      delivery = await this.sms.send({
        to: mobile,
        body: otpText(code, message.language),
        secret: code,
        purpose: 'otp',
        sentBy: message.sentBy,
        branchId: message.branchId,
        requestId: message.requestId,
      });
    } catch (error) {
      // A message the gateway refused takes its code (and the count) back. One with no answer
      // (unknown) keeps its code: the owner may well receive it.
      if (error instanceof AppError) await this.db.delete(otpCodes).where(eq(otpCodes.id, id));
      throw error;
    }
    return { ...CODE_SENT, delivery };
  }

  /**
   * A try at a number that gets no code (not a supervisor's): counted against the number's limit as
   * a real send is, and answered as one, so the answer does not tell whose number it is.
   */
  async countTry(mobile: string) {
    await this.reserve(mobile, null);
    return CODE_SENT;
  }

  /** A code for the owner (none: a counted try that nothing can verify), under the per-mobile limit. */
  private reserve(mobile: string, owner: CodeOwner | null): Promise<{ id: number; code: string }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${mobile}`}))`);
      const [sent] = await tx
        .select({ n: count() })
        .from(otpCodes)
        .where(and(eq(otpCodes.mobile, mobile), gt(otpCodes.created_at, new Date(Date.now() - OTP_TTL_MS))));
      if ((sent?.n ?? 0) >= OTP_SENDS_PER_WINDOW) throw new AppError('TOO_MANY_REQUESTS');
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const [row] = await tx
        .insert(otpCodes)
        .values({
          mobile,
          ...owner,
          code_hash: this.hash(mobile, code),
          expires_at: new Date(Date.now() + OTP_TTL_MS),
        })
        .returning({ id: otpCodes.id });
      return { id: row!.id, code };
    });
  }

  /** Whether `otp` is the owner's latest code, unexpired and within its checks; a match uses it up. */
  async checkCode(mobile: string, owner: CodeOwner, otp: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${mobile}`}))`);
      const [latest] = await tx
        .select()
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.mobile, mobile),
            'parent_id' in owner ? eq(otpCodes.parent_id, owner.parent_id) : eq(otpCodes.user_id, owner.user_id),
            isNull(otpCodes.verified_at),
          ),
        )
        .orderBy(desc(otpCodes.created_at), desc(otpCodes.id))
        .limit(1);
      if (!latest || latest.expires_at.getTime() < Date.now() || latest.attempts >= OTP_MAX_CHECKS) return false;
      const match = timingSafeEqual(Buffer.from(latest.code_hash, 'hex'), Buffer.from(this.hash(mobile, otp), 'hex'));
      // A wrong guess is counted and committed before the answer goes back.
      await tx
        .update(otpCodes)
        .set(match ? { attempts: latest.attempts + 1, verified_at: new Date() } : { attempts: latest.attempts + 1 })
        .where(eq(otpCodes.id, latest.id));
      return match;
    });
  }

  private hash(mobile: string, code: string): string {
    return createHmac('sha256', this.key).update(`${mobile}:${code}`).digest('hex');
  }

  /**
   * The code goes only to the parent's own mobile (typed as the counter reads it); answers it in E.164,
   * the form codes are counted by, and the branch the family registered at.
   */
  private async parentWith(ctx: AuthenticatedContext, id: number, typed: string) {
    const [parent] = await this.db
      .select({ mobile: parents.mobile, branch_id: parents.branch_id })
      .from(parents)
      .where(and(eq(parents.id, id), isNull(parents.deleted_at)));
    if (!parent) throw new AppError('NOT_FOUND');
    const mobile = await this.locales.mobile(workBranch(ctx), typed);
    if (parent.mobile !== mobile)
      throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'mobile', message: 'FIELD_INVALID' }] });
    return { mobile, familyBranch: parent.branch_id };
  }
}

/**
 * The code's text in one language, the one the station's page is in: both together would be 100 UCS-2
 * characters, two segments and twice the cost.
 */
function otpText(code: string, language: Language): string {
  return language === 'ar'
    ? `رمز التحقق من PlayDesk: ${code}. صالح لمدة 10 دقائق.`
    : `PlayDesk code: ${code}. It expires in 10 minutes.`;
}
