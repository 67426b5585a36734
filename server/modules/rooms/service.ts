import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, ne, notInArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { kidRoomStays, roomAccess, roomSessions, rooms, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { containing, pageOf } from '../../http/results';
import type { AuthenticatedContext } from '../../http/context';
import type { ParsedRequestOf } from '../../../shared/api/catalogue';
import { addDays } from '../../../shared/domain/subscription';
import { startOfDay } from '../../../shared/domain/time-zone';
import type { BranchLocales } from '../branches/locales';
import { commandBranch, dataBranch, inDataBranch } from '../which-branch';
import { roomById, roomsWhere, roomVisitsWhere } from './room-rows';
import { clearCurrentRoom, endRoomlessSupervisors } from '../supervisor/sessions';

type RoomFields = ParsedRequestOf<'room/create'>;

/**
 * Rooms of a branch (a room always has one), who may supervise them, and the kids' stays in them.
 * Administrators manage every branch's rooms; anyone else with the right their own branch's.
 */
export class RoomService {
  constructor(
    private readonly db: Db,
    private readonly locales: BranchLocales,
    /** Told of each branch whose room views are out of date (a room changed, its supervisors with it), after the change commits. */
    private readonly roomsChanged: (branchId: number) => void,
  ) {}

  async list(ctx: AuthenticatedContext, { page, perPage, q, branch_id }: ParsedRequestOf<'room/listall'>) {
    const branch = dataBranch(ctx) ?? branch_id;
    const where = and(
      branch === null ? undefined : eq(rooms.branch_id, branch),
      containing(q, rooms.name_en, rooms.name_ar),
    );
    // Spec 7: no paging asked, every room (the supervisor pickers and filters want them all).
    const paged = page !== undefined || perPage !== undefined;
    const size = perPage ?? 10;
    const number = page ?? 1;
    const [rows, total] = await Promise.all([
      roomsWhere(this.db, where, paged ? { limit: size, offset: (number - 1) * size } : undefined),
      this.db.$count(rooms, and(isNull(rooms.deleted_at), where)),
    ]);
    return pageOf(rows, total, paged ? number : 1, paged ? size : Math.max(total, 1));
  }

  async create(ctx: AuthenticatedContext, input: RoomFields) {
    const branchId = await commandBranch(this.db, ctx, input.branch_id, 'branch_id');
    const id = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(rooms)
        .values({ ...fieldsOf(input), branch_id: branchId })
        .returning({ id: rooms.id });
      if (input.supervisor_ids) await this.setAccess(tx, ctx, row!.id, branchId, input.supervisor_ids);
      return row!.id;
    });
    return (await roomById(this.db, id))!;
  }

  async update(ctx: AuthenticatedContext, input: ParsedRequestOf<'room/data/update'>) {
    const branchId = await commandBranch(this.db, ctx, input.branch_id, 'branch_id');
    const before = await this.db.transaction(async (tx) => {
      const room = await this.lockEditable(tx, ctx, input.id);
      // Kids inside are in this branch's visits: the room cannot move branch under them.
      if (room.branch_id !== branchId && (await this.inside(tx, room.id)) > 0) throw new AppError('ROOM_NOT_EMPTY');
      await tx
        .update(rooms)
        .set({ ...fieldsOf(input), branch_id: branchId })
        .where(eq(rooms.id, room.id));
      if (room.branch_id !== branchId) await this.dropOtherBranches(tx, room.id, branchId);
      if (input.supervisor_ids) await this.setAccess(tx, ctx, room.id, branchId, input.supervisor_ids);
      return room.branch_id;
    });
    for (const branch of new Set([before, branchId])) this.roomsChanged(branch);
    return (await roomById(this.db, input.id))!;
  }

  /** Soft: its stays keep pointing at it. Never while kids are inside (ROOM_NOT_EMPTY). */
  async remove(ctx: AuthenticatedContext, id: number) {
    const branchId = await this.db.transaction(async (tx) => {
      const room = await this.lockEditable(tx, ctx, id);
      if ((await this.inside(tx, room.id)) > 0) throw new AppError('ROOM_NOT_EMPTY');
      await tx.update(rooms).set({ deleted_at: new Date() }).where(eq(rooms.id, room.id));
      const supervisors = await tx
        .delete(roomAccess)
        .where(eq(roomAccess.room_id, room.id))
        .returning({ user_id: roomAccess.user_id });
      await endRoomSessions(
        tx,
        room.id,
        supervisors.map((s) => s.user_id),
      );
      return room.branch_id;
    });
    this.roomsChanged(branchId);
    return null;
  }

  async revoke(ctx: AuthenticatedContext, { room_id, user_id }: ParsedRequestOf<'room/revoke'>) {
    const branchId = await this.db.transaction(async (tx) => {
      const room = await this.lockEditable(tx, ctx, room_id);
      const removed = await tx
        .delete(roomAccess)
        .where(and(eq(roomAccess.room_id, room.id), eq(roomAccess.user_id, user_id)))
        .returning({ user_id: roomAccess.user_id });
      if (removed.length === 0) throw new AppError('NOT_FOUND');
      await endRoomSessions(tx, room.id, [user_id]);
      return room.branch_id;
    });
    this.roomsChanged(branchId);
    return (await roomById(this.db, room_id))!;
  }

  async accessList(ctx: AuthenticatedContext, { room_id, user_id }: ParsedRequestOf<'roomaccess/list'>) {
    return this.db
      .select({
        room_id: roomAccess.room_id,
        room_name_en: rooms.name_en,
        room_name_ar: rooms.name_ar,
        user_id: roomAccess.user_id,
        user_name_en: users.name_en,
        user_name_ar: users.name_ar,
        granted_at: roomAccess.granted_at,
      })
      .from(roomAccess)
      .innerJoin(rooms, eq(rooms.id, roomAccess.room_id))
      .innerJoin(users, eq(users.id, roomAccess.user_id))
      .where(
        and(
          isNull(rooms.deleted_at),
          isNull(users.deleted_at),
          inDataBranch(ctx, rooms.branch_id),
          room_id === undefined ? undefined : eq(roomAccess.room_id, room_id),
          user_id === undefined ? undefined : eq(roomAccess.user_id, user_id),
        ),
      )
      .orderBy(asc(rooms.name_en), asc(users.name_en), asc(users.id));
  }

  /** Employees a room of the branch may be given to: its own and those without a branch. */
  async supervisorList(ctx: AuthenticatedContext, { branch_id }: ParsedRequestOf<'room/supervisor/list'>) {
    const branch = dataBranch(ctx) ?? branch_id;
    const staff = await this.db
      .select({
        id: users.id,
        name_en: users.name_en,
        name_ar: users.name_ar,
        branch_id: users.branch_id,
        room_id: users.room_id,
      })
      .from(users)
      .where(
        and(
          isNull(users.deleted_at),
          branch === null ? undefined : or(eq(users.branch_id, branch), isNull(users.branch_id)),
        ),
      )
      .orderBy(asc(users.name_en), asc(users.id));
    const access = staff.length
      ? await this.db
          .select({ user_id: roomAccess.user_id, room_id: roomAccess.room_id })
          .from(roomAccess)
          .innerJoin(rooms, eq(rooms.id, roomAccess.room_id))
          .where(
            and(
              isNull(rooms.deleted_at),
              inArray(
                roomAccess.user_id,
                staff.map((s) => s.id),
              ),
            ),
          )
      : [];
    return staff.map((s) => ({
      ...s,
      room_ids: access.filter((a) => a.user_id === s.id).map((a) => a.room_id),
    }));
  }

  /** Spec 7's kids' room stays (its kid room sessions): branch, room, kid and days (in the branch's zone, or the caller's). */
  async visits(ctx: AuthenticatedContext, input: ParsedRequestOf<'kidroomsession/pagelist'>) {
    const branch = dataBranch(ctx) ?? input.branch_id;
    const { timeZone } = await this.locales.of(branch ?? ctx.user.branch_id);
    const where = and(
      branch === null ? undefined : eq(kidRoomStays.branch_id, branch),
      input.room_id === null ? undefined : eq(kidRoomStays.room_id, input.room_id),
      input.kid_id === null ? undefined : eq(kidRoomStays.kid_id, input.kid_id),
      input.user_id === null ? undefined : eq(kidRoomStays.checked_in_by, input.user_id),
      input.from ? gte(kidRoomStays.checkin_at, startOfDay(input.from, timeZone)) : undefined,
      input.to ? lt(kidRoomStays.checkin_at, startOfDay(addDays(input.to, 1), timeZone)) : undefined,
    );
    return this.page(where, input);
  }

  /** A kid's stays (their profile), within the caller's branch as their visits are. */
  ofKid(ctx: AuthenticatedContext, { kid_id, page, perPage }: ParsedRequestOf<'profile/kid/roomsession'>) {
    return this.page(and(eq(kidRoomStays.kid_id, kid_id), inDataBranch(ctx, kidRoomStays.branch_id)), {
      page,
      perPage,
    });
  }

  private async page(where: ReturnType<typeof and>, { page, perPage }: { page: number; perPage: number }) {
    const { rows, total } = await roomVisitsWhere(this.db, where, { limit: perPage, offset: (page - 1) * perPage });
    return pageOf(rows, total, page, perPage);
  }

  /** The room the caller may change, locked against a check-in or another change meanwhile. */
  private async lockEditable(tx: Tx, ctx: AuthenticatedContext, id: number) {
    const [room] = await tx
      .select({ id: rooms.id, branch_id: rooms.branch_id })
      .from(rooms)
      .where(and(eq(rooms.id, id), isNull(rooms.deleted_at), inDataBranch(ctx, rooms.branch_id)))
      .for('update');
    if (!room) throw new AppError('NOT_FOUND');
    return room;
  }

  private async inside(tx: Tx, roomId: number): Promise<number> {
    return tx.$count(kidRoomStays, and(eq(kidRoomStays.room_id, roomId), isNull(kidRoomStays.checkout_at)));
  }

  /** A room gone to another branch keeps only supervisors it could be given there: that branch's or branchless. */
  private async dropOtherBranches(tx: Tx, roomId: number, branchId: number) {
    const outsiders = tx
      .select({ id: users.id })
      .from(users)
      .where(and(isNotNull(users.branch_id), ne(users.branch_id, branchId)));
    const removed = await tx
      .delete(roomAccess)
      .where(and(eq(roomAccess.room_id, roomId), inArray(roomAccess.user_id, outsiders)))
      .returning({ user_id: roomAccess.user_id });
    await endRoomSessions(
      tx,
      roomId,
      removed.map((r) => r.user_id),
    );
  }

  /** The room's access list becomes `ids`: employees of its branch or without one. */
  private async setAccess(tx: Tx, ctx: AuthenticatedContext, roomId: number, branchId: number, ids: number[]) {
    const wanted = [...new Set(ids)];
    if (wanted.length) {
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            inArray(users.id, wanted),
            isNull(users.deleted_at),
            or(eq(users.branch_id, branchId), isNull(users.branch_id)),
          ),
        );
      if (found.length !== wanted.length)
        throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'supervisor_ids', message: 'FIELD_INVALID' }] });
    }
    const removed = await tx
      .delete(roomAccess)
      .where(and(eq(roomAccess.room_id, roomId), wanted.length ? notInArray(roomAccess.user_id, wanted) : undefined))
      .returning({ user_id: roomAccess.user_id });
    await endRoomSessions(
      tx,
      roomId,
      removed.map((r) => r.user_id),
    );
    if (wanted.length)
      await tx
        .insert(roomAccess)
        .values(wanted.map((user_id) => ({ room_id: roomId, user_id, granted_by: ctx.user.id })))
        .onConflictDoNothing();
  }
}

function fieldsOf(input: RoomFields) {
  const { name_en, name_ar, capacity, min_age, max_age } = input;
  return { name_en, name_ar, capacity, min_age, max_age };
}

/**
 * Supervisors who lost a room are logged out of it; their code sign-in stays for their other rooms, and
 * ends with the last one.
 */
export async function endRoomSessions(tx: Tx, roomId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  const ended = await tx
    .update(roomSessions)
    .set({ logout_at: new Date() })
    .where(
      and(eq(roomSessions.room_id, roomId), inArray(roomSessions.user_id, userIds), isNull(roomSessions.logout_at)),
    )
    .returning({ user_id: roomSessions.user_id });
  await clearCurrentRoom(
    tx,
    ended.map((e) => e.user_id),
  );
  await endRoomlessSupervisors(tx, userIds);
}
