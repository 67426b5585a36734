import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { kidVisits, kids, packages, parents, subscriptions, taxes } from '../../db/schema';
import { allowedMs, overtimeFee, visitTime } from '../../../shared/domain/visit-time';

// The rows visits and their overtime are read as, shared by VisitService and OvertimeService.

const columns = {
  id: kidVisits.id,
  session_id: kidVisits.id,
  kid_id: kidVisits.kid_id,
  kid_name_en: kids.name_en,
  kid_name_ar: kids.name_ar,
  parent_id: kidVisits.parent_id,
  parent_name_en: parents.name_en,
  parent_name_ar: parents.name_ar,
  mobile: parents.mobile,
  branch_id: kidVisits.branch_id,
  badge: kidVisits.badge,
  checkin_at: kidVisits.checkin_at,
  checkout_at: kidVisits.checkout_at,
  medical_notes: kids.medical_notes,
  banned: kids.banned,
  vip: kids.vip,
  daily_limits: kidVisits.daily_limits,
  margin_minutes: kidVisits.margin_minutes,
  overtime_price: kidVisits.overtime_price,
  overtime_hours: kidVisits.overtime_hours,
  overtime_fee: kidVisits.overtime_fee,
  fee_decision: kidVisits.fee_decision,
  billed_sale_id: kidVisits.billed_sale_id,
  confirmed_at: kidVisits.overtime_confirmed_at,
  rate_bp: taxes.rate_bp,
  included: packages.included,
};
/** Visits with their kid and parent. */
export const visitRows = (db: Db | Tx) =>
  db
    .select(columns)
    .from(kidVisits)
    .innerJoin(kids, eq(kids.id, kidVisits.kid_id))
    .innerJoin(parents, eq(parents.id, kidVisits.parent_id))
    .innerJoin(subscriptions, eq(subscriptions.id, kidVisits.subscription_id))
    .innerJoin(packages, eq(packages.id, subscriptions.package_id))
    .innerJoin(taxes, eq(taxes.id, packages.tax_id));
type Row = Awaited<ReturnType<typeof visitRows>>[number];

/** A visit with its time: live while the kid is inside, fixed from check-out on. */
export function present(row: Row, now = new Date()) {
  const { overtime_hours, overtime_fee, ...rest } = row;
  const { daily_limits, margin_minutes } = row;
  const open = row.checkout_at === null;
  const live = visitTime(
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
  const rows = await visitRows(db).where(inArray(kidVisits.id, ids)).orderBy(asc(kidVisits.id));
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
