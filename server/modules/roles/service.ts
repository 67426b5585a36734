import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { privileges, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { containing, isUniqueViolation, pageOf } from '../../http/results';
import { isAdministrator } from '../which-branch';
import { assertMayGrant } from './grant';
import { announceSessionChange, sessionChangedHere } from '../auth/session-cache';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import type { Role } from '../../../shared/api/roles';
import { features } from '../../../shared/permissions';
import enCommon from '../../../locales/en/common.json';
import arCommon from '../../../locales/ar/common.json';

/** The screen groups a role grants rights on, named as the menu names them (one source: the locales). */
const featureRows = features.map((key, i) => ({
  id: i + 1,
  key,
  name_en: enCommon.features[key],
  name_ar: arCommon.features[key],
}));

// Written out in full: inside a select drizzle renders a column unqualified, which the subquery would rebind.
const usersCount =
  sql<number>`(select count(*) from users u where u.privilege_id = "privileges"."id" and u.deleted_at is null)`.mapWith(
    Number,
  );

export class RoleService {
  constructor(private readonly db: Db) {}

  featureList({ page, perPage }: ParsedRequestOf<'feature/list'>) {
    return pageOf(featureRows.slice((page - 1) * perPage, page * perPage), featureRows.length, page, perPage);
  }

  async list({ page, perPage, q }: ParsedRequestOf<'priviledge/role/list'>) {
    const where = containing(q, privileges.name_en, privileges.name_ar);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ ...roleColumns(), users_count: usersCount })
        .from(privileges)
        .where(where)
        .orderBy(asc(privileges.name_en))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(privileges).where(where),
    ]);
    return pageOf(rows, total?.n ?? 0, page, perPage);
  }

  async create(ctx: AuthenticatedContext, input: ParsedRequestOf<'priviledge/role/create'>): Promise<Role> {
    assertMayGrant(ctx, input.admin_access, {}, input.features);
    try {
      const [row] = await this.db.insert(privileges).values(input).returning({ id: privileges.id });
      return this.get(row!.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EXISTS');
      throw error;
    }
  }

  async update(ctx: AuthenticatedContext, { id, ...input }: ParsedRequestOf<'priviledge/role/update'>): Promise<Role> {
    const current = await this.get(id);
    // Changing the role one holds could widen one's own rights (and every other holder's, in every branch).
    if (!isAdministrator(ctx) && ctx.user.privilege?.id === id) throw new AppError('NOT_AUTHORISED');
    assertMayGrant(ctx, input.admin_access || current.admin_access, current.features, input.features);
    try {
      await this.db.transaction(async (tx) => {
        await tx.update(privileges).set(input).where(eq(privileges.id, id));
        // Its holders' next calls, on every server instance, are checked against the new rights.
        await announceSessionChange(tx, { privilege: id });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EXISTS');
      throw error;
    }
    sessionChangedHere({ privilege: id });
    return this.get(id);
  }

  async features(id: number) {
    const { admin_access, features } = await this.get(id);
    return { admin_access, features };
  }

  async users(id: number) {
    await this.get(id);
    return this.db
      .select({ id: users.id, name_en: users.name_en, name_ar: users.name_ar, branch_id: users.branch_id })
      .from(users)
      .where(and(eq(users.privilege_id, id), isNull(users.deleted_at)))
      .orderBy(asc(users.name_en));
  }

  async get(id: number): Promise<Role> {
    const [row] = await this.db
      .select({ ...roleColumns(), users_count: usersCount })
      .from(privileges)
      .where(eq(privileges.id, id));
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}

function roleColumns() {
  const { id, name_en, name_ar, admin_access, features } = privileges;
  return { id, name_en, name_ar, admin_access, features };
}
