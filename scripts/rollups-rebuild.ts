import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { openDatabase } from '../server/db/client';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../server/db/embedded';
import { DEFAULT_DATA_DIR, serverDataDir } from '../server/cli-options';
import { rebuildRollups } from '../server/modules/reports/rollups';

/**
 * `npm run rollups:rebuild [-- --branch 3] [--data-dir .data/server]`: the report roll-ups computed
 * again from the invoices, in one transaction, while the server runs or not (a branch's sales wait for
 * it; ARCHITECTURE "Roll-ups"). The database is DATABASE_URL's, else the embedded one of the data
 * folder: the running server's (its port from PostgreSQL's pid file), or started here when none runs.
 */
const { values } = parseArgs({
  options: { branch: { type: 'string' }, 'data-dir': { type: 'string' } },
});
const branchArg = z.coerce.number().int().positive().optional().safeParse(values.branch);
if (!branchArg.success) {
  console.error(`--branch: a branch id (a positive whole number), not ${values.branch}`);
  process.exit(2);
}
const branch = branchArg.data ?? null;
const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? serverDataDir(DEFAULT_DATA_DIR));

/** The URL of the embedded PostgreSQL a running server started, if one runs. */
function runningEmbedded(): string | null {
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const port = Number(readFileSync(pidFile, 'utf8').split('\n')[3]);
  const password = readFileSync(join(dataDir, 'pg.secret'), 'utf8').trim();
  return Number.isInteger(port) && port > 0
    ? `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/playdesk`
    : null;
}

let embedded: EmbeddedDatabase | undefined;
const url = process.env.DATABASE_URL || runningEmbedded() || (embedded = await startEmbeddedDatabase(dataDir)).url;
const database = await openDatabase(url);
try {
  const started = performance.now();
  await rebuildRollups(database.db, branch);
  console.log(
    `roll-ups rebuilt (${branch === null ? 'every branch' : `branch ${branch}`}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await database.close();
  await embedded?.stop();
}
