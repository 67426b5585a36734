import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { savedReports } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';

const columns = {
  id: savedReports.id,
  name: savedReports.name,
  definition: savedReports.definition,
  updated_at: savedReports.updated_at,
};

/** Each user's custom reports, by name: saving a name again replaces that report. */
export class SavedReports {
  constructor(private readonly db: Db) {}

  list(ctx: AuthenticatedContext) {
    return this.db
      .select(columns)
      .from(savedReports)
      .where(eq(savedReports.user_id, ctx.user.id))
      .orderBy(asc(savedReports.name));
  }

  async save(ctx: AuthenticatedContext, { name, definition }: ParsedRequestOf<'report/custom/save'>) {
    const [row] = await this.db
      .insert(savedReports)
      .values({ user_id: ctx.user.id, name, definition })
      .onConflictDoUpdate({
        target: [savedReports.user_id, savedReports.name],
        set: { definition, updated_at: sql`now()` },
      })
      .returning(columns);
    return row!;
  }

  async remove(ctx: AuthenticatedContext, id: number) {
    const gone = await this.db
      .delete(savedReports)
      .where(and(eq(savedReports.id, id), eq(savedReports.user_id, ctx.user.id)))
      .returning({ id: savedReports.id });
    if (!gone.length) throw new AppError('NOT_FOUND');
    return null;
  }
}
