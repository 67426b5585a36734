import { and, desc, eq, gt, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  branches,
  cashShifts,
  invoiceCounters,
  kids,
  offlineNumbers,
  packages,
  parents,
  privileges,
  products,
  saleLines,
  sales,
  subscriptions,
  users,
} from '../../db/schema';
import { fieldRefused } from '../../http/errors';
import { runOnce } from '../../http/idempotency';
import type { AuthenticatedContext, OnceContext } from '../../http/context';
import type { ParsedRequestOf, ResponseInputOf } from '../../../shared/api/catalogue';
import type { OfflineNote } from '../../../shared/api/offline';
import type { OfflineNoteKind } from '../../../shared/domain/offline';
import { needsOpenShift } from '../../../shared/domain/drawer';
import { dayIn } from '../../../shared/domain/time-zone';
import { isAdministratorRole } from '../../../shared/permissions';
import { commandBranch } from '../which-branch';
import type { BranchLocales } from '../branches/locales';
import type { SaleService } from '../sales/service';
import type { SubscriptionService } from '../subscriptions/service';
import { NEXT_NUMBER, runNamed } from '../sales/statements';

type Request = ParsedRequestOf<'offline/sale'>;
type Answer = ResponseInputOf<'offline/sale'>;

const noteOf = (kind: OfflineNoteKind, more: Partial<Omit<OfflineNote, 'kind'>> = {}): OfflineNote => ({
  kind,
  product_id: null,
  package_id: null,
  kid_id: null,
  printed: null,
  current: null,
  ...more,
});

/**
 * A sale made while the station could not reach the server, recorded as it was printed (issue 28):
 * its number, time, lines and totals are the receipt's; what changed meanwhile is noted for review,
 * never a reason to refuse it. Locks in the order a till's sale takes them (the shift, the kids, the
 * products in id order, the counter last), so the two never deadlock.
 */
export class OfflineSales {
  constructor(
    private readonly db: Db,
    private readonly sales: SaleService,
    private readonly subscriptions: SubscriptionService,
    private readonly locales: BranchLocales,
  ) {}

  async record(ctx: AuthenticatedContext & OnceContext<'offline/sale'>, input: Request): Promise<Answer> {
    const branchId = await commandBranch(this.db, ctx, input.branch_id, 'branch_id');
    const { timeZone } = await this.locales.of(branchId);
    // Answered once committed, read on the pool: nothing inside the transaction waits for a second connection.
    const id = await runOnce<number>(this.db, ctx, {
      run: (tx) => this.write(tx, branchId, timeZone, input),
      idsOf: (saleId) => [saleId],
      replay: async ([saleId]) => saleId!,
      owner: `station:${input.station_id}`,
    });
    const [row] = await this.db.select({ notes: sales.review_notes }).from(sales).where(eq(sales.id, id));
    return { ...(await this.sales.withLines(id)), notes: row?.notes ?? [] };
  }

  private async write(tx: Tx, branchId: number, timeZone: string, input: Request): Promise<number> {
    const soldAt = new Date(input.sold_at);
    const notes: OfflineNote[] = [];
    if (await this.cashierGone(tx, branchId, input.sold_by)) notes.push(noteOf('CASHIER_GONE'));
    await this.checkIssued(tx, branchId, input);

    const productIds = [...new Set(input.lines.flatMap((l) => (l.product_id === null ? [] : [l.product_id])))];
    const packageIds = [...new Set(input.lines.flatMap((l) => (l.package_id === null ? [] : [l.package_id])))];
    const kidIds = [...new Set(input.lines.flatMap((l) => l.kid_ids ?? []))];
    const known = await this.referenced(tx, branchId, input, productIds, packageIds, kidIds);

    // The drawer it went into: the shift the cashier had open here when it was sold, even one closed since.
    const [shift] = await tx
      .select({ id: cashShifts.id, closed_at: cashShifts.closed_at })
      .from(cashShifts)
      .where(
        and(
          eq(cashShifts.user_id, input.sold_by),
          eq(cashShifts.branch_id, branchId),
          lte(cashShifts.opened_at, soldAt),
          or(isNull(cashShifts.closed_at), gte(cashShifts.closed_at, soldAt)),
        ),
      )
      .orderBy(desc(cashShifts.opened_at))
      .limit(1)
      .for('update');
    const [branch] = await tx
      .select({ counts_cash: branches.counts_cash })
      .from(branches)
      .where(eq(branches.id, branchId));
    if (!shift && needsOpenShift(branch?.counts_cash ?? true, input.payments.cash)) notes.push(noteOf('NO_SHIFT'));

    const purchases = input.lines.flatMap((l) =>
      l.package_id === null ? [] : [{ package: known.packages.get(l.package_id)!, kidIds: l.kid_ids! }],
    );
    const planned = purchases.length
      ? await this.subscriptions.planForSale(tx, branchId, purchases, dayIn(timeZone, soldAt))
      : null;
    if (kidIds.length) {
      const changed = await tx
        .selectDistinct({ kid_id: subscriptions.kid_id })
        .from(subscriptions)
        .where(
          and(
            inArray(subscriptions.kid_id, kidIds),
            gt(subscriptions.changed_at, soldAt),
            // One bought by a sale made before this one and untouched since (an earlier offline sale sent first) is no change.
            sql`not ("subscriptions"."changed_at" = "subscriptions"."created_at" and exists (
              select from sales s where s.id = "subscriptions"."sale_id" and s.created_at <= ${soldAt}))`,
          ),
        );
      for (const { kid_id } of changed) {
        const line = input.lines.find((l) => l.kid_ids?.includes(kid_id))!;
        notes.push(noteOf('SUBSCRIPTION_CHANGED', { kid_id, package_id: line.package_id }));
      }
    }

    for (const line of input.lines) {
      const item =
        line.product_id !== null ? known.products.get(line.product_id)! : known.packages.get(line.package_id!)!;
      const ids = { product_id: line.product_id, package_id: line.package_id };
      if (item.deleted_at) notes.push(noteOf(line.product_id !== null ? 'PRODUCT_DELETED' : 'PACKAGE_DELETED', ids));
      else if (item.price !== line.unit_price)
        notes.push(noteOf('PRICE_CHANGED', { ...ids, printed: line.unit_price, current: item.price }));
    }

    // The goods were handed over: their stock is taken whatever is left, in id order as a till's sale locks them.
    const wanted = new Map<number, number>();
    for (const l of input.lines)
      if (l.product_id !== null) wanted.set(l.product_id, (wanted.get(l.product_id) ?? 0) + l.qty);
    const ordered = [...wanted.keys()].sort((a, b) => a - b);
    if (ordered.length) {
      const left = await tx.execute<{ id: number; stock: number }>(sql`
        with locked as materialized (
          select id from products where id = any(${sql.param(ordered)}::int[]) order by id for no key update
        )
        update products p set stock = p.stock - w.qty
        from unnest(${sql.param(ordered)}::int[], ${sql.param(ordered.map((id) => wanted.get(id)!))}::int[]) as w(id, qty)
        join locked l on l.id = w.id
        where p.id = w.id
        returning p.id, p.stock`);
      for (const row of [...left.rows].sort((a, b) => a.id - b.id))
        if (row.stock < 0) notes.push(noteOf('STOCK_BELOW_ZERO', { product_id: row.id, current: row.stock }));
    }

    const invoiceNo = await this.number(tx, branchId, input, notes);
    const parentId =
      input.parentInfo?.parent_id ??
      (kidIds.length ? known.kidParents.get(input.lines.find((l) => l.kid_ids)!.kid_ids![0]!)! : null);
    const { cash, pos, pos_reference, change } = input.payments;
    const [sale] = await tx
      .insert(sales)
      .values({
        branch_id: branchId,
        invoice_no: invoiceNo,
        cashier_id: input.sold_by,
        parent_id: parentId,
        parent_info: input.parentInfo,
        ...input.totals,
        cash,
        pos,
        pos_reference,
        change,
        shift_id: shift?.id ?? null,
        created_at: soldAt,
        station_id: input.station_id,
        offline: true,
        recorded_at: new Date(),
        review_notes: notes.length ? notes : null,
      })
      .returning({ id: sales.id });
    await tx.insert(saleLines).values(
      input.lines.map((l) => ({
        sale_id: sale!.id,
        product_id: l.product_id,
        package_id: l.package_id,
        kid_ids: l.kid_ids,
        name_en: l.name_en,
        name_ar: l.name_ar,
        unit_price: l.unit_price,
        qty: l.qty,
        rate_bp: l.rate_bp,
        included: l.included,
        net: l.net,
        vat: l.vat,
        gross: l.gross,
        discount: l.discount,
      })),
    );
    if (planned?.rows.length)
      await tx.insert(subscriptions).values(planned.rows.map((row) => ({ ...row, sale_id: sale!.id })));
    // A shift closed since: its Z report counts the sale, and the cash it expected grows with it.
    if (shift?.closed_at)
      await tx
        .update(cashShifts)
        .set({ expected_cash: sql`${cashShifts.expected_cash} + ${cash - change}` })
        .where(eq(cashShifts.id, shift.id));
    return sale!.id;
  }

  /**
   * Who sold it must be an employee of this branch or an administrator; one deleted since is still
   * recorded (answers true: a note). Their rights are not asked again: the station signed them in.
   */
  private async cashierGone(tx: Tx, branchId: number, userId: number): Promise<boolean> {
    const [cashier] = await tx
      .select({
        branch_id: users.branch_id,
        role: users.role,
        admin_access: privileges.admin_access,
        deleted_at: users.deleted_at,
      })
      .from(users)
      .leftJoin(privileges, eq(privileges.id, users.privilege_id))
      .where(eq(users.id, userId));
    const mayHaveSold =
      cashier && (cashier.branch_id === branchId || isAdministratorRole(cashier.role) || cashier.admin_access === true);
    if (!mayHaveSold) throw fieldRefused('sold_by');
    return cashier.deleted_at !== null;
  }

  /** A number the branch's counter never gave out was never held by any station: a corrupt or forged entry. */
  private async checkIssued(tx: Tx, branchId: number, input: Request) {
    const [counter] = await tx
      .select({ last_no: invoiceCounters.last_no })
      .from(invoiceCounters)
      .where(eq(invoiceCounters.branch_id, branchId));
    if (!counter || input.invoice_no > counter.last_no) throw fieldRefused('invoice_no');
  }

  /**
   * The printed number when this station still holds it (or it was handed back and is free): taken.
   * Otherwise, unless it is one this station holds in another branch (a request for the wrong branch),
   * the branch's next number as a till's sale would take it, and a note of both.
   */
  private async number(tx: Tx, branchId: number, input: Request, notes: OfflineNote[]): Promise<number> {
    const printed = input.invoice_no;
    // The counter first, as every numbering does, then the number's own row.
    await tx
      .select({ last_no: invoiceCounters.last_no })
      .from(invoiceCounters)
      .where(eq(invoiceCounters.branch_id, branchId))
      .for('no key update');
    const [taken] = await tx
      .delete(offlineNumbers)
      .where(
        and(
          eq(offlineNumbers.branch_id, branchId),
          eq(offlineNumbers.invoice_no, printed),
          or(eq(offlineNumbers.station_id, input.station_id), isNull(offlineNumbers.station_id)),
        ),
      )
      .returning({ invoice_no: offlineNumbers.invoice_no });
    if (taken) return printed;
    const [elsewhere] = await tx
      .select({ branch_id: offlineNumbers.branch_id })
      .from(offlineNumbers)
      .where(
        and(
          eq(offlineNumbers.station_id, input.station_id),
          eq(offlineNumbers.invoice_no, printed),
          ne(offlineNumbers.branch_id, branchId),
        ),
      );
    if (elsewhere) throw fieldRefused('invoice_no');
    const { invoice_no: current } = await runNamed<{ invoice_no: number }>(tx, NEXT_NUMBER, [branchId]);
    notes.push(noteOf('NUMBER_TAKEN', { printed, current }));
    return current;
  }

  /**
   * The products, packages, kids and parent the sale names, deleted ones included (a note, not a
   * refusal); one that never existed, or belongs to another branch, is a corrupt entry.
   */
  private async referenced(
    tx: Tx,
    branchId: number,
    input: Request,
    productIds: number[],
    packageIds: number[],
    kidIds: number[],
  ) {
    const here = (column: typeof products.branch_id | typeof packages.branch_id) =>
      or(isNull(column), eq(column, branchId));
    const productRows = productIds.length
      ? await tx
          .select({ id: products.id, price: products.price, deleted_at: products.deleted_at })
          .from(products)
          .where(and(inArray(products.id, productIds), here(products.branch_id)))
      : [];
    const packageRows = packageIds.length
      ? await tx
          .select({
            id: packages.id,
            name_en: packages.name_en,
            name_ar: packages.name_ar,
            price: packages.price,
            deleted_at: packages.deleted_at,
            validity_days: packages.validity_days,
            daily_limits: packages.daily_limits,
            margin_minutes: packages.margin_minutes,
            overtime_price: packages.overtime_price,
          })
          .from(packages)
          .where(and(inArray(packages.id, packageIds), here(packages.branch_id)))
      : [];
    const kidRows = kidIds.length
      ? await tx.select({ id: kids.id, parent_id: kids.parent_id }).from(kids).where(inArray(kids.id, kidIds))
      : [];
    const known = {
      products: new Map(productRows.map((r) => [r.id, r])),
      packages: new Map(packageRows.map((r) => [r.id, r])),
      kidParents: new Map(kidRows.map((r) => [r.id, r.parent_id])),
    };
    for (const [i, line] of input.lines.entries()) {
      if (line.product_id !== null && !known.products.has(line.product_id)) throw fieldRefused(`lines.${i}.product_id`);
      if (line.package_id !== null && !known.packages.has(line.package_id)) throw fieldRefused(`lines.${i}.package_id`);
      if (line.kid_ids?.some((id) => !known.kidParents.has(id))) throw fieldRefused(`lines.${i}.kid_ids`);
    }
    const parentId = input.parentInfo?.parent_id;
    if (parentId !== undefined) {
      const [parent] = await tx.select({ id: parents.id }).from(parents).where(eq(parents.id, parentId));
      if (!parent) throw fieldRefused('parentInfo.parent_id');
    }
    return known;
  }
}
