import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { kidRoomStays, kids, roomAccess, rooms, users } from '../../db/schema';
import type { RoomRecord, RoomVisitRecord } from '../../../shared/api/rooms';
import { checkedByColumns, inBy, outBy, withCheckedBy } from '../checked-by';

/** Rooms as the contract answers them: with the kids inside now and who may supervise them. */
export async function roomsWhere(
  db: Db | Tx,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<RoomRecord[]> {
  const query = db
    .select({
      id: rooms.id,
      name_en: rooms.name_en,
      name_ar: rooms.name_ar,
      branch_id: rooms.branch_id,
      capacity: rooms.capacity,
      min_age: rooms.min_age,
      max_age: rooms.max_age,
    })
    .from(rooms)
    .where(and(isNull(rooms.deleted_at), where))
    .orderBy(asc(rooms.name_en), asc(rooms.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const inside = await db
    .select({ room_id: kidRoomStays.room_id, n: count() })
    .from(kidRoomStays)
    .where(and(inArray(kidRoomStays.room_id, ids), isNull(kidRoomStays.checkout_at)))
    .groupBy(kidRoomStays.room_id);
  const access = await db
    .select({ room_id: roomAccess.room_id, id: users.id, name_en: users.name_en, name_ar: users.name_ar })
    .from(roomAccess)
    .innerJoin(users, eq(users.id, roomAccess.user_id))
    .where(and(inArray(roomAccess.room_id, ids), isNull(users.deleted_at)))
    .orderBy(asc(users.name_en), asc(users.id));
  return rows.map((room) => ({
    ...room,
    inside: inside.find((i) => i.room_id === room.id)?.n ?? 0,
    supervisors: access
      .filter((a) => a.room_id === room.id)
      .map(({ id, name_en, name_ar }) => ({ id, name_en, name_ar })),
  }));
}

export async function roomById(db: Db | Tx, id: number): Promise<RoomRecord | undefined> {
  return (await roomsWhere(db, eq(rooms.id, id)))[0];
}

/** Kids' stays in rooms as lists show them (profiles, the report), newest first. */
export async function roomVisitsWhere(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): Promise<{ rows: RoomVisitRecord[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: kidRoomStays.id,
        kid_id: kidRoomStays.kid_id,
        kid_name_en: kids.name_en,
        kid_name_ar: kids.name_ar,
        room_id: kidRoomStays.room_id,
        room_name_en: rooms.name_en,
        room_name_ar: rooms.name_ar,
        branch_id: kidRoomStays.branch_id,
        session_id: kidRoomStays.session_id,
        checkin_at: kidRoomStays.checkin_at,
        checkout_at: kidRoomStays.checkout_at,
        ...checkedByColumns,
      })
      .from(kidRoomStays)
      .innerJoin(kids, eq(kids.id, kidRoomStays.kid_id))
      .innerJoin(rooms, eq(rooms.id, kidRoomStays.room_id))
      .innerJoin(inBy, eq(inBy.id, kidRoomStays.checked_in_by))
      .leftJoin(outBy, eq(outBy.id, kidRoomStays.checked_out_by))
      .where(where)
      .orderBy(sql`${kidRoomStays.checkin_at} desc`, sql`${kidRoomStays.id} desc`)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(kidRoomStays)
      .where(where),
  ]);
  return {
    total: total?.n ?? 0,
    rows: rows.map(withCheckedBy),
  };
}

/** Closes the kid's open stay in a room (whoever closes it: a supervisor, or the premises check-out). */
export async function leaveRoom(tx: Tx, kidId: number, userId: number, roomId?: number) {
  const closed = await tx
    .update(kidRoomStays)
    .set({ checkout_at: new Date(), checked_out_by: userId })
    .where(
      and(
        eq(kidRoomStays.kid_id, kidId),
        isNull(kidRoomStays.checkout_at),
        roomId === undefined ? undefined : eq(kidRoomStays.room_id, roomId),
      ),
    )
    .returning({ room_id: kidRoomStays.room_id });
  if (closed.length) await tx.update(kids).set({ room_id: null }).where(eq(kids.id, kidId));
  return closed[0]?.room_id ?? null;
}
