import pg from 'pg';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedDatabase } from '../../server/db/embedded';
import { TAX_EXCLUDED, TAX_INCLUDED } from '../../shared/domain/money';
import type { ProductImportRow } from '../../shared/domain/product-import';
import { benchAdmin, startBenchServer } from './bench-server';
import { goal } from './goals';

/**
 * A products sheet of 10,000 checked rows saved (POST /product/import: the body read and validated,
 * every row's VAT rate matched to a tax, all rows written in one transaction), beside its floor in the
 * same run: plain pg writing the same rows, 500 a statement (multi-row VALUES), in one transaction.
 * Each is run RUNS times, alternately, and the median taken. Issue 25's goal: ≥ 0.8× the floor's rows/s.
 */
const ROWS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FLOOR_BATCH = 500;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** A sheet as the station sends it once checked: names in both languages, prices, VAT 15 % or 0 %. */
function sheetRows(run: number): ProductImportRow[] {
  return Array.from({ length: ROWS }, (_, i) => ({
    name_en: `Item ${run}-${i}`,
    name_ar: `صنف ${run}-${i}`,
    price: 500 + (i % 400) * 25,
    vat_percent: i % 10 === 0 ? 0 : 15,
    included: i % 3 === 0 ? TAX_EXCLUDED : TAX_INCLUDED,
    stock: i % 50,
  }));
}

/** The floor: the same rows, 500 to a multi-row INSERT, in one transaction, their taxes looked up first. */
async function floorSave(client: pg.Client, rows: ProductImportRow[]): Promise<void> {
  const taxes = (await client.query<{ id: number; rate_bp: number }>('select id, rate_bp from taxes order by sort, id'))
    .rows;
  // The first tax of a rate, as the server takes it.
  const taxOf = new Map(taxes.reverse().map((t) => [t.rate_bp, t.id]));
  await client.query('begin');
  for (let from = 0; from < rows.length; from += FLOOR_BATCH) {
    const batch = rows.slice(from, from + FLOOR_BATCH);
    const values: unknown[] = [];
    const tuples = batch.map((r) => {
      const n = values.push(
        r.name_en,
        r.name_ar,
        r.price,
        r.included,
        r.stock,
        taxOf.get(Math.round(r.vat_percent * 100)),
        null,
      );
      return `($${n - 6}, $${n - 5}, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
    });
    await client.query(
      `insert into products (name_en, name_ar, price, included, stock, tax_id, branch_id) values ${tuples.join(', ')}`,
      values,
    );
  }
  await client.query('commit');
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-bench-products-'));
  chmodSync(dataDir, 0o755);
  const database = await startEmbeddedDatabase(join(dataDir, 'db'));
  const server = await startBenchServer({ databaseUrl: database.url, dataDir });
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const login = await fetch(`${server.url}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchAdmin),
    });
    const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
    const playDeskSave = async (rows: ProductImportRow[]) => {
      const res = await fetch(`${server.url}/product/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
        body: JSON.stringify({ rows }),
      });
      const body = (await res.json()) as { status: boolean; data?: { created: number } };
      if (body.data?.created !== rows.length) throw new Error(`/product/import: ${JSON.stringify(body)}`);
    };
    const timed = async (save: () => Promise<void>) => {
      const t0 = performance.now();
      await save();
      return (ROWS / (performance.now() - t0)) * 1000;
    };
    // Warm up both ways (JIT, the pool's connections, the statement caches), then alternate.
    await playDeskSave(sheetRows(-1));
    await floorSave(client, sheetRows(-2));
    const playDesk: number[] = [];
    const floor: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      floor.push(await timed(() => floorSave(client, sheetRows(2 * run))));
      playDesk.push(await timed(() => playDeskSave(sheetRows(2 * run + 1))));
    }
    const [{ n }] = (await client.query('select count(*)::int as n from products')).rows as [{ n: number }];
    if (n < (2 + 2 * RUNS) * ROWS) throw new Error(`only ${n} products written`);
    const rate = (x: number) => `${Math.round(x).toLocaleString('en')} rows/s`;
    console.log(`\nproducts sheet, ${ROWS.toLocaleString('en')} rows saved, median of ${RUNS}, loopback`);
    console.log(`floor: plain pg, ${FLOOR_BATCH}-row inserts in one transaction   ${rate(median(floor))}`);
    console.log(`PlayDesk POST /product/import                          ${rate(median(playDesk))}`);
    goal({
      name: 'products sheet saving, 10k rows',
      figure: rate(median(playDesk)),
      floor: `${rate(median(floor))} (plain pg, ${FLOOR_BATCH}-row inserts in one transaction)`,
      ratio: median(playDesk) / median(floor),
      atLeast: 0.8,
    });
  } finally {
    await client.end();
    await server.close();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
