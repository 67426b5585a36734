import { and, count, desc, eq, gte, isNull, lt, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { branches, loginSessions, privileges, roomAccess, rooms, roomSessions, users } from '../../db/schema';
import { endSupervisorSessions } from '../supervisor/sessions';
import { AppError } from '../../http/errors';
import { containing, isUniqueViolation, pageOf } from '../../http/results';
import { dataBranch, inDataBranch, isAdministrator, workBranch } from '../which-branch';
import { assertMayGrant } from '../roles/grant';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import type { EmployeeRecord } from '../../../shared/api/employees';
import { isAdministratorRole } from '../../../shared/permissions';
import { hashPassword } from '../auth/passwords';
import { announceSessionChange, sessionChangedHere } from '../auth/session-cache';
import type { BranchLocales } from '../branches/locales';
import { startOfDay } from '../../../shared/domain/time-zone';
import { addDays } from '../../../shared/domain/subscription';

const columns = {
  id: users.id,
  name_en: users.name_en,
  name_ar: users.name_ar,
  mobile: users.mobile,
  email: users.email,
  role: users.role,
  priviledge_id: users.privilege_id,
  branch_id: users.branch_id,
  identification_id: users.identification_id,
  identification_number: users.identification_number,
  nationality_id: users.nationality_id,
  specialization_id: users.specialization_id,
  qualification_id: users.qualification_id,
  shift_id: users.shift_id,
  room_id: users.room_id,
  created_at: users.created_at,
};

type Fields = Omit<ParsedRequestOf<'user/update'>, 'id' | 'password' | 'confirm_password'>;

/** Employees: soft-deleted so their history stays; branch-bound for everyone but administrators. */
export class EmployeeService {
  constructor(
    private readonly db: Db,
    private readonly locales: BranchLocales,
    /** A room door in this branch may have lost its supervisor: its view is out of date. */
    private readonly roomViewsChanged: (branchId: number) => void,
    /** These sign-ins were ended here (a new password, a deletion): what they opened closes too. */
    private readonly signInsEnded: (signInIds: string[]) => void,
  ) {}

  private visible(ctx: AuthenticatedContext, ...more: (SQL | undefined)[]) {
    return and(isNull(users.deleted_at), inDataBranch(ctx, users.branch_id), ...more);
  }

  async list(ctx: AuthenticatedContext, { page, perPage, q, branch_id }: ParsedRequestOf<'user/pagelist'>) {
    const search = containing(q, users.name_en, users.name_ar, users.mobile, users.email);
    const where = this.visible(ctx, search, branch_id ? eq(users.branch_id, branch_id) : undefined);
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(users)
        .where(where)
        .orderBy(users.name_en, users.id)
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(users).where(where),
    ]);
    return pageOf(rows, total?.n ?? 0, page, perPage);
  }

  async register(
    ctx: AuthenticatedContext,
    { password, confirm_password: _c, priviledge_id, ...fields }: ParsedRequestOf<'user/register'>,
  ): Promise<EmployeeRecord> {
    const values = {
      ...fields,
      privilege_id: priviledge_id,
      branch_id: fields.branch_id ?? (isAdministrator(ctx) ? null : workBranch(ctx)),
    };
    await this.checkAssignments(ctx, { ...fields, priviledge_id, branch_id: values.branch_id });
    await this.checkUnique(fields.mobile, fields.email);
    const password_hash = await hashPassword(password);
    const [row] = await this.write(() =>
      this.db
        .insert(users)
        .values({ ...values, password_hash })
        .returning(columns),
    );
    return row!;
  }

  async update(
    ctx: AuthenticatedContext,
    { id, password, confirm_password: _c, priviledge_id, ...fields }: ParsedRequestOf<'user/update'>,
  ): Promise<EmployeeRecord> {
    const current = await this.editable(ctx, id);
    await this.checkAssignments(ctx, { ...fields, priviledge_id });
    await this.checkUnique(fields.mobile, fields.email, id);
    const set = { ...fields, ...(priviledge_id !== undefined ? { privilege_id: priviledge_id } : {}) };
    const mobile = fields.mobile === undefined ? current.mobile : fields.mobile;
    const email = fields.email === undefined ? current.email : fields.email;
    if (!mobile && !email) throw new AppError('MOBILE_NUMBER_MISSING');
    const password_hash = password ? await hashPassword(password) : undefined;
    const moved = fields.branch_id !== undefined && fields.branch_id !== current.branch_id;
    const doors = moved ? await this.doorsOf(id) : [];
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await this.write(() =>
        tx
          .update(users)
          .set({ ...set, ...(password_hash ? { password_hash } : {}) })
          .where(eq(users.id, id))
          .returning(columns),
      );
      if (moved) await this.leaveBranchRooms(tx, id, fields.branch_id ?? null);
      // A changed password ends the employee's other sign-ins (a lost or shared one among them).
      const ended = password_hash
        ? await tx
            .update(loginSessions)
            .set({ logout_at: new Date() })
            .where(
              and(
                eq(loginSessions.user_id, id),
                isNull(loginSessions.logout_at),
                ctx.sessionId ? ne(loginSessions.id, ctx.sessionId) : undefined,
              ),
            )
            .returning({ id: loginSessions.id })
        : [];
      // Their sign-ins answer as they are now (role, branch, name) on every server instance.
      await announceSessionChange(tx, { user: id });
      return { row: row!, ended };
    });
    sessionChangedHere({ user: id });
    this.signInsEnded(updated.ended.map((signIn) => signIn.id));
    for (const branchId of doors) this.roomViewsChanged(branchId);
    return updated.row;
  }

  async remove(ctx: AuthenticatedContext, id: number): Promise<null> {
    if (ctx.user.id === id) throw new AppError('NOT_AUTHORISED');
    await this.editable(ctx, id);
    const doors = await this.doorsOf(id);
    const ended = await this.db.transaction(async (tx) => {
      await tx.update(users).set({ deleted_at: new Date() }).where(eq(users.id, id));
      await announceSessionChange(tx, { user: id });
      return tx
        .update(loginSessions)
        .set({ logout_at: new Date() })
        .where(and(eq(loginSessions.user_id, id), isNull(loginSessions.logout_at)))
        .returning({ id: loginSessions.id });
    });
    sessionChangedHere({ user: id });
    this.signInsEnded(ended.map((signIn) => signIn.id));
    for (const branchId of doors) this.roomViewsChanged(branchId);
    return null;
  }

  /** The branches of the rooms this employee may supervise: their doors' views follow them. */
  private async doorsOf(id: number): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ branch_id: rooms.branch_id })
      .from(roomAccess)
      .innerJoin(rooms, eq(rooms.id, roomAccess.room_id))
      .where(and(eq(roomAccess.user_id, id), isNull(rooms.deleted_at)));
    return rows.map((row) => row.branch_id);
  }

  async info(ctx: AuthenticatedContext, id: number) {
    const [row] = await this.db
      .select({
        ...columns,
        branch: sql<{
          id: number;
          name_en: string;
          name_ar: string;
        } | null>`case when ${branches.id} is null then null else json_build_object('id', ${branches.id}, 'name_en', ${branches.name_en}, 'name_ar', ${branches.name_ar}) end`,
        privilege: sql<{
          id: number;
          name_en: string;
          name_ar: string;
        } | null>`case when ${privileges.id} is null then null else json_build_object('id', ${privileges.id}, 'name_en', ${privileges.name_en}, 'name_ar', ${privileges.name_ar}) end`,
      })
      .from(users)
      .leftJoin(branches, eq(branches.id, users.branch_id))
      .leftJoin(privileges, eq(privileges.id, users.privilege_id))
      .where(this.visible(ctx, eq(users.id, id)));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async signIns(ctx: AuthenticatedContext, { user_id, page, perPage }: ParsedRequestOf<'profile/user/session'>) {
    await this.info(ctx, user_id);
    return this.loginRecords(eq(loginSessions.user_id, user_id), page, perPage);
  }

  /** The employee's times logged into rooms as their supervisor, newest first. */
  async roomSessions(
    ctx: AuthenticatedContext,
    { user_id, page, perPage }: ParsedRequestOf<'profile/user/roomsession'>,
  ) {
    await this.info(ctx, user_id);
    const where = eq(roomSessions.user_id, user_id);
    const [rows, total] = await Promise.all([
      this.db
        .select({
          id: roomSessions.id,
          room_id: roomSessions.room_id,
          room_name_en: rooms.name_en,
          room_name_ar: rooms.name_ar,
          login_at: roomSessions.login_at,
          logout_at: roomSessions.logout_at,
        })
        .from(roomSessions)
        .innerJoin(rooms, eq(rooms.id, roomSessions.room_id))
        .where(where)
        .orderBy(desc(roomSessions.login_at), desc(roomSessions.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.$count(roomSessions, where),
    ]);
    return pageOf(rows, total, page, perPage);
  }

  /** The login report: every sign-in, newest first; branch-bound like the employees it lists. */
  async loginReport(ctx: AuthenticatedContext, input: ParsedRequestOf<'user/loginreport'>) {
    const branch = dataBranch(ctx) ?? input.branch_id;
    const { timeZone } = await this.locales.of(branch ?? ctx.user.branch_id);
    return this.loginRecords(
      and(
        branch === null ? undefined : eq(loginSessions.branch_id, branch),
        input.user_id ? eq(loginSessions.user_id, input.user_id) : undefined,
        input.from ? gte(loginSessions.login_at, startOfDay(input.from, timeZone)) : undefined,
        input.to ? lt(loginSessions.login_at, startOfDay(addDays(input.to, 1), timeZone)) : undefined,
      ),
      input.page,
      input.perPage,
    );
  }

  private async loginRecords(where: SQL | undefined, page: number, perPage: number) {
    const [rows, [total]] = await Promise.all([
      this.db
        .select({
          id: loginSessions.id,
          user_id: loginSessions.user_id,
          name_en: users.name_en,
          name_ar: users.name_ar,
          branch_id: loginSessions.branch_id,
          login_at: loginSessions.login_at,
          logout_at: loginSessions.logout_at,
        })
        .from(loginSessions)
        .innerJoin(users, eq(users.id, loginSessions.user_id))
        .where(where)
        .orderBy(desc(loginSessions.login_at))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(loginSessions).where(where),
    ]);
    return pageOf(rows, total?.n ?? 0, page, perPage);
  }

  /**
   * A move to another branch ends the employee's supervisor sign-in and takes away the rooms of the
   * branches they no longer belong to (out of every branch, they may still be given any branch's room).
   */
  private async leaveBranchRooms(tx: Tx, id: number, branchId: number | null) {
    if (branchId !== null)
      await tx
        .delete(roomAccess)
        .where(
          and(
            eq(roomAccess.user_id, id),
            notInArray(
              roomAccess.room_id,
              tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.branch_id, branchId)),
            ),
          ),
        );
    await endSupervisorSessions(tx, [id]);
  }

  /**
   * The employee, if the caller may change them: in scope, and for a non-administrator no one holding
   * more than the caller (a new password would hand the caller those rights).
   */
  private async editable(ctx: AuthenticatedContext, id: number) {
    const [row] = await this.db
      .select({
        role: users.role,
        branch_id: users.branch_id,
        mobile: users.mobile,
        email: users.email,
        admin_access: privileges.admin_access,
        features: privileges.features,
      })
      .from(users)
      .leftJoin(privileges, eq(privileges.id, users.privilege_id))
      .where(this.visible(ctx, eq(users.id, id)));
    if (!row) throw new AppError('NOT_FOUND');
    assertMayGrant(ctx, isAdministratorRole(row.role) || (row.admin_access ?? false), {}, row.features ?? {});
    return row;
  }

  /** Branch, role and administrator rights a caller may hand out. */
  private async checkAssignments(
    ctx: AuthenticatedContext,
    fields: Partial<Fields> & { priviledge_id?: number | null },
  ) {
    if (fields.role === 'admin') assertMayGrant(ctx, true, {}, {});
    // Out of every branch, an employee is out of every branch manager's reach: only an administrator decides that.
    if (fields.branch_id === null && !isAdministrator(ctx)) throw new AppError('NOT_AUTHORISED');
    if (fields.branch_id != null) {
      const scope = dataBranch(ctx);
      const [branch] = await this.db
        .select({ id: branches.id })
        .from(branches)
        .where(and(eq(branches.id, fields.branch_id), isNull(branches.deleted_at)));
      if (!branch || (scope !== null && scope !== fields.branch_id)) throw new AppError('NOT_FOUND');
    }
    if (fields.priviledge_id != null) {
      const [role] = await this.db
        .select({ admin_access: privileges.admin_access, features: privileges.features })
        .from(privileges)
        .where(eq(privileges.id, fields.priviledge_id));
      if (!role) throw new AppError('NOT_FOUND');
      assertMayGrant(ctx, role.admin_access, {}, role.features);
    }
  }

  private async checkUnique(mobile: string | null | undefined, email: string | null | undefined, exceptId?: number) {
    const taken = or(
      mobile ? eq(users.mobile, mobile) : undefined,
      email ? eq(sql`lower(${users.email})`, email.toLowerCase()) : undefined,
    );
    if (!taken) return;
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(isNull(users.deleted_at), taken, exceptId ? ne(users.id, exceptId) : undefined))
      .limit(1);
    if (row) throw new AppError('USER_EXISTS');
  }

  /** Two managers adding the same mobile at once: the unique index decides, the loser gets USER_EXISTS. */
  private async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('USER_EXISTS');
      if ((error as { cause?: { code?: string } })?.cause?.code === '23503') throw new AppError('NOT_FOUND');
      throw error;
    }
  }
}
