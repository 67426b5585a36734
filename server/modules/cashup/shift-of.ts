import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { branches, cashShifts } from '../../db/schema';
import { AppError } from '../../http/errors';
import { needsOpenShift, refundShift } from '../../../shared/domain/drawer';

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

/** The shift found, or none where cash may move without one: SHIFT_NOT_OPEN where the branch counts its cash. */
export function drawerShift(shiftId: number | null, countsCash: boolean, cashMoved: number): number | null {
  if (shiftId === null && needsOpenShift(countsCash, cashMoved)) throw new AppError('SHIFT_NOT_OPEN');
  return shiftId;
}

/** Refuses cash that would go through no counted drawer (drawerShift), reading the branch only when needed. */
async function requireDrawer(tx: Tx, shiftId: number | null, branchId: number, cashMoved: number) {
  if (shiftId !== null) return shiftId;
  const [branch] = await tx
    .select({ counts_cash: branches.counts_cash })
    .from(branches)
    .where(eq(branches.id, branchId));
  return drawerShift(null, branch?.counts_cash ?? true, cashMoved);
}

/**
 * The shift a credit note paying `cashOut` back belongs to: the drawer that pays it (shared/domain/drawer
 * refundShift). The invoice's shift is held as the canceller's is, so its close counts the refund or
 * the refund finds it closed.
 */
export async function creditNoteShift(
  tx: Tx,
  userId: number,
  branchId: number,
  invoiceShiftId: number | null,
  cashOut: number,
): Promise<number | null> {
  const own = await openShiftFor(tx, userId, branchId);
  const [invoiceShift] =
    own === null && invoiceShiftId !== null
      ? await tx
          .select({ id: cashShifts.id, closed_at: cashShifts.closed_at })
          .from(cashShifts)
          .where(eq(cashShifts.id, invoiceShiftId))
          .for('share')
      : [];
  const shift = refundShift(own, invoiceShift ? { id: invoiceShift.id, open: invoiceShift.closed_at === null } : null);
  return requireDrawer(tx, shift, branchId, cashOut);
}
