import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { z } from 'zod';
import { BACKUP_SUFFIX, backupFileName, type BackupRefusal } from '../../shared/domain/backup';
import { openDatabase } from './client';
import { startEmbeddedDatabase } from './embedded';
import { SESSIONS_LISTENER } from '../modules/auth/session-cache';

/**
 * A logical backup of the server's database without pg_dump (the embedded PostgreSQL package ships
 * none): every table of the app's schemas copied out (`COPY … TO STDOUT`) inside ONE transaction
 * `REPEATABLE READ READ ONLY`, so all tables come from one MVCC snapshot, as pg_dump itself does.
 *
 * The file: a magic line, each table's COPY text one after the other, the manifest (JSON) and a
 * fixed-size trailer giving the manifest's length. The manifest's sha256 covers everything before it.
 */

const MAGIC = 'PLAYDESK-BACKUP 1\n';
const TRAILER_LABEL = 'PLAYDESK-MANIFEST ';
/** `PLAYDESK-MANIFEST 0000001234\n`: found from the file's end, so a cut file has none. */
const TRAILER_BYTES = TRAILER_LABEL.length + 10 + 1;
const SCHEMAS = ['public', 'drizzle'];

const tableSchema = z.object({
  /** Schema-qualified, as written in SQL: `"public"."kids"`. */
  name: z.string().min(1),
  /** The stored columns (generated ones are computed again on restore). */
  columns: z.array(z.string().min(1)),
  rows: z.number().int().min(0),
  offset: z.number().int().min(0),
  bytes: z.number().int().min(0),
});

export const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The schema version: drizzle's applied migrations (their number and the last one's hash). */
  migration: z.object({ count: z.number().int().min(0), hash: z.string() }),
  tables: z.array(tableSchema),
  sequences: z.array(z.object({ name: z.string().min(1), value: z.string().regex(/^-?\d+$/), called: z.boolean() })),
  bodyBytes: z.number().int().min(MAGIC.length),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Why a backup was not taken, checked or restored: a key the station translates. */
export class BackupError extends Error {
  constructor(
    readonly reason: BackupRefusal,
    cause?: unknown,
  ) {
    super(`backup: ${reason}${cause instanceof Error ? ` (${cause.message})` : ''}`, { cause });
    this.name = 'BackupError';
  }
}

/**
 * Writes a backup of the database at `url` into `folder` as `<name>.partial`, flushed to disk, then
 * renamed to its name and the folder flushed: a crash mid-way leaves a `.partial` (never listed, removed
 * by the next backup) and every earlier backup as it was.
 */
export async function takeBackup(
  url: string,
  folder: string,
  opts: {
    now?: Date;
    /** Checked in a scratch cluster (verifyBackup) before it gets its name: only checked backups are listed. */
    verify?: boolean;
  } = {},
): Promise<TakenBackup> {
  const now = opts.now ?? new Date();
  const file = join(folder, backupFileName(now));
  const partial = `${file}.partial`;
  await removePartials(folder);
  let out: FileHandle;
  try {
    out = await open(partial, 'wx', 0o600);
  } catch (error) {
    throw new BackupError(fileProblem(error), error);
  }
  const client = await connect(url);
  try {
    const hash = createHash('sha256');
    let offset = 0;
    const write = async (chunk: Buffer) => {
      hash.update(chunk);
      await out.write(chunk);
      offset += chunk.length;
    };
    await write(Buffer.from(MAGIC));
    await client.query('begin transaction isolation level repeatable read read only');
    const migration = await migrationOf(client);
    const tables: BackupManifest['tables'] = [];
    for (const { name, columns } of await tablesOf(client)) {
      const start = offset;
      let rows = 0;
      const source = client.query(copyTo(`copy ${name} (${columns.join(', ')}) to stdout`));
      for await (const chunk of source as AsyncIterable<Buffer>) {
        // Text COPY ends every row with a newline and escapes those inside values: one per row.
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
        await write(chunk);
      }
      tables.push({ name, columns, rows, offset: start, bytes: offset - start });
    }
    // Read after the snapshot began: a sequence only moves on, so no restored row's id is above it.
    const sequences = await sequencesOf(client);
    await client.query('commit');
    const manifest: BackupManifest = {
      format: 1,
      createdAt: now.toISOString(),
      migration,
      tables,
      sequences,
      bodyBytes: offset,
      sha256: hash.digest('hex'),
    };
    const json = Buffer.from(`${JSON.stringify(manifest)}\n`);
    await out.write(json);
    await out.write(Buffer.from(`${TRAILER_LABEL}${String(json.length).padStart(10, '0')}\n`));
    await out.sync();
    await out.close();
    if (opts.verify) await verifyOrRefuse(partial);
    await rename(partial, file);
    await syncFolder(folder);
    return { file, bytes: offset + json.length + TRAILER_BYTES, manifest, verified: opts.verify === true };
  } catch (error) {
    await out.close().catch(() => {});
    await rm(partial, { force: true });
    throw error instanceof BackupError ? error : new BackupError(fileProblem(error), error);
  } finally {
    await client.end().catch(() => {});
  }
}

export interface TakenBackup {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  verified: boolean;
}

async function verifyOrRefuse(file: string) {
  let result: VerifyResult;
  try {
    result = await verifyBackup(file);
  } catch (error) {
    throw new BackupError('BACKUP_VERIFY_FAILED', error);
  }
  if (!result.ok) throw new BackupError('BACKUP_VERIFY_FAILED');
}

/** What a crashed backup left: never a backup, so removed before the next one is written. */
async function removePartials(folder: string) {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    throw new BackupError(fileProblem(error), error);
  }
  await Promise.all(
    names
      .filter((name) => name.endsWith(`${BACKUP_SUFFIX}.partial`))
      .map((name) => rm(join(folder, name), { force: true })),
  );
}

/**
 * Reads a backup's manifest and checks the file whole (its length and checksum): a cut, damaged or
 * foreign file is BACKUP_DAMAGED.
 */
export async function checkBackup(file: string): Promise<BackupManifest> {
  const manifest = await readManifest(file);
  const hash = createHash('sha256');
  if (manifest.bodyBytes > 0) {
    await pipeline(createReadStream(file, { start: 0, end: manifest.bodyBytes - 1 }), hash);
  }
  if (hash.digest('hex') !== manifest.sha256) throw new BackupError('BACKUP_DAMAGED');
  return manifest;
}

/** The manifest alone, from the file's end (listing backups reads no more). */
export async function readManifest(file: string): Promise<BackupManifest> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    throw new BackupError('BACKUP_DAMAGED', error);
  }
  try {
    const { size } = await handle.stat();
    if (size < MAGIC.length + TRAILER_BYTES) throw new BackupError('BACKUP_DAMAGED');
    const head = await readAt(handle, 0, MAGIC.length);
    const trailer = (await readAt(handle, size - TRAILER_BYTES, TRAILER_BYTES)).toString('latin1');
    const length = /^PLAYDESK-MANIFEST (\d{10})\n$/.exec(trailer)?.[1];
    if (head.toString('latin1') !== MAGIC || !length) throw new BackupError('BACKUP_DAMAGED');
    const start = size - TRAILER_BYTES - Number(length);
    if (start < MAGIC.length) throw new BackupError('BACKUP_DAMAGED');
    const parsed = manifestSchema.safeParse(parseJson((await readAt(handle, start, Number(length))).toString('utf8')));
    if (!parsed.success || parsed.data.bodyBytes !== start) throw new BackupError('BACKUP_DAMAGED');
    return parsed.data;
  } finally {
    await handle.close();
  }
}

/**
 * Replaces every table of the database at `url` with the backup's, in one transaction: all or nothing.
 * Refused (nothing changed) when the file is damaged or its schema version is not the database's.
 * Triggers are off while the rows go in (`session_replication_role = replica`): the roll-up triggers
 * would count restored sales a second time over the restored roll-ups, and the foreign keys need no
 * check on rows that came from one consistent snapshot — so the order of tables does not matter.
 * Afterwards the servers' sign-in caches' LISTEN connections are ended: a cache that loses its
 * connection drops every sign-in it holds and reads them again, so a sign-in the backup does not hold
 * is not let in from memory.
 */
export async function restoreBackup(url: string, file: string): Promise<BackupManifest> {
  const manifest = await checkBackup(file);
  const client = await connect(url);
  try {
    await client.query('begin');
    const current = await migrationOf(client);
    if (current.count !== manifest.migration.count || current.hash !== manifest.migration.hash) {
      throw new BackupError('BACKUP_OTHER_VERSION');
    }
    // A request holding a table would make the station wait for ever: past this, the restore is refused.
    await client.query("set local lock_timeout = '20s'");
    await client.query('set local session_replication_role = replica');
    const tables = manifest.tables.map((table) => table.name);
    await client.query(`truncate ${tables.join(', ')} restart identity cascade`);
    // The bytes are hashed again as they go in: a file changed since its check is rolled back.
    const hash = createHash('sha256').update(MAGIC);
    for (const table of manifest.tables) {
      if (table.bytes === 0) continue;
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      await pipeline(
        createReadStream(file, { start: table.offset, end: table.offset + table.bytes - 1 }),
        hashing,
        client.query(copyFrom(`copy ${table.name} (${table.columns.join(', ')}) from stdin`)),
      );
    }
    if (hash.digest('hex') !== manifest.sha256) throw new BackupError('BACKUP_DAMAGED');
    for (const sequence of manifest.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        sequence.name,
        sequence.value,
        sequence.called,
      ]);
    }
    await client.query('commit');
    await client.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = $1`,
      [SESSIONS_LISTENER],
    );
    return manifest;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    if (error instanceof BackupError) throw error;
    throw new BackupError('BACKUP_RESTORE_FAILED', error);
  } finally {
    await client.end().catch(() => {});
  }
}

/** What a backup's check in a scratch cluster found: each table's rows there against the manifest. */
export interface VerifyResult {
  ok: boolean;
  tables: { name: string; expected: number; found: number }[];
}

/**
 * Restores the backup into a scratch cluster (a temporary embedded PostgreSQL, migrated by the server's
 * own migrator) and counts each table against the manifest; the cluster is removed after.
 */
export async function verifyBackup(file: string, scratchParent: string = tmpdir()): Promise<VerifyResult> {
  const dir = await mkdtemp(join(scratchParent, 'playdesk-verify-'));
  try {
    const scratch = await startEmbeddedDatabase(dir);
    try {
      const database = await openDatabase(scratch.url);
      await database.close();
      const manifest = await restoreBackup(scratch.url, file);
      const client = await connect(scratch.url);
      try {
        const tables = [];
        for (const table of manifest.tables) {
          const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${table.name}`);
          tables.push({ name: table.name, expected: table.rows, found: Number(rows[0]!.n) });
        }
        return { ok: tables.every((t) => t.expected === t.found), tables };
      } finally {
        await client.end();
      }
    } finally {
      await scratch.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The backups in a folder, newest first (a `.partial` is not one); a file that is not read is skipped. */
export async function listBackups(
  folder: string,
): Promise<{ file: string; bytes: number; manifest: BackupManifest }[]> {
  const names = (await readdir(folder))
    .filter((name) => name.endsWith(BACKUP_SUFFIX))
    .sort()
    .reverse();
  const found = [];
  for (const name of names) {
    const file = join(folder, name);
    try {
      found.push({ file, bytes: (await stat(file)).size, manifest: await readManifest(file) });
    } catch {
      // A foreign or damaged file under our suffix is not offered for restore.
    }
  }
  return found;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError('BACKUP_DATABASE_UNREACHABLE', error);
  }
  return client;
}

async function migrationOf(client: pg.Client): Promise<BackupManifest['migration']> {
  const { rows } = await client.query<{ count: string; hash: string | null }>(
    `select count(*) as count, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as hash
       from drizzle.__drizzle_migrations`,
  );
  return { count: Number(rows[0]!.count), hash: rows[0]!.hash ?? '' };
}

/** Every ordinary table of the app's schemas, with its stored columns, quoted for SQL. */
async function tablesOf(client: pg.Client): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ schema: string; table: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as table,
            array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      where c.relkind = 'r' and n.nspname = any($1)
      group by n.nspname, c.relname
      order by n.nspname, c.relname`,
    [SCHEMAS],
  );
  return rows.map((row) => ({
    name: `${client.escapeIdentifier(row.schema)}.${client.escapeIdentifier(row.table)}`,
    columns: row.columns.map((column) => client.escapeIdentifier(column)),
  }));
}

async function sequencesOf(client: pg.Client): Promise<BackupManifest['sequences']> {
  const { rows } = await client.query<{ schema: string; name: string; last: string | null; start: string }>(
    `select schemaname as schema, sequencename as name, last_value::text as last, start_value::text as start
       from pg_sequences where schemaname = any($1) order by 1, 2`,
    [SCHEMAS],
  );
  return rows.map((row) => ({
    name: `${client.escapeIdentifier(row.schema)}.${client.escapeIdentifier(row.name)}`,
    value: row.last ?? row.start,
    called: row.last !== null,
  }));
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A disk or folder problem as the manager can act on it. */
function fileProblem(error: unknown): BackupRefusal {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') return 'BACKUP_DISK_FULL';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS' || code === 'ENOENT' || code === 'ENOTDIR') {
    return 'BACKUP_FOLDER_NOT_WRITABLE';
  }
  return 'BACKUP_FAILED';
}

/** Makes the rename survive a power cut; Windows cannot open a folder to flush it (NTFS journals it). */
async function syncFolder(folder: string) {
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
