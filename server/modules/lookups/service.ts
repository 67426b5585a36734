import { asc, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';

type SimpleLookup = typeof t.identificationTypes;

/**
 * The fixed lists, prepared once and named: a screen asks for them on every visit, so neither Drizzle
 * builds their SQL nor PostgreSQL parses and plans it again per call.
 */
function prepared(db: Db) {
  const { branches, taxes, nationalities, privileges } = t;
  return {
    taxes: db
      .select({ id: taxes.id, name_en: taxes.name_en, name_ar: taxes.name_ar, rate_bp: taxes.rate_bp })
      .from(taxes)
      .orderBy(asc(taxes.sort), asc(taxes.id))
      .prepare('lookup_taxes'),
    nationalities: db
      .select({
        id: nationalities.id,
        code: nationalities.code,
        name_en: nationalities.name_en,
        name_ar: nationalities.name_ar,
      })
      .from(nationalities)
      .orderBy(asc(nationalities.name_en))
      .prepare('lookup_nationalities'),
    branches: db
      .select({ id: branches.id, name_en: branches.name_en, name_ar: branches.name_ar })
      .from(branches)
      .where(isNull(branches.deleted_at))
      .orderBy(asc(branches.id))
      .prepare('lookup_branches'),
    roles: db
      .select({ id: privileges.id, name_en: privileges.name_en, name_ar: privileges.name_ar })
      .from(privileges)
      .orderBy(asc(privileges.name_en))
      .prepare('lookup_roles'),
  };
}

/** The short lists forms pick from; each row has its English and Arabic name. */
export class LookupService {
  private readonly statements: ReturnType<typeof prepared>;

  constructor(private readonly db: Db) {
    this.statements = prepared(db);
  }

  list(table: SimpleLookup) {
    return this.db
      .select({ id: table.id, name_en: table.name_en, name_ar: table.name_ar })
      .from(table)
      .orderBy(asc(table.sort), asc(table.id));
  }

  taxes() {
    return this.statements.taxes.execute();
  }

  nationalities() {
    return this.statements.nationalities.execute();
  }

  branches() {
    return this.statements.branches.execute();
  }

  roles() {
    return this.statements.roles.execute();
  }
}
