/**
 * The start's wait for a database that answers, given up: a clear failure, not a start that hangs. In
 * a module of its own, so the CLI reads it without loading the rest of the server.
 */
export class DatabaseNotReadyError extends Error {
  constructor(where: string, waitedMs: number, cause: unknown) {
    super(
      `PlayDesk server: the database at ${where} was not ready within ${Math.round(waitedMs / 1000)} s (${reasonOf(cause)}). Check that PostgreSQL runs and that DATABASE_URL names it; DATABASE_WAIT_SECONDS sets how long the start waits.`,
    );
    this.name = 'DatabaseNotReadyError';
  }
}

function reasonOf(cause: unknown): string {
  const code = (cause as { code?: string } | null)?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === '57P03') return 'still starting up';
  if (cause instanceof Error && /timeout|terminated/i.test(cause.message)) return 'no answer';
  return cause instanceof Error ? cause.message : String(cause);
}
