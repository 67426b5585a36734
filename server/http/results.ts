/** The list shape of the architecture. */
export function pageOf<T>(rows: T[], total: number, page: number, perPage: number) {
  return { rows, total, page, perPage };
}

/** A text matched literally inside a LIKE pattern: its % and _ are not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** PostgreSQL's unique_violation, for the race a pre-check cannot close. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === '23505';
}
