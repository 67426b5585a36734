import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cashShifts } from '../../db/schema';

/**
 * The cashier's open shift at this branch, which a sale or credit note being written belongs to; null
 * outside a shift. Held (FOR SHARE) until the sale commits, so a close waits for it and counts it, and
 * a sale that waited for a close finds the shift closed and stays outside it.
 */
export async function openShiftFor(tx: Tx, userId: number, branchId: number): Promise<number | null> {
  const [shift] = await tx
    .select({ id: cashShifts.id })
    .from(cashShifts)
    .where(and(eq(cashShifts.user_id, userId), eq(cashShifts.branch_id, branchId), isNull(cashShifts.closed_at)))
    .for('share');
  return shift?.id ?? null;
}
