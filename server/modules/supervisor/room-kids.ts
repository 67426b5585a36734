import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { kidRoomStays, kidVisits, kids, parents } from '../../db/schema';
import type { RoomKidRecord } from '../../../shared/api/supervisor';

/** Kids in rooms as the door sees them: flags, photo, their stay and their premises visit's time rule. */
export function roomKidsWhere(db: Db | Tx, where: SQL | undefined): Promise<RoomKidRecord[]> {
  return db
    .select({
      visit_id: kidRoomStays.id,
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
      badge: kidVisits.badge,
      room_checkin_at: kidRoomStays.checkin_at,
      session_id: kidVisits.id,
      checkin_at: kidVisits.checkin_at,
      daily_limits: kidVisits.daily_limits,
      margin_minutes: kidVisits.margin_minutes,
    })
    .from(kidRoomStays)
    .innerJoin(kids, eq(kids.id, kidRoomStays.kid_id))
    .innerJoin(kidVisits, eq(kidVisits.id, kidRoomStays.session_id))
    .innerJoin(parents, eq(parents.id, kidVisits.parent_id))
    .where(and(isNull(kidRoomStays.checkout_at), where))
    .orderBy(asc(kidRoomStays.checkin_at), asc(kidRoomStays.id));
}
