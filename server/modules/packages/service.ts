import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { packages } from '../../db/schema';
import { AppError } from '../../http/errors';
import { containing, pageOf } from '../../http/results';
import type { AuthenticatedContext } from '../../http/context';
import type { FileAction } from '../files/service';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import type { PackageRecord } from '../../../shared/api/packages';
import { editableBy, itemBranch, visibleTo } from '../which-branch';
import { assertTax } from '../lookups/tax';

const columns = {
  id: packages.id,
  name_en: packages.name_en,
  name_ar: packages.name_ar,
  image: packages.image,
  price: packages.price,
  tax_id: packages.tax_id,
  included: packages.included,
  branch_id: packages.branch_id,
  validity_days: packages.validity_days,
  daily_limits: packages.daily_limits,
  margin_minutes: packages.margin_minutes,
  overtime_price: packages.overtime_price,
};

/** Packages follow the products' branch rules: shared ones sell everywhere, the rest in their branch. */
export class PackageService {
  constructor(private readonly db: Db) {}

  async page(ctx: AuthenticatedContext, { page, perPage, q }: ParsedRequestOf<'package/pagelist'>) {
    const where = visibleTo(ctx, packages, containing(q, packages.name_en, packages.name_ar));
    const [rows, [total], allData] = await Promise.all([
      this.db
        .select(columns)
        .from(packages)
        .where(where)
        .orderBy(asc(packages.name_en), asc(packages.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(packages).where(where),
      this.all(ctx),
    ]);
    return { ...pageOf(rows, total?.n ?? 0, page, perPage), allData };
  }

  all(ctx: AuthenticatedContext) {
    return this.db
      .select(columns)
      .from(packages)
      .where(visibleTo(ctx, packages))
      .orderBy(asc(packages.name_en), asc(packages.id));
  }

  async setImage(id: number, image: string): Promise<void> {
    await this.db.update(packages).set({ image }).where(eq(packages.id, id));
  }

  /**
   * Throws NOT_FOUND unless the caller may see this item's files (view) or add to them (create: whoever
   * may edit the item, since a photo becomes its picture; a chain-wide item is an administrator's).
   */
  async assertFilesOpen(ctx: AuthenticatedContext, id: number, action: FileAction): Promise<void> {
    const [row] = await this.db
      .select({ id: packages.id })
      .from(packages)
      .where(action === 'view' ? visibleTo(ctx, packages, eq(packages.id, id)) : editableBy(ctx, packages, id));
    if (!row) throw new AppError('NOT_FOUND');
  }

  async create(ctx: AuthenticatedContext, input: ParsedRequestOf<'package/create'>): Promise<PackageRecord> {
    const branch_id = await itemBranch(this.db, ctx, input.branch_id);
    await assertTax(this.db, input.tax_id);
    const [row] = await this.db
      .insert(packages)
      .values({ ...input, branch_id })
      .returning(columns);
    return row!;
  }

  async update(ctx: AuthenticatedContext, { id, ...input }: ParsedRequestOf<'package/update'>): Promise<PackageRecord> {
    const branch_id = await itemBranch(this.db, ctx, input.branch_id);
    await assertTax(this.db, input.tax_id);
    const [row] = await this.db
      .update(packages)
      .set({ ...input, branch_id })
      .where(editableBy(ctx, packages, id))
      .returning(columns);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async remove(ctx: AuthenticatedContext, id: number): Promise<null> {
    const [row] = await this.db
      .update(packages)
      .set({ deleted_at: new Date() })
      .where(editableBy(ctx, packages, id))
      .returning({ id: packages.id });
    if (!row) throw new AppError('NOT_FOUND');
    return null;
  }
}
