/** What every report reads: the days (on each branch's clock) and, for an administrator, one branch or all. */
export interface ReportScope {
  dates: { from: string; to: string };
  branchId: number | null;
}
