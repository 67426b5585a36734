import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { roomAccess, roomSessions, rooms, supervisorSessions, users } from '../../db/schema';

/**
 * Ends these employees' supervisor sign-ins and their time in a room. Ended, not merely refused while
 * they have no room: a room granted again later must not bring a token back to life.
 */
export async function endSupervisorSessions(tx: Tx, userIds: number[]) {
  if (userIds.length === 0) return;
  const now = new Date();
  await tx
    .update(supervisorSessions)
    .set({ ended_at: now })
    .where(and(inArray(supervisorSessions.user_id, userIds), isNull(supervisorSessions.ended_at)));
  await tx
    .update(roomSessions)
    .set({ logout_at: now })
    .where(and(inArray(roomSessions.user_id, userIds), isNull(roomSessions.logout_at)));
  await clearCurrentRoom(tx, userIds);
}

/** These employees are in no room now (the room a supervisor is logged into, kept on the employee). */
export async function clearCurrentRoom(tx: Tx, userIds: number[]) {
  if (userIds.length === 0) return;
  await tx.update(users).set({ room_id: null }).where(inArray(users.id, userIds));
}

/** Those of these employees who have no room left lose their supervisor sign-in (spec 6: access is the right). */
export async function endRoomlessSupervisors(tx: Tx, userIds: number[]) {
  if (userIds.length === 0) return;
  const keeping = await tx
    .selectDistinct({ user_id: roomAccess.user_id })
    .from(roomAccess)
    .innerJoin(rooms, eq(rooms.id, roomAccess.room_id))
    .where(and(inArray(roomAccess.user_id, userIds), isNull(rooms.deleted_at)));
  const kept = new Set(keeping.map((k) => k.user_id));
  await endSupervisorSessions(
    tx,
    userIds.filter((id) => !kept.has(id)),
  );
}

/**
 * A staff sign-in that ends takes with it the supervisor sign-ins it hosted at its door, and their time
 * in a room: a supervisor token lives on its station's session, so it is ended with it, not left open.
 */
export async function endHostedSupervisorSessions(tx: Tx, staffSessionId: string) {
  const now = new Date();
  const ended = await tx
    .update(supervisorSessions)
    .set({ ended_at: now })
    .where(and(eq(supervisorSessions.station_session_id, staffSessionId), isNull(supervisorSessions.ended_at)))
    .returning({ id: supervisorSessions.id, user_id: supervisorSessions.user_id });
  if (ended.length === 0) return;
  await tx
    .update(roomSessions)
    .set({ logout_at: now })
    .where(
      and(
        inArray(
          roomSessions.supervisor_session_id,
          ended.map((s) => s.id),
        ),
        isNull(roomSessions.logout_at),
      ),
    );
  await clearCurrentRoom(
    tx,
    ended.map((s) => s.user_id),
  );
}
