import { asc, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';

type SimpleLookup = typeof t.identificationTypes;

/** The short lists forms pick from; each row has its English and Arabic name. */
export class LookupService {
  constructor(private readonly db: Db) {}

  list(table: SimpleLookup) {
    return this.db
      .select({ id: table.id, name_en: table.name_en, name_ar: table.name_ar })
      .from(table)
      .orderBy(asc(table.sort), asc(table.id));
  }

  taxes() {
    const { id, name_en, name_ar, rate_bp, sort } = t.taxes;
    return this.db.select({ id, name_en, name_ar, rate_bp }).from(t.taxes).orderBy(asc(sort), asc(id));
  }

  nationalities() {
    const { id, code, name_en, name_ar } = t.nationalities;
    return this.db.select({ id, code, name_en, name_ar }).from(t.nationalities).orderBy(asc(name_en));
  }

  branches() {
    const { id, name_en, name_ar, deleted_at } = t.branches;
    return this.db.select({ id, name_en, name_ar }).from(t.branches).where(isNull(deleted_at)).orderBy(asc(id));
  }

  roles() {
    const { id, name_en, name_ar } = t.privileges;
    return this.db.select({ id, name_en, name_ar }).from(t.privileges).orderBy(asc(name_en));
  }
}
