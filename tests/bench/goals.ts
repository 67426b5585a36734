/**
 * Issue 25's goals, each a figure beside its floor measured in the same run, as a ratio: a shared
 * 2-core machine moves absolute figures several-fold, ratios far less. Each bench reports its goals
 * here; `npm run bench` prints them all again at the end, met or missed.
 */
export interface Goal {
  /** What is measured, e.g. "/branch/list req/s". */
  name: string;
  /** PlayDesk's figure, with its unit. */
  figure: string;
  /** The floor's figure and what the floor is, e.g. "4,629 req/s (bare Fastify + pg, the list alone)". */
  floor: string;
  /** PlayDesk's figure divided by the floor's. */
  ratio: number;
  /** The goal: the ratio at least (throughput) or at most (time). */
  atLeast?: number;
  atMost?: number;
}

const reported: Goal[] = [];

const verdict = (g: Goal) =>
  (g.atLeast === undefined || g.ratio >= g.atLeast) && (g.atMost === undefined || g.ratio <= g.atMost);

const line = (g: Goal) => {
  const target = g.atLeast !== undefined ? `≥ ${g.atLeast}` : `≤ ${g.atMost}`;
  return `${verdict(g) ? 'met   ' : 'MISSED'}  ${g.name}: ${g.figure} vs ${g.floor} = ×${g.ratio.toFixed(2)} (goal ${target})`;
};

export function goal(g: Goal): void {
  reported.push(g);
  console.log(`GOAL ${line(g)}`);
}

export function printGoals(): void {
  if (reported.length === 0) return;
  console.log('\n== goals (issue 25), this run');
  for (const g of reported) console.log(line(g));
}
