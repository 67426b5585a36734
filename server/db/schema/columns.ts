import { sql } from 'drizzle-orm';
import { customType, integer, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TaxMode } from '../../../shared/domain/money';

/** Columns and helpers every area's tables share. */

export const names = {
  name_en: varchar('name_en', { length: 120 }).notNull(),
  name_ar: varchar('name_ar', { length: 120 }).notNull(),
};
export const createdAt = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** A column that must point at a row of another table. */
export const requiredRef = (name: string, target: () => AnyPgColumn) => integer(name).notNull().references(target);

/**
 * Whether a price contains VAT, typed where it is stored so no reader casts it: products and packages
 * hold only 1 or 2 (their CHECK constraints), and a sale line copies its product's or package's.
 */
export const taxModeColumn = () => integer('included').$type<TaxMode>().notNull();

/** Words to find a row by, kept by PostgreSQL itself from the names (the front desk's search). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
export const searchWords = (...columns: string[]) =>
  tsvector('search').generatedAlwaysAs(
    sql.raw(`to_tsvector('simple', ${columns.map((c) => `coalesce("${c}", '')`).join(` || ' ' || `)})`),
  );
