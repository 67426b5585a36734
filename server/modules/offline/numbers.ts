import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invoiceCounters, offlineNumbers } from '../../db/schema';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import { OFFLINE_NUMBERS_HELD } from '../../../shared/domain/offline';
import { commandBranch } from '../which-branch';

/**
 * The invoice numbers stations hold for their offline sales (issue 28). A branch's numbers are always
 * exactly 1..its counter: its sales' and those in `offline_numbers` (held by a station, or handed back
 * and free). Whatever takes or frees a number under the counter row's lock sees the others' commits:
 * a reserve and every sale lock that row first (SALE_WRITE, NEXT_NUMBER).
 */
export class OfflineNumbers {
  constructor(private readonly db: Db) {}

  async reserve(ctx: AuthenticatedContext, input: ParsedRequestOf<'offline/numbers/reserve'>) {
    const branchId = await commandBranch(this.db, ctx, input.branch_id, 'branch_id');
    const station = input.station_id;
    return this.db.transaction(async (tx) => {
      await lockCounter(tx, branchId);
      const mine = and(eq(offlineNumbers.branch_id, branchId), eq(offlineNumbers.station_id, station));
      const held = await tx.$count(offlineNumbers, mine);
      let wanted = OFFLINE_NUMBERS_HELD - held;
      if (wanted > 0) {
        // Numbers handed back first, lowest first: they are the branch's oldest gaps-to-be.
        const free = tx
          .select({ invoice_no: offlineNumbers.invoice_no })
          .from(offlineNumbers)
          .where(and(eq(offlineNumbers.branch_id, branchId), isNull(offlineNumbers.station_id)))
          .orderBy(asc(offlineNumbers.invoice_no))
          .limit(wanted);
        const taken = await tx
          .update(offlineNumbers)
          .set({ station_id: station, held_at: new Date() })
          .where(and(eq(offlineNumbers.branch_id, branchId), inArray(offlineNumbers.invoice_no, free)))
          .returning({ invoice_no: offlineNumbers.invoice_no });
        wanted -= taken.length;
      }
      if (wanted > 0) {
        const [counter] = await tx
          .update(invoiceCounters)
          .set({ last_no: sql`${invoiceCounters.last_no} + ${wanted}` })
          .where(eq(invoiceCounters.branch_id, branchId))
          .returning({ last_no: invoiceCounters.last_no });
        const first = counter!.last_no - wanted + 1;
        await tx.insert(offlineNumbers).values(
          Array.from({ length: wanted }, (_, i) => ({
            branch_id: branchId,
            invoice_no: first + i,
            station_id: station,
          })),
        );
      }
      const numbers = await tx
        .select({ invoice_no: offlineNumbers.invoice_no })
        .from(offlineNumbers)
        .where(mine)
        .orderBy(asc(offlineNumbers.invoice_no));
      return { branch_id: branchId, numbers: numbers.map((n) => n.invoice_no) };
    });
  }

  /**
   * Of the numbers named, those this station still holds become free. No counter lock is needed: a sale
   * picking a free number locks that row, and one freed meanwhile is simply left for the next sale.
   */
  async release(ctx: AuthenticatedContext, input: ParsedRequestOf<'offline/numbers/release'>) {
    const branchId = await commandBranch(this.db, ctx, input.branch_id, 'branch_id');
    const released = await this.db
      .update(offlineNumbers)
      .set({ station_id: null, held_at: new Date() })
      .where(
        and(
          eq(offlineNumbers.branch_id, branchId),
          eq(offlineNumbers.station_id, input.station_id),
          inArray(offlineNumbers.invoice_no, input.numbers),
        ),
      )
      .returning({ invoice_no: offlineNumbers.invoice_no });
    return { released: released.map((r) => r.invoice_no).sort((a, b) => a - b) };
  }
}

/** The branch's counter row, made at 0 if it has none, locked until the commit: the branch's numbering waits. */
export async function lockCounter(tx: Tx, branchId: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ branch_id: branchId, last_no: 0 })
    .onConflictDoUpdate({ target: invoiceCounters.branch_id, set: { last_no: sql`${invoiceCounters.last_no}` } })
    .returning({ last_no: invoiceCounters.last_no });
  return row!.last_no;
}
