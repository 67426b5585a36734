import type { Realtime } from './realtime';

type Touched = { branch_id: number } | { branch_id: number }[];

/**
 * Passes a command's answer through, once it succeeded telling each branch it touched that `event`
 * happened there, so the other stations' screens of that branch refresh.
 */
async function toldBranches<T extends Touched>(
  realtime: Realtime,
  event: 'visits_changed' | 'sales_changed',
  done: Promise<T>,
): Promise<T> {
  const answer = await done;
  const branches = new Set((Array.isArray(answer) ? answer : [answer]).map((row) => row.branch_id));
  for (const branch_id of branches) realtime.publish(event, { branch_id });
  return answer;
}

/** A check-in or check-out: the lists of who is inside are out of date. */
export const visitsChanged = <T extends Touched>(realtime: Realtime, done: Promise<T>) =>
  toldBranches(realtime, 'visits_changed', done);

/** A sale made or cancelled: the branch's takings are out of date. */
export const salesChanged = <T extends Touched>(realtime: Realtime, done: Promise<T>) =>
  toldBranches(realtime, 'sales_changed', done);
