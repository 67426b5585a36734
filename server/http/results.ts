import { ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';

/** The list shape of the architecture. */
export function pageOf<T>(rows: T[], total: number, page: number, perPage: number) {
  return { rows, total, page, perPage };
}

/** A text matched literally inside a LIKE pattern: its % and _ are not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Rows where any of these columns contains the searched text as typed — "50%" finds "50% off", not
 * every name with a 5 and a 0; nothing searched, no condition.
 */
export function containing(q: string | null | undefined, ...columns: AnyColumn[]): SQL | undefined {
  if (!q) return undefined;
  const text = `%${escapeLike(q)}%`;
  return or(...columns.map((column) => ilike(column, text)));
}

/** PostgreSQL's unique_violation, for the race a pre-check cannot close. */
export function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === '23505';
}
