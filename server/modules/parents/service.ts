import { and, asc, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { kids, parents, subscriptions } from '../../db/schema';
import { AppError } from '../../http/errors';
import { branchScope, isUniqueViolation } from '../../http/scope';
import type { RequestContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import type { KidRecord, ParentRecord } from '../../../shared/api/parents';
import { localDate, statusOn } from '../../../shared/domain/subscription';
import { branchForWrite } from '../branch-bound';

const parentColumns = {
  id: parents.id,
  name_en: parents.name_en,
  name_ar: parents.name_ar,
  mobile: parents.mobile,
  email: parents.email,
  identification_id: parents.identification_id,
  identification_number: parents.identification_number,
  nationality_id: parents.nationality_id,
  branch_id: parents.branch_id,
  created_at: parents.created_at,
};

const kidColumns = {
  id: kids.id,
  parent_id: kids.parent_id,
  name_en: kids.name_en,
  name_ar: kids.name_ar,
  birth_date: kids.birth_date,
  gender: kids.gender,
  medical_notes: kids.medical_notes,
  banned: kids.banned,
  vip: kids.vip,
  room_id: kids.room_id,
};

const SEARCH_RESULTS = 20;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Parents and their kids. Parents are shared by every branch: a family visits more than one. */
export class ParentService {
  constructor(private readonly db: Db) {}

  async create(ctx: RequestContext, input: ParsedRequestOf<'parent/create'>): Promise<ParentRecord> {
    const branch_id = (await branchForWrite(this.db, ctx, input.branch_id)) ?? ctx.user!.branch_id ?? null;
    return this.unique(async () => (await this.db.insert(parents).values({ ...input, branch_id }).returning(parentColumns))[0]!);
  }

  async update(ctx: RequestContext, { id, ...input }: ParsedRequestOf<'parent/update'>): Promise<ParentRecord> {
    const branch_id = (await branchForWrite(this.db, ctx, input.branch_id)) ?? ctx.user!.branch_id ?? null;
    const row = await this.unique(async () => (await this.db.update(parents).set({ ...input, branch_id }).where(and(eq(parents.id, id), isNull(parents.deleted_at))).returning(parentColumns))[0]);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async info(id: number) {
    const [parent] = await this.db.select(parentColumns).from(parents).where(and(eq(parents.id, id), isNull(parents.deleted_at)));
    if (!parent) throw new AppError('NOT_FOUND');
    return { ...parent, kids: await this.kidsOf([id]) };
  }

  async kids(parentId: number): Promise<KidRecord[]> {
    await this.info(parentId);
    return this.kidsOf([parentId]);
  }

  /** A mobile matches from its start; names and identification numbers anywhere. */
  async search(query: string) {
    const text = `%${escapeLike(query)}%`;
    const digits = query.replace(/[\s-]/g, '');
    const found = await this.db
      .select(parentColumns)
      .from(parents)
      .where(
        and(
          isNull(parents.deleted_at),
          or(ilike(parents.mobile, `${escapeLike(digits)}%`), ilike(parents.name_en, text), ilike(parents.name_ar, text), ilike(parents.identification_number, text)),
        ),
      )
      .orderBy(asc(parents.name_en), asc(parents.id))
      .limit(SEARCH_RESULTS);
    const all = found.length ? await this.kidsOf(found.map((p) => p.id)) : [];
    return found.map((p) => ({ ...p, kids: all.filter((k) => k.parent_id === p.id) }));
  }

  /** Kid profile: the kid with their parent (throws NOT_FOUND; the kid's files follow it). */
  async kidInfo(id: number) {
    const [kid] = await this.db.select(kidColumns).from(kids).where(and(eq(kids.id, id), isNull(kids.deleted_at)));
    if (!kid) throw new AppError('NOT_FOUND');
    const [parent] = await this.db.select(parentColumns).from(parents).where(eq(parents.id, kid.parent_id));
    return { ...kid, parent: parent! };
  }

  async createKid(input: ParsedRequestOf<'kid/create'>): Promise<KidRecord> {
    await this.info(input.parent_id);
    const [row] = await this.db.insert(kids).values(input).returning(kidColumns);
    return row!;
  }

  async updateKid({ id, ...input }: ParsedRequestOf<'kid/update'>): Promise<KidRecord> {
    const [row] = await this.db.update(kids).set(input).where(and(eq(kids.id, id), isNull(kids.deleted_at))).returning(kidColumns);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async removeKid(id: number): Promise<null> {
    const [row] = await this.db.update(kids).set({ deleted_at: new Date() }).where(and(eq(kids.id, id), isNull(kids.deleted_at))).returning({ id: kids.id });
    if (!row) throw new AppError('NOT_FOUND');
    return null;
  }

  /** The kids of these parents with the subscription that matters today: the running one, else the next. */
  async kidsForSale(ctx: RequestContext, parentIds: number[]) {
    const list = await this.kidsOf(parentIds);
    if (list.length === 0) return [];
    const scope = branchScope(ctx);
    const subs = await this.db
      .select()
      .from(subscriptions)
      .where(and(inArray(subscriptions.kid_id, list.map((k) => k.id)), scope === null ? undefined : eq(subscriptions.branch_id, scope)))
      .orderBy(asc(subscriptions.start_date), asc(subscriptions.id));
    const today = localDate();
    return list.map((kid) => {
      const mine = subs.filter((s) => s.kid_id === kid.id).map((s) => ({ ...s, status: statusOn(s, today) }));
      const current = mine.find((s) => s.status === 'ACTIVE' || s.status === 'FREEZED') ?? mine.find((s) => s.status === 'WAITING') ?? null;
      return { ...kid, subscription: current && { name_en: current.name_en, name_ar: current.name_ar, status: current.status, end_date: current.end_date } };
    });
  }

  private kidsOf(parentIds: number[]): Promise<KidRecord[]> {
    return this.db
      .select(kidColumns)
      .from(kids)
      .where(and(inArray(kids.parent_id, parentIds), isNull(kids.deleted_at)))
      .orderBy(asc(kids.id));
  }

  /** One mobile is one parent: a second registration (also under a race) is EXISTS. */
  private async unique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EXISTS');
      throw error;
    }
  }
}
