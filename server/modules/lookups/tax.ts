import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taxes } from '../../db/schema';
import { AppError } from '../../http/errors';

/** A product's or package's tax must be one of the list's. */
export async function assertTax(db: Db, taxId: number): Promise<void> {
  const [tax] = await db.select({ id: taxes.id }).from(taxes).where(eq(taxes.id, taxId));
  if (!tax) throw new AppError('NOT_FOUND');
}
