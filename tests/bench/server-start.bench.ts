import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedDatabase } from '../../server/db/embedded';
import { goal } from './goals';

/**
 * A warm `npm run server` (the built server, its embedded PostgreSQL already initialised) from the
 * process's start to its "listening" line, printed once it is ready, beside the embedded PostgreSQL's
 * own start on the same data folder, in alternating rounds of one run; medians compared. The launcher
 * is run as npm runs it (`node scripts/server.mjs`), without npm's own start-up.
 */
const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 5);

/** Milliseconds from spawning the server to its listening line; then it is stopped and must exit 0. */
function serverStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/server.mjs', '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, fail) => {
    let took = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!took && output.includes('listening on')) {
        took = performance.now() - started;
        child.kill('SIGTERM');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      took && code === 0 ? done(took) : fail(new Error(`the server exited ${code}:\n${output}`)),
    );
  });
}

async function databaseStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const database = await startEmbeddedDatabase(dataDir);
  const took = performance.now() - started;
  await database.stop();
  return took;
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;

export async function run(): Promise<void> {
  // Built before anything is timed, as the first `npm run server` after a change would.
  if (spawnSync(process.execPath, ['scripts/server.mjs', '--build'], { stdio: 'inherit' }).status !== 0)
    throw new Error('the server did not build');
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-start-'));
  chmodSync(dataDir, 0o755);
  try {
    await serverStart(dataDir); // the cluster made and migrated once: every timed start is warm
    const server: number[] = [];
    const database: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      database.push(await databaseStart(dataDir));
      server.push(await serverStart(dataDir));
    }
    const ms = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
    console.log(`\nwarm start, ${ROUNDS} alternating rounds`);
    console.log(`embedded PostgreSQL's own start   ${ms(database)} ms (median ${median(database).toFixed(0)})`);
    console.log(`npm run server to listening       ${ms(server)} ms (median ${median(server).toFixed(0)})`);
    goal({
      name: 'warm npm run server start',
      figure: `${median(server).toFixed(0)} ms`,
      floor: `${median(database).toFixed(0)} ms (the embedded PostgreSQL's own start)`,
      ratio: median(server) / median(database),
      atMost: 2,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
