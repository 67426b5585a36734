import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { startWithAdministrator, type TestServer } from './harness';
import { checkBackup, listBackups, restoreBackup, takeBackup, verifyBackup } from '../../server/db/backup';

let server: TestServer;
let url: string;
let folder: string;

beforeAll(async () => {
  ({ server } = await startWithAdministrator());
  url = server.database.pool.options.connectionString!;
  folder = mkdtempSync(join(tmpdir(), 'playdesk-backups-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

const sql = async <R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  (await server.database.pool.query<R>(text, values)).rows;

/** Every table's rows (in a stable order) and every sequence: the database as a backup must give it back. */
async function contents(): Promise<Record<string, unknown>> {
  const tables = await sql<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname in ('public', 'drizzle') order by 1`,
  );
  const out: Record<string, unknown> = {};
  for (const { name } of tables) {
    out[name] = (await sql(`select t::text as row from ${name} t order by 1`)).map((r) => r.row);
  }
  out.sequences = await sql(`select schemaname, sequencename, last_value from pg_sequences order by 1, 2`);
  return out;
}

/** A sale and its lines as one statement: the roll-up triggers count them. */
const sell = (invoiceNo: number) =>
  sql(
    `with s as (
       insert into sales (branch_id, invoice_no, cashier_id, gross, discount, net, vat, payable, cash, pos, change)
       values (1, $1, (select min(id) from users), 2000, 0, 1739, 261, 2000, 2000, 0, 0) returning id)
     insert into sale_lines (sale_id, name_en, name_ar, unit_price, qty, rate_bp, included, net, vat, gross, discount)
     select s.id, 'Fee', 'Fee', 1000, 2, 1500, 1, 1739, 261, 2000, 0 from s`,
    [invoiceNo],
  );

describe('a backup of the database', () => {
  it('restores the state it was taken in: rows inserted, changed and deleted since are undone, sequences too', async () => {
    await sell(910001);
    await sql(
      `insert into nationalities (name_en, name_ar, code) values ('Alpha', 'ألفا', 'XA'), ('Beta', 'بيتا', 'XB')`,
    );
    const before = await contents();
    const taken = await takeBackup(url, folder);
    expect(taken.manifest.tables.find((t) => t.name === '"public"."sales"')?.rows).toBe(1);

    await sell(910002);
    await sql(`insert into nationalities (name_en, name_ar, code) values ('Gamma', 'غاما', 'XC')`);
    await sql(`update nationalities set name_en = 'Changed' where code = 'XA'`);
    await sql(`delete from nationalities where code = 'XB'`);
    expect(await contents()).not.toEqual(before);

    // A sign-in made after the backup, answered from the server's sign-in cache.
    const { accessToken } = await server.login();
    expect((await server.get('/settings/chain', accessToken)).status).toBe(200);

    await restoreBackup(url, taken.file);
    // The backup holds no such sign-in: the cache lets it in no longer (it drops what it held).
    while ((await server.get('/settings/chain', accessToken)).status === 200) await delay(20);
    expect((await server.get('/settings/chain', accessToken)).body.message).toBe('SESSION_EXPIRED');
    expect(await contents()).toEqual(before);
    // A row added now takes an id after every restored one.
    const [added] = await sql<{ id: number }>(
      `insert into nationalities (name_en, name_ar, code) values ('Delta', 'دلتا', 'XD') returning id`,
    );
    const [max] = await sql<{ id: number }>(`select max(id) as id from nationalities where code <> 'XD'`);
    expect(added!.id).toBeGreaterThan(max!.id);
    await sell(910003);
  });

  it('refuses a cut or damaged file and leaves the data as it was', async () => {
    const taken = await takeBackup(url, folder);
    const before = await contents();
    const bytes = await readFile(taken.file);
    const cut = join(folder, 'cut.pdbackup');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const flipped = Buffer.from(bytes);
    flipped[40] = flipped[40]! ^ 0xff;
    const damaged = join(folder, 'damaged.pdbackup');
    await writeFile(damaged, flipped);
    await sql(`insert into nationalities (name_en, name_ar, code) values ('Epsilon', 'إبسلون', 'XE')`);
    const changed = await contents();
    expect(changed).not.toEqual(before);

    await expect(restoreBackup(url, cut)).rejects.toMatchObject({ reason: 'BACKUP_DAMAGED' });
    await expect(restoreBackup(url, damaged)).rejects.toMatchObject({ reason: 'BACKUP_DAMAGED' });
    expect(await contents()).toEqual(changed);
    // Neither is offered for restore.
    expect((await listBackups(folder)).map((b) => b.file)).not.toContain(cut);
    rmSync(cut);
    rmSync(damaged);
  });

  it('refuses a backup of another schema version', async () => {
    const taken = await takeBackup(url, folder);
    await sql(
      `update drizzle.__drizzle_migrations set hash = 'other' where id = (select max(id) from drizzle.__drizzle_migrations)`,
    );
    try {
      await expect(restoreBackup(url, taken.file)).rejects.toMatchObject({ reason: 'BACKUP_OTHER_VERSION' });
    } finally {
      await sql(
        `update drizzle.__drizzle_migrations set hash = $1 where id = (select max(id) from drizzle.__drizzle_migrations)`,
        [taken.manifest.migration.hash],
      );
    }
  });

  it('killed mid-write, leaves the previous backup intact and checked, and no file listed as a backup', async () => {
    const good = await takeBackup(url, join(folder), { now: new Date('2026-01-01T00:00:00Z') });
    // A table the child reaches last, held by this test: the child stops inside its COPY, mid-file.
    await sql(`create table zz_hold (n int)`);
    await sql(`insert into zz_hold select generate_series(1, 10)`);
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    await holder.query('begin');
    await holder.query('lock table zz_hold in access exclusive mode');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./backup-child.ts', import.meta.url)), url, folder],
      { stdio: 'ignore' },
    );
    const exited = new Promise((done) => child.once('exit', done));
    try {
      // The child's file holds the tables before zz_hold and it waits for the lock: it is mid-backup.
      for (;;) {
        const partial = readdirSync(folder).find((name) => name.endsWith('.partial'));
        const waiting = await holder.query(
          `select 1 from pg_locks l join pg_class c on c.oid = l.relation where c.relname = 'zz_hold' and not l.granted`,
        );
        if (partial && statSync(join(folder, partial)).size > 1000 && waiting.rowCount) break;
        await delay(50); // polling a condition, not a wait for time
      }
      child.kill('SIGKILL');
      await exited;
    } finally {
      await holder.query('rollback');
      await holder.end();
      await sql('drop table zz_hold');
    }
    expect(readdirSync(folder).some((name) => name.endsWith('.partial'))).toBe(true);
    expect((await listBackups(folder)).map((b) => b.file)).not.toContain(expect.stringMatching(/partial$/));
    expect((await checkBackup(good.file)).sha256).toBe(good.manifest.sha256);

    // The previous backup, restored in a scratch cluster, holds every row its manifest counts.
    const checked = await verifyBackup(good.file);
    expect(checked.ok).toBe(true);
    expect(checked.tables.find((t) => t.name === '"public"."sales"')).toEqual({
      name: '"public"."sales"',
      expected: 2,
      found: 2,
    });

    // A manifest counting one sale more than the file holds fails the check.
    const bytes = await readFile(good.file);
    const length = Number(bytes.subarray(bytes.length - 11, bytes.length - 1).toString());
    const manifest = JSON.parse(
      bytes
        .subarray(bytes.length - 29 - length)
        .subarray(0, length)
        .toString(),
    ) as {
      tables: { name: string; rows: number }[];
    };
    manifest.tables.find((t) => t.name === '"public"."sales"')!.rows += 1;
    const json = `${JSON.stringify(manifest)}\n`;
    const miscounted = join(folder, 'miscounted.pdbackup');
    await writeFile(
      miscounted,
      Buffer.concat([
        bytes.subarray(0, bytes.length - 29 - length),
        Buffer.from(`${json}PLAYDESK-MANIFEST ${String(Buffer.byteLength(json)).padStart(10, '0')}\n`),
      ]),
    );
    expect((await verifyBackup(miscounted)).tables.find((t) => t.name === '"public"."sales"')).toEqual({
      name: '"public"."sales"',
      expected: 3,
      found: 2,
    });
    rmSync(miscounted);

    // The next backup clears the leftover.
    await takeBackup(url, folder);
    expect(readdirSync(folder).some((name) => name.endsWith('.partial'))).toBe(false);
    expect(existsSync(good.file)).toBe(true);
  });
});
