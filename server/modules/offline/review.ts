import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sales } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { AuthenticatedContext } from '../../http/context';
import { inDataBranch } from '../which-branch';

/** Offline sales with notes not yet looked at: what the dashboard counts (`offlineToReview`). */
export const toReview = and(isNotNull(sales.review_notes), isNull(sales.reviewed_at));

/** The manager's list of offline sales that arrived with something to look at, and its "done". */
export class OfflineReview {
  constructor(private readonly db: Db) {}

  async list(ctx: AuthenticatedContext) {
    const rows = await this.db
      .select({
        sale_id: sales.id,
        branch_id: sales.branch_id,
        invoice_no: sales.invoice_no,
        station_id: sales.station_id,
        cashier_id: sales.cashier_id,
        sold_at: sales.created_at,
        recorded_at: sales.recorded_at,
        payable: sales.payable,
        notes: sales.review_notes,
      })
      .from(sales)
      .where(and(toReview, inDataBranch(ctx, sales.branch_id)))
      .orderBy(asc(sales.created_at), asc(sales.id));
    // Only offline sales carry notes, and each has its station and arrival.
    return rows.map((r) => ({ ...r, station_id: r.station_id!, recorded_at: r.recorded_at!, notes: r.notes! }));
  }

  /** Marks it reviewed; a second "done" answers the first moment. Outside the caller's branches: NOT_FOUND. */
  async done(ctx: AuthenticatedContext, saleId: number) {
    const where = and(eq(sales.id, saleId), isNotNull(sales.review_notes), inDataBranch(ctx, sales.branch_id));
    const [marked] = await this.db
      .update(sales)
      .set({ reviewed_at: new Date() })
      .where(and(where, isNull(sales.reviewed_at)))
      .returning({ sale_id: sales.id, branch_id: sales.branch_id, reviewed_at: sales.reviewed_at });
    const [row] = marked
      ? [marked]
      : await this.db
          .select({ sale_id: sales.id, branch_id: sales.branch_id, reviewed_at: sales.reviewed_at })
          .from(sales)
          .where(where);
    if (!row) throw new AppError('NOT_FOUND');
    return { ...row, reviewed_at: row.reviewed_at! };
  }
}
