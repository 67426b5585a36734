/**
 * Which cash drawer a sale or a refund goes through. A branch that counts its cash (the default)
 * compares each shift's drawer with its X and Z reports, so cash may only move through a drawer that
 * is being counted: an open shift's.
 */

/** Whether a sale or refund moving this much cash (in or out) needs an open shift where the branch counts it. */
export const needsOpenShift = (countsCash: boolean, cashMoved: number): boolean => countsCash && cashMoved !== 0;

/**
 * The shift a refund belongs to, i.e. the drawer that pays it out: the canceller's own open shift when
 * they have one (the cash leaves the drawer in front of them), else the invoice's shift while it is
 * still open (the canceller pays from the seller's drawer), else none.
 */
export function refundShift(cancellerShift: number | null, invoiceShift: { id: number; open: boolean } | null) {
  if (cancellerShift !== null) return cancellerShift;
  return invoiceShift?.open ? invoiceShift.id : null;
}
