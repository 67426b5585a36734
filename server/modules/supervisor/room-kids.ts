import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { kidRoomVisits, kidSessions, kids, parents } from '../../db/schema';
import type { RoomKidRecord } from '../../../shared/api/supervisor';

/** Kids in rooms as the door sees them: flags, photo, their stay and their premises visit's time rule. */
export function roomKidsWhere(db: Db | Tx, where: SQL | undefined): Promise<RoomKidRecord[]> {
  return db
    .select({
      visit_id: kidRoomVisits.id,
      kid_id: kids.id,
      kid_name_en: kids.name_en,
      kid_name_ar: kids.name_ar,
      parent_id: parents.id,
      parent_name_en: parents.name_en,
      parent_name_ar: parents.name_ar,
      mobile: parents.mobile,
      image: kids.image,
      birth_date: kids.birth_date,
      medical_notes: kids.medical_notes,
      banned: kids.banned,
      vip: kids.vip,
      badge: kidSessions.badge,
      room_checkin_at: kidRoomVisits.checkin_at,
      session_id: kidSessions.id,
      checkin_at: kidSessions.checkin_at,
      daily_limits: kidSessions.daily_limits,
      margin_minutes: kidSessions.margin_minutes,
    })
    .from(kidRoomVisits)
    .innerJoin(kids, eq(kids.id, kidRoomVisits.kid_id))
    .innerJoin(kidSessions, eq(kidSessions.id, kidRoomVisits.session_id))
    .innerJoin(parents, eq(parents.id, kidSessions.parent_id))
    .where(and(isNull(kidRoomVisits.checkout_at), where))
    .orderBy(asc(kidRoomVisits.checkin_at), asc(kidRoomVisits.id));
}
