import type { Realtime } from './realtime';

/**
 * Passes a check-in's or check-out's answer through, once it succeeded telling each branch whose
 * visits it changed, so the other stations' checked-in lists refresh.
 */
export async function visitsChanged<T extends { branch_id: number } | { branch_id: number }[]>(
  realtime: Realtime,
  done: Promise<T>,
): Promise<T> {
  const visits = await done;
  const branches = new Set((Array.isArray(visits) ? visits : [visits]).map((visit) => visit.branch_id));
  for (const branch_id of branches) realtime.publish('visits_changed', { branch_id });
  return visits;
}
