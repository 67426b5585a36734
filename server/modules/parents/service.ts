import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { kidVisits, kids, parents, subscriptions } from '../../db/schema';
import { AppError } from '../../http/errors';
import { escapeLike, isUniqueViolation } from '../../http/results';
import { dataBranch, inDataBranch, isAdministrator, itemBranch, workBranch } from '../which-branch';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import type { KidRecord, ParentRecord } from '../../../shared/api/parents';
import { statusOn } from '../../../shared/domain/subscription';
import type { BranchLocales } from '../branches/locales';
import { e164Prefix } from '../../../shared/domain/mobile';
import { abilityFor, mayOverrideBan } from '../../../shared/permissions';

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
  promotions_opt_out: parents.promotions_opt_out,
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
  image: kids.image,
};

/** A search answers a page of ten: the counter narrows a broad one by typing more. */
const SEARCH_RESULTS = 10;

/** A kid as a search answers them: with their open visit, if any. */
type KidFound = KidRecord & { session: { id: number; badge: string; checkin_at: string } | null };

/** Parents and their kids. Parents are shared by every branch: a family visits more than one. */
export class ParentService {
  /** The search's statements, one per shape of search, each built once and prepared under its name. */
  private readonly searches = new Map<string, ReturnType<ReturnType<typeof searchQuery>['prepare']>>();

  constructor(
    private readonly db: Db,
    private readonly locales: BranchLocales,
  ) {}

  async create(ctx: AuthenticatedContext, input: ParsedRequestOf<'parent/create'>): Promise<ParentRecord> {
    const branch_id = (await itemBranch(this.db, ctx, input.branch_id)) ?? workBranch(ctx);
    const mobile = await this.locales.mobile(branch_id, input.mobile);
    return this.unique(
      async () =>
        (
          await this.db
            .insert(parents)
            .values({ ...input, mobile, branch_id })
            .returning(parentColumns)
        )[0]!,
    );
  }

  /**
   * Any branch edits a family (they belong to the chain); the branch they registered in stays unless an
   * administrator names another. The mobile is read in the country of the counter it was typed at.
   */
  async update(
    ctx: AuthenticatedContext,
    { id, branch_id, ...input }: ParsedRequestOf<'parent/update'>,
  ): Promise<ParentRecord> {
    const { branch_id: registered } = await this.info(id);
    const moving = branch_id !== undefined && branch_id !== registered;
    if (moving && !isAdministrator(ctx)) throw new AppError('NOT_AUTHORISED');
    const mobile = await this.locales.mobile(workBranch(ctx) ?? registered, input.mobile);
    const set = moving
      ? { ...input, mobile, branch_id: await itemBranch(this.db, ctx, branch_id) }
      : { ...input, mobile };
    const row = await this.unique(
      async () =>
        (
          await this.db
            .update(parents)
            .set(set)
            .where(and(eq(parents.id, id), isNull(parents.deleted_at)))
            .returning(parentColumns)
        )[0],
    );
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  async info(id: number) {
    const [parent] = await this.db
      .select(parentColumns)
      .from(parents)
      .where(and(eq(parents.id, id), isNull(parents.deleted_at)));
    if (!parent) throw new AppError('NOT_FOUND');
    return { ...parent, kids: await this.kidsOf([id]) };
  }

  async kids(parentId: number): Promise<KidRecord[]> {
    await this.info(parentId);
    return this.kidsOf([parentId]);
  }

  /** A mobile matches from its start (as typed locally, 0501…, or internationally); names and identification numbers too. */
  async search(ctx: AuthenticatedContext, { query, checked }: ParsedRequestOf<'parent/search'>) {
    const mobilePrefix = e164Prefix(query, (await this.locales.ofCaller(ctx)).country);
    const scope = dataBranch(ctx);
    const lowered = query.toLowerCase();
    const words = lowered
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean)
      .slice(0, 6);
    const shape: SearchShape = {
      byMobile: mobilePrefix !== null,
      byName: words.length > 0 && /\p{L}/u.test(query),
      checked,
      scoped: scope !== null,
    };
    const values: SearchValues = {
      mobile: `${escapeLike(mobilePrefix ?? '')}%`,
      lowered: `${escapeLike(lowered)}%`,
      typed: `${escapeLike(query)}%`,
      prefixes: words.map((w) => `${w}:*`).join(' & '),
      scope: scope ?? 0,
    };
    const key = searchKey(shape);
    let starts = this.searches.get(key);
    if (!starts) {
      starts = searchQuery(this.db, shape, false).prepare(`parent_search_${key}`);
      this.searches.set(key, starts);
    }
    let found = await starts.execute(values);
    if (shape.byName && found.length < SEARCH_RESULTS) {
      // PostgreSQL cannot estimate how many names hold a word, and with a LIMIT it then walks a whole
      // table (or index) hoping to fill a page early: for a rare word that is every row. Bitmap
      // lookups are always right here, so this one query is told to use only those. (Its statement is
      // bound to the transaction's connection, so it is built here each time; it still has a name,
      // so PostgreSQL parses it once per connection.)
      found = await this.db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
        );
        return searchQuery(tx, shape, true).prepare(`parent_search_${key}_words`).execute(values);
      });
    }
    return found;
  }

  /** Kid profile: the kid with their parent (throws NOT_FOUND; the kid's files follow it). */
  /** A photo uploaded to the kid's files becomes their picture (the room door shows it). */
  async setKidImage(id: number, image: string): Promise<void> {
    await this.db.update(kids).set({ image }).where(eq(kids.id, id));
  }

  async kidInfo(id: number) {
    const [kid] = await this.db
      .select(kidColumns)
      .from(kids)
      .where(and(eq(kids.id, id), isNull(kids.deleted_at)));
    if (!kid) throw new AppError('NOT_FOUND');
    const [parent] = await this.db.select(parentColumns).from(parents).where(eq(parents.id, kid.parent_id));
    return { ...kid, parent: parent! };
  }

  async createKid(ctx: AuthenticatedContext, input: ParsedRequestOf<'kid/create'>): Promise<KidRecord> {
    await this.info(input.parent_id);
    const ban = input.banned ? banChange(ctx) : {};
    const [row] = await this.db
      .insert(kids)
      .values({ ...input, ...ban })
      .returning(kidColumns);
    return row!;
  }

  async updateKid(ctx: AuthenticatedContext, { id, ...input }: ParsedRequestOf<'kid/update'>): Promise<KidRecord> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ banned: kids.banned })
        .from(kids)
        .where(and(eq(kids.id, id), isNull(kids.deleted_at)))
        .for('update');
      if (!current) throw new AppError('NOT_FOUND');
      const ban = input.banned !== undefined && input.banned !== current.banned ? banChange(ctx) : {};
      const [row] = await tx
        .update(kids)
        .set({ ...input, ...ban })
        .where(eq(kids.id, id))
        .returning(kidColumns);
      return row!;
    });
  }

  async removeKid(id: number): Promise<null> {
    const [row] = await this.db
      .update(kids)
      .set({ deleted_at: new Date() })
      .where(and(eq(kids.id, id), isNull(kids.deleted_at)))
      .returning({ id: kids.id });
    if (!row) throw new AppError('NOT_FOUND');
    return null;
  }

  /** The kids of these parents with the subscription that matters today: the running one, else the next. */
  async kidsForSale(ctx: AuthenticatedContext, parentIds: number[]) {
    const list = await this.kidsOf(parentIds);
    if (list.length === 0) return [];
    const subs = await this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          inArray(
            subscriptions.kid_id,
            list.map((k) => k.id),
          ),
          inDataBranch(ctx, subscriptions.branch_id),
        ),
      )
      .orderBy(asc(subscriptions.start_date), asc(subscriptions.id));
    const days = new Map<number, string>();
    for (const s of subs) if (!days.has(s.branch_id)) days.set(s.branch_id, await this.locales.today(s.branch_id));
    return list.map((kid) => {
      const mine = subs
        .filter((s) => s.kid_id === kid.id)
        .map((s) => ({ ...s, status: statusOn(s, days.get(s.branch_id)!) }));
      const current =
        mine.find((s) => s.status === 'ACTIVE' || s.status === 'FREEZED') ??
        mine.find((s) => s.status === 'WAITING') ??
        null;
      return {
        ...kid,
        subscription: current && {
          name_en: current.name_en,
          name_ar: current.name_ar,
          status: current.status,
          end_date: current.end_date,
        },
      };
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

/** What decides a search statement's text; everything else in a search is a value. */
interface SearchShape {
  byMobile: boolean;
  byName: boolean;
  checked: boolean;
  /** The caller's data is one branch's (not an administrator). */
  scoped: boolean;
}

/** A search's values, by the placeholder each fills; the LIKE patterns with their wildcards escaped. */
// A type, not an interface: execute() takes it as a record of values.
type SearchValues = {
  mobile: string;
  lowered: string;
  typed: string;
  prefixes: string;
  scope: number;
};

const searchKey = (s: SearchShape) => `${+s.byMobile}${+s.byName}${+s.checked}${+s.scoped}`;

const value = (name: keyof SearchValues) => sql.placeholder(name);

/**
 * The search as one statement of this shape, its values placeholders (so it is built and prepared once
 * per shape, not per call). One indexed lookup per way of matching, joined by UNION (an OR across
 * them would make PostgreSQL read every parent), each stopping at a page's worth: a broad query
 * ("Sara") is narrowed by typing more, not paged. First the cheap ones, the start of the mobile, the ID
 * number or a whole name (btree ranges); with `anyWord`, also any word of a name (tsvector), e.g. a
 * family name.
 */
function searchQuery(db: Db | Tx, shape: SearchShape, anyWord: boolean) {
  const branch = (lookup: SQL) => sql`(${lookup} limit ${SEARCH_RESULTS})`;
  const lookups = [
    shape.byMobile && branch(sql`select id from parents where mobile like ${value('mobile')}`),
    branch(sql`select id from parents where lower(identification_number) like ${value('lowered')}`),
    shape.byName && branch(sql`select id from parents where lower(name_en) like ${value('lowered')}`),
    shape.byName && branch(sql`select id from parents where name_ar like ${value('typed')}`),
    shape.byName &&
      branch(sql`select parent_id from kids where lower(name_en) like ${value('lowered')} and deleted_at is null`),
    shape.byName && branch(sql`select parent_id from kids where name_ar like ${value('typed')} and deleted_at is null`),
    anyWord && branch(sql`select id from parents where search @@ to_tsquery('simple', ${value('prefixes')})`),
    anyWord &&
      branch(
        sql`select parent_id from kids where deleted_at is null and search @@ to_tsquery('simple', ${value('prefixes')})`,
      ),
  ].filter((l): l is SQL => l !== false);
  const inScope = (column: typeof kidVisits.branch_id) => (shape.scoped ? eq(column, value('scope')) : undefined);
  // Each parent comes with their kids, and each kid with their open visit, in the same round trip.
  // (The parent's id is written out: in a select list drizzle would leave it unqualified, and the
  // subquery would read it as the kid's.)
  const openVisit = sql`select json_build_object('id', s.id, 'badge', s.badge, 'checkin_at', s.checkin_at) from kid_sessions s
      where s.kid_id = k.id and s.checkout_at is null ${shape.scoped ? sql`and s.branch_id = ${value('scope')}` : sql``} limit 1`;
  const kidsOfParent = sql<KidFound[]>`coalesce((select json_agg(json_build_object(
        'id', k.id, 'parent_id', k.parent_id, 'name_en', k.name_en, 'name_ar', k.name_ar, 'birth_date', k.birth_date,
        'gender', k.gender, 'medical_notes', k.medical_notes, 'banned', k.banned, 'vip', k.vip, 'room_id', k.room_id,
        'image', k.image,
        'session', (${openVisit})) order by k.id)
      from kids k where k.parent_id = "parents"."id" and k.deleted_at is null), '[]'::json)`;
  return db
    .select({ ...parentColumns, kids: kidsOfParent })
    .from(parents)
    .where(
      and(
        isNull(parents.deleted_at),
        sql`${parents.id} in (${sql.join(lookups, sql` union `)})`,
        shape.checked
          ? inArray(
              parents.id,
              db
                .select({ id: kidVisits.parent_id })
                .from(kidVisits)
                .where(and(isNull(kidVisits.checkout_at), inScope(kidVisits.branch_id))),
            )
          : undefined,
      ),
    )
    .orderBy(asc(parents.name_en), asc(parents.id))
    .limit(SEARCH_RESULTS);
}

/** A ban put on or lifted: only by whoever may let a banned kid in, and recorded with who and when. */
function banChange(ctx: AuthenticatedContext) {
  if (!mayOverrideBan(abilityFor(ctx.user))) throw new AppError('NOT_AUTHORISED');
  return { banned_by: ctx.user.id, banned_changed_at: new Date() };
}
