import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import * as data from './seed-data';

/** Fills each empty lookup table once; a table a manager has edited is left as it is. */
export async function seedLookups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const empty = async (table: PgTable) => {
      const [row] = await tx.select({ n: count() }).from(table);
      return (row?.n ?? 0) === 0;
    };
    const sorted = <T>(rows: T[]) => rows.map((row, i) => ({ ...row, sort: i }));
    if (await empty(t.identificationTypes))
      await tx.insert(t.identificationTypes).values(sorted(data.identificationTypes));
    if (await empty(t.specializations)) await tx.insert(t.specializations).values(sorted(data.specializations));
    if (await empty(t.qualifications)) await tx.insert(t.qualifications).values(sorted(data.qualifications));
    if (await empty(t.shifts)) await tx.insert(t.shifts).values(sorted(data.shifts));
    if (await empty(t.taxes)) await tx.insert(t.taxes).values(sorted(data.taxes));
    if (await empty(t.nationalities)) await tx.insert(t.nationalities).values(data.isoNationalities());
    if (await empty(t.branches)) await tx.insert(t.branches).values(data.firstBranch);
  });
}
