import { asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, taxes } from '../../db/schema';
import { editableBy, itemBranch, visibleTo } from '../which-branch';
import { assertTax } from '../lookups/tax';
import { AppError } from '../../http/errors';
import { containing, pageOf } from '../../http/results';
import type { AuthenticatedContext } from '../../http/context';
import type { FileAction } from '../files/service';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import type { ProductRecord } from '../../../shared/api/products';

const columns = {
  id: products.id,
  name_en: products.name_en,
  name_ar: products.name_ar,
  image: products.image,
  price: products.price,
  tax_id: products.tax_id,
  included: products.included,
  branch_id: products.branch_id,
  stock: products.stock,
};

/**
 * Products: a product without a branch is sold in every branch. Administrators manage all; anyone
 * else with the right sees their branch's and the shared ones, and changes only their branch's.
 */
export class ProductService {
  constructor(private readonly db: Db) {}

  async list(ctx: AuthenticatedContext, { page, perPage, q }: ParsedRequestOf<'product/pagelist'>) {
    const where = visibleTo(ctx, products, containing(q, products.name_en, products.name_ar));
    const [rows, [total]] = await Promise.all([
      this.db
        .select(columns)
        .from(products)
        .where(where)
        .orderBy(asc(products.name_en), asc(products.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(products).where(where),
    ]);
    return pageOf(rows, total?.n ?? 0, page, perPage);
  }

  /** What the till offers: the caller's branch's and shared products, only those in stock unless getAll. */
  forSale(ctx: AuthenticatedContext, getAll: boolean) {
    return this.db
      .select(columns)
      .from(products)
      .where(visibleTo(ctx, products, getAll ? undefined : gt(products.stock, 0)))
      .orderBy(asc(products.name_en), asc(products.id));
  }

  async setImage(id: number, image: string): Promise<void> {
    await this.db.update(products).set({ image }).where(eq(products.id, id));
  }

  /**
   * Throws NOT_FOUND unless the caller may see this item's files (view) or add to them (create: whoever
   * may edit the item, since a photo becomes its picture; a chain-wide item is an administrator's).
   */
  async assertFilesOpen(ctx: AuthenticatedContext, id: number, action: FileAction): Promise<void> {
    const [row] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(action === 'view' ? visibleTo(ctx, products, eq(products.id, id)) : editableBy(ctx, products, id));
    if (!row) throw new AppError('NOT_FOUND');
  }

  async create(ctx: AuthenticatedContext, input: ParsedRequestOf<'product/create'>): Promise<ProductRecord> {
    const values = { ...input, branch_id: await itemBranch(this.db, ctx, input.branch_id) };
    await assertTax(this.db, input.tax_id);
    const [row] = await this.db.insert(products).values(values).returning(columns);
    return row!;
  }

  /**
   * All accepted rows in one statement (so one transaction); a VAT rate no tax has is refused with the
   * row it is on. The rows go as one array a column, unnested by PostgreSQL: a handful of parameters
   * however many rows, instead of a statement of thousands built and bound per 500 rows.
   */
  async import(ctx: AuthenticatedContext, { rows, branch_id }: ParsedRequestOf<'product/import'>) {
    const branch = await itemBranch(this.db, ctx, branch_id);
    const rates = await this.db
      .select({ id: taxes.id, rate_bp: taxes.rate_bp })
      .from(taxes)
      .orderBy(asc(taxes.sort), asc(taxes.id));
    // The first tax of each rate, as the list orders them.
    const taxOfRate = new Map<number, number>();
    for (const { id, rate_bp } of rates) if (!taxOfRate.has(rate_bp)) taxOfRate.set(rate_bp, id);
    // Each a single parameter (sql.param): an array in a drizzle template would be spread into one per element.
    const column = {
      name_en: [] as string[],
      name_ar: [] as string[],
      price: [] as number[],
      included: [] as number[],
      stock: [] as number[],
      tax_id: [] as number[],
    };
    rows.forEach((row, i) => {
      const tax = taxOfRate.get(Math.round(row.vat_percent * 100));
      if (tax === undefined)
        throw new AppError('VALIDATION_FAILED', {
          errors: [{ path: `rows.${i}.vat_percent`, message: 'FIELD_INVALID' }],
        });
      column.name_en.push(row.name_en);
      column.name_ar.push(row.name_ar);
      column.price.push(row.price);
      column.included.push(row.included);
      column.stock.push(row.stock);
      column.tax_id.push(tax);
    });
    await this.db.execute(sql`insert into products (name_en, name_ar, price, included, stock, tax_id, branch_id)
      select name_en, name_ar, price, included, stock, tax_id, ${branch}::int
      from unnest(${sql.param(column.name_en)}::varchar[], ${sql.param(column.name_ar)}::varchar[],
        ${sql.param(column.price)}::int[], ${sql.param(column.included)}::int[], ${sql.param(column.stock)}::int[],
        ${sql.param(column.tax_id)}::int[])
        as row(name_en, name_ar, price, included, stock, tax_id)`);
    return { created: rows.length };
  }

  async update(ctx: AuthenticatedContext, { id, ...input }: ParsedRequestOf<'product/update'>): Promise<ProductRecord> {
    const values = { ...input, branch_id: await itemBranch(this.db, ctx, input.branch_id) };
    await assertTax(this.db, input.tax_id);
    const [row] = await this.db
      .update(products)
      .set(values)
      .where(editableBy(ctx, products, id))
      .returning(columns);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async remove(ctx: AuthenticatedContext, id: number): Promise<null> {
    const [row] = await this.db
      .update(products)
      .set({ deleted_at: new Date() })
      .where(editableBy(ctx, products, id))
      .returning({ id: products.id });
    if (!row) throw new AppError('NOT_FOUND');
    return null;
  }

  /** Adds in one statement, so two receipts at once both count. */
  async addStock(ctx: AuthenticatedContext, { id, qty }: ParsedRequestOf<'product/addstock'>): Promise<ProductRecord> {
    const [row] = await this.db
      .update(products)
      .set({ stock: sql`${products.stock} + ${qty}` })
      .where(editableBy(ctx, products, id))
      .returning(columns);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}
