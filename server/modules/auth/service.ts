import { and, count, desc, eq, gt, inArray, isNull, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts, loginSessions, privileges, refreshTokens, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AuthenticatedContext } from '../../http/context';
import { hashPassword, needsRehash, spendPasswordTime, verifyPassword } from './passwords';
import { AccessTokens, hashRefreshToken, newRefreshToken } from './tokens';
import type { SessionUser } from '../../../shared/permissions';
import type { LoginRequest, Tokens } from '../../../shared/api/auth';
import {
  ADDRESS_FAILURE_WINDOW_MS,
  ADDRESS_MAX_FAILURES,
  LOGIN_FAILURE_MEMORY_MS,
} from '../../../shared/domain/constants';
import { loginWaitSeconds } from '../../../shared/domain/sign-in-limits';
import { limitAddress } from './address';
import { endHostedSupervisorSessions } from '../supervisor/sessions';
import { SessionCache, announceSessionChange, listenerOf, sessionChangedHere } from './session-cache';

const REFRESH_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Emails compare case-insensitively; a mobile is kept as typed, without spaces. */
function normaliseLogin(login: string): string {
  const trimmed = login.trim();
  return trimmed.includes('@') ? trimmed.toLowerCase() : trimmed.replace(/\s+/g, '');
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly accessTokens: AccessTokens,
    /** The time limits are reckoned in (a test moves it on). */
    private readonly now: () => Date = () => new Date(),
    /** Told when a sign-in ends (logout, a replayed refresh token), so what it opened closes too. */
    private readonly sessionEnded: (sessionId: string) => void = () => {},
    /** The sign-in checks answered from memory; by default listening on the database's own channel. */
    readonly sessions: SessionCache = new SessionCache(listenerOf(db)),
  ) {
    this.signedIn = signedInStatement(db);
  }

  /** Stops listening for sign-in changes (the server is closing). */
  close(): Promise<void> {
    return this.sessions.close();
  }

  /**
   * Every request's sign-in check, prepared once and named, so PostgreSQL parses and plans it once
   * per connection; it reads what a request needs of the employee and their role, never the
   * password hash.
   */
  private readonly signedIn: ReturnType<typeof signedInStatement>;

  async login({ login, password }: LoginRequest, ip: string): Promise<Tokens> {
    const key = normaliseLogin(login);
    const address = limitAddress(ip);
    // One attempt per address and per login at a time is counted (locked in that order everywhere), so a
    // burst of guesses cannot slip past a limit between the count and the record. The attempt is recorded
    // as failed before the password is checked, and put right if it was good: attempts racing it meet the
    // limits as though it had failed, and no connection or lock is held while scrypt works (a burst of
    // sign-ins would otherwise hold the whole pool for seconds, and the rest of the server with it).
    const claim = await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login-address:${address}`}))`);
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${key}`}))`);
      const at = this.now();
      const wait = Math.max(await this.addressWait(tx, address, at), await this.loginWait(tx, key, at));
      if (wait > 0) return { retry_after: wait };
      const [user] = await tx
        .select({ id: users.id, password_hash: users.password_hash, branch_id: users.branch_id })
        .from(users)
        .where(
          and(
            isNull(users.deleted_at),
            key.includes('@') ? eq(sql`lower(${users.email})`, key) : eq(users.mobile, key),
          ),
        )
        .limit(1);
      const [attempt] = await tx
        .insert(loginAttempts)
        .values({ login: key, address, ok: false, at })
        .returning({ id: loginAttempts.id });
      return { user, attemptId: attempt!.id };
    });
    if ('retry_after' in claim) throw new AppError('TOO_MANY_REQUESTS', { retry_after: claim.retry_after });
    const { user, attemptId } = claim;
    if (!user) {
      await spendPasswordTime(password);
      throw new AppError('USER_NOT_FOUND');
    }
    if (!(await verifyPassword(password, user.password_hash))) throw new AppError('INVALID_PASSWORD');
    await this.db.update(loginAttempts).set({ ok: true }).where(eq(loginAttempts.id, attemptId));
    if (needsRehash(user.password_hash)) await this.rehash(user, password);
    const [session] = await this.db
      .insert(loginSessions)
      .values({ user_id: user.id, branch_id: user.branch_id })
      .returning({ id: loginSessions.id });
    return this.issue(user.id, session!.id);
  }

  async refresh(token: string): Promise<Tokens> {
    const hash = hashRefreshToken(token);
    // Marking it used and reading it is one statement, so two racing refreshes cannot both win.
    const [spent] = await this.db
      .update(refreshTokens)
      .set({ used_at: new Date() })
      .where(and(eq(refreshTokens.token_hash, hash), isNull(refreshTokens.used_at)))
      .returning();
    if (!spent) {
      const [known] = await this.db.select().from(refreshTokens).where(eq(refreshTokens.token_hash, hash));
      // A token used twice was stolen or replayed: the whole sign-in it belongs to ends.
      if (known) await this.endSession(known.family_id);
      throw new AppError('SESSION_EXPIRED', { logout: true });
    }
    const [session] = await this.db.select().from(loginSessions).where(eq(loginSessions.id, spent.family_id));
    if (!session || session.logout_at || spent.expires_at.getTime() < Date.now()) {
      throw new AppError('SESSION_EXPIRED', { logout: true });
    }
    return this.issue(spent.user_id, spent.family_id);
  }

  async logout(token: string): Promise<null> {
    const [known] = await this.db
      .select({ family_id: refreshTokens.family_id })
      .from(refreshTokens)
      .where(eq(refreshTokens.token_hash, hashRefreshToken(token)));
    if (known) await this.endSession(known.family_id);
    return null;
  }

  /**
   * Resolves an access token to its employee as they are now (role changes apply at once): from memory
   * while the sign-in changes channel is heard (see SessionCache), else from the database.
   */
  async authenticate(token: string): Promise<Pick<AuthenticatedContext, 'user' | 'sessionId'>> {
    const claims = await this.accessTokens.verify(token);
    if (!claims) throw new AppError('SESSION_EXPIRED');
    const held = this.sessions.get(claims.sessionId, claims.userId);
    if (held) return { user: held.user, sessionId: held.sessionId };
    const generation = this.sessions.begin();
    // The sign-in must still be open and the employee still employed.
    const [row] = await this.signedIn.execute({ sessionId: claims.sessionId, userId: claims.userId });
    if (!row) throw new AppError('SESSION_EXPIRED', { logout: true });
    const signedIn = { user: toSessionUser(row.user, row.privilege), sessionId: claims.sessionId };
    this.sessions.keep(generation, signedIn);
    return signedIn;
  }

  /** Of these sign-ins, the ones still open: not signed out, their employee not deleted. */
  async openSessions(sessionIds: string[]): Promise<Set<string>> {
    const rows = await this.db
      .select({ id: loginSessions.id })
      .from(loginSessions)
      .innerJoin(users, eq(users.id, loginSessions.user_id))
      .where(and(inArray(loginSessions.id, sessionIds), isNull(loginSessions.logout_at), isNull(users.deleted_at)));
    return new Set(rows.map((row) => row.id));
  }

  async sessionUser(userId: number): Promise<SessionUser | null> {
    const [row] = await this.db
      .select({ user: sessionUserColumns, privilege: sessionPrivilegeColumns })
      .from(users)
      .leftJoin(privileges, eq(users.privilege_id, privileges.id))
      .where(and(eq(users.id, userId), isNull(users.deleted_at)));
    return row ? toSessionUser(row.user, row.privilege) : null;
  }

  async needsAdministrator(): Promise<boolean> {
    const [row] = await this.db.select({ n: count() }).from(users);
    return (row?.n ?? 0) === 0;
  }

  /**
   * The first-run screen's administrator: EXISTS once anyone has an account. Asked before the password
   * is hashed (128 MiB, most of a second), so calls after the first run cost a count, not a hash.
   */
  async firstRunAdministrator(input: {
    login: string;
    password: string;
    name_en?: string;
    name_ar?: string;
  }): Promise<null> {
    if (!(await this.needsAdministrator()) || !(await this.createFirstAdministrator(input)))
      throw new AppError('EXISTS');
    return null;
  }

  /**
   * The first administrator of an empty database, from the desktop first-run screen or from
   * POS_ADMIN_LOGIN / POS_ADMIN_PASSWORD. A lock makes two racing first runs create one.
   */
  async createFirstAdministrator(input: {
    login: string;
    password: string;
    name_en?: string;
    name_ar?: string;
  }): Promise<boolean> {
    const password_hash = await hashPassword(input.password);
    const key = normaliseLogin(input.login);
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('playdesk.first-administrator'))`);
      const [row] = await tx.select({ n: count() }).from(users);
      if ((row?.n ?? 0) > 0) return false;
      await tx.insert(users).values({
        name_en: input.name_en ?? 'Administrator',
        name_ar: input.name_ar ?? 'مدير النظام',
        email: key.includes('@') ? key : null,
        mobile: key.includes('@') ? null : key,
        password_hash,
        role: 'admin',
      });
      return true;
    });
  }

  async ensureFirstAdministrator(login: string | undefined, password: string | undefined): Promise<boolean> {
    if (!login || !password || !(await this.needsAdministrator())) return false;
    return this.createFirstAdministrator({ login, password });
  }

  /** The password hashed again at today's cost, unless it was changed meanwhile. */
  private async rehash(user: { id: number; password_hash: string }, password: string) {
    await this.db
      .update(users)
      .set({ password_hash: await hashPassword(password) })
      .where(and(eq(users.id, user.id), eq(users.password_hash, user.password_hash)));
  }

  private async issue(userId: number, familyId: string): Promise<Tokens> {
    const user = await this.sessionUser(userId);
    if (!user) {
      await this.endSession(familyId);
      throw new AppError('SESSION_EXPIRED', { logout: true });
    }
    const refresh = newRefreshToken();
    await this.db.insert(refreshTokens).values({
      token_hash: refresh.hash,
      family_id: familyId,
      user_id: userId,
      expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
    });
    const accessToken = await this.accessTokens.sign({ userId, sessionId: familyId });
    return { accessToken, refreshToken: refresh.token, user };
  }

  private async endSession(familyId: string) {
    await this.db.transaction(async (tx) => {
      await tx
        .update(loginSessions)
        .set({ logout_at: new Date() })
        .where(and(eq(loginSessions.id, familyId), isNull(loginSessions.logout_at)));
      await endHostedSupervisorSessions(tx, familyId);
      await announceSessionChange(tx, { session: familyId });
    });
    sessionChangedHere({ session: familyId });
    this.sessionEnded(familyId);
  }

  /** Seconds this login still waits: its failures since its last success make the wait, from the last one. */
  private async loginWait(db: Pick<Db, 'select'>, login: string, now: Date): Promise<number> {
    const since = new Date(now.getTime() - LOGIN_FAILURE_MEMORY_MS);
    const [row] = await db
      .select({
        failures:
          sql<number>`count(*) filter (where not ${loginAttempts.ok} and ${loginAttempts.at} > coalesce((select max(at) from login_attempts s where s.login = ${login} and s.ok), ${since}))`.mapWith(
            Number,
          ),
        last: sql<Date | null>`max(${loginAttempts.at}) filter (where not ${loginAttempts.ok})`.mapWith(
          loginAttempts.at,
        ),
      })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.login, login), gt(loginAttempts.at, since)));
    const wait = loginWaitSeconds(row?.failures ?? 0);
    return wait > 0 && row?.last ? secondsUntil(row.last.getTime() + wait * 1000, now) : 0;
  }

  /** Seconds this address still waits: until the oldest of its last allowed failures leaves the window. */
  private async addressWait(db: Pick<Db, 'select'>, address: string, now: Date): Promise<number> {
    const [oldest] = await db
      .select({ at: loginAttempts.at })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.address, address),
          not(loginAttempts.ok),
          gt(loginAttempts.at, new Date(now.getTime() - ADDRESS_FAILURE_WINDOW_MS)),
        ),
      )
      .orderBy(desc(loginAttempts.at))
      .limit(1)
      .offset(ADDRESS_MAX_FAILURES - 1);
    return oldest ? secondsUntil(oldest.at.getTime() + ADDRESS_FAILURE_WINDOW_MS, now) : 0;
  }
}

function secondsUntil(time: number, now: Date): number {
  return Math.max(0, Math.ceil((time - now.getTime()) / 1000));
}

/** What a request knows of its employee: no password hash, nothing it does not use. */
const sessionUserColumns = {
  id: users.id,
  name_en: users.name_en,
  name_ar: users.name_ar,
  mobile: users.mobile,
  email: users.email,
  role: users.role,
  branch_id: users.branch_id,
};
const sessionPrivilegeColumns = {
  id: privileges.id,
  name_en: privileges.name_en,
  name_ar: privileges.name_ar,
  admin_access: privileges.admin_access,
  features: privileges.features,
};

function signedInStatement(db: Db) {
  return db
    .select({ user: sessionUserColumns, privilege: sessionPrivilegeColumns })
    .from(loginSessions)
    .innerJoin(users, eq(users.id, loginSessions.user_id))
    .leftJoin(privileges, eq(users.privilege_id, privileges.id))
    .where(
      and(
        eq(loginSessions.id, sql.placeholder('sessionId')),
        eq(users.id, sql.placeholder('userId')),
        isNull(loginSessions.logout_at),
        isNull(users.deleted_at),
      ),
    )
    .prepare('auth_signed_in');
}

function toSessionUser(
  user: Pick<typeof users.$inferSelect, keyof typeof sessionUserColumns>,
  privilege: Pick<typeof privileges.$inferSelect, keyof typeof sessionPrivilegeColumns> | null,
): SessionUser {
  return {
    id: user.id,
    name_en: user.name_en,
    name_ar: user.name_ar,
    mobile: user.mobile,
    email: user.email,
    role: user.role,
    branch_id: user.branch_id,
    privilege: privilege
      ? {
          id: privilege.id,
          name_en: privilege.name_en,
          name_ar: privilege.name_ar,
          admin_access: privilege.admin_access,
          features: privilege.features,
        }
      : null,
  };
}
