import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { kidSessions, kids, packages, parents, subscriptions, taxes } from '../../db/schema';
import { allowedMs, overtimeFee, sessionTime } from '../../../shared/domain/session-time';

// The rows visits and their overtime are read as, shared by VisitService and OvertimeService.

const columns = {
  id: kidSessions.id,
  session_id: kidSessions.id,
  kid_id: kidSessions.kid_id,
  kid_name_en: kids.name_en,
  kid_name_ar: kids.name_ar,
  parent_id: kidSessions.parent_id,
  parent_name_en: parents.name_en,
  parent_name_ar: parents.name_ar,
  mobile: parents.mobile,
  branch_id: kidSessions.branch_id,
  badge: kidSessions.badge,
  checkin_at: kidSessions.checkin_at,
  checkout_at: kidSessions.checkout_at,
  medical_notes: kids.medical_notes,
  banned: kids.banned,
  vip: kids.vip,
  daily_limits: kidSessions.daily_limits,
  margin_minutes: kidSessions.margin_minutes,
  overtime_price: kidSessions.overtime_price,
  overtime_hours: kidSessions.overtime_hours,
  overtime_fee: kidSessions.overtime_fee,
  fee_decision: kidSessions.fee_decision,
  billed_sale_id: kidSessions.billed_sale_id,
  confirmed_at: kidSessions.overtime_confirmed_at,
  rate_bp: taxes.rate_bp,
  included: packages.included,
};
/** Visits with their kid and parent. */
export const sessionRows = (db: Db | Tx) =>
  db
    .select(columns)
    .from(kidSessions)
    .innerJoin(kids, eq(kids.id, kidSessions.kid_id))
    .innerJoin(parents, eq(parents.id, kidSessions.parent_id))
    .innerJoin(subscriptions, eq(subscriptions.id, kidSessions.subscription_id))
    .innerJoin(packages, eq(packages.id, subscriptions.package_id))
    .innerJoin(taxes, eq(taxes.id, packages.tax_id));
type Row = Awaited<ReturnType<typeof sessionRows>>[number];

/** A visit with its time: live while the kid is inside, fixed from check-out on. */
export function present(row: Row, now = new Date()) {
  const { overtime_hours, overtime_fee, ...rest } = row;
  const { daily_limits, margin_minutes } = row;
  const open = row.checkout_at === null;
  const live = sessionTime(
    { checkinAt: row.checkin_at, dailyLimits: daily_limits, marginMinutes: margin_minutes },
    open ? now : row.checkout_at!,
  );
  const hours = open ? live.overtimeHours : (overtime_hours ?? 0);
  const fee = open ? overtimeFee(hours, row.overtime_price) : (overtime_fee ?? 0);
  const settled = open || row.billed_sale_id !== null || row.fee_decision === 'forgiven';
  return {
    ...rest,
    allowed_ms: allowedMs(daily_limits, margin_minutes),
    pending_ms: live.pendingMs,
    overtime_hours: hours,
    overtime_fee: fee,
    due: settled ? 0 : fee,
  };
}

export type Visit = ReturnType<typeof present>;

/** Inside a transaction (`tx`), its own rows are visible before they are committed. */
export async function visitsByIds(db: Db | Tx, ids: number[]) {
  const rows = await sessionRows(db).where(inArray(kidSessions.id, ids)).orderBy(asc(kidSessions.id));
  const now = new Date();
  return rows.map((r) => present(r, now));
}

export function timeOf(bill: Visit, now: Date) {
  return {
    kid_id: bill.kid_id,
    session_id: bill.id,
    checkin_at: bill.checkin_at,
    allowed_ms: bill.allowed_ms,
    pending_ms: bill.pending_ms,
    overtime_hours: bill.overtime_hours,
    server_time: now,
  };
}
