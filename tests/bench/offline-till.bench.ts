import Fastify from 'fastify';
import pg from 'pg';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OFFLINE_NUMBERS_HELD } from '../../shared/domain/offline';
import { benchAdmin, startBenchServer } from './bench-server';
import { loopbackProxy, station, type Said } from '../fixtures/offline-stations';

/**
 * The offline till (issue 28), STATIONS station processes (tests/fixtures/offline-station.ts) on one
 * PlayDesk server, each behind a loopback proxy:
 * - cut off, each sells the OFFLINE_NUMBERS_HELD sales its reserve allows, one after another, each
 *   answered with its receipt once it is in the fsync'd queue. Floor: the same number of lines of the
 *   same size appended to a file and fsync'd one by one, in this process (the disk's own pace);
 * - back, all drain at once (each its queue oldest first, one at a time). Floor: the same number of
 *   POSTs, STATIONS clients one at a time each, to bare Fastify + pg doing begin, one insert of the body
 *   as jsonb, commit (a durable write per request) on the same PostgreSQL.
 * Figures beside their floors as ratios, not a pass/fail test.
 */
const STATIONS = Number(process.env.BENCH_OFFLINE_STATIONS ?? 4);

async function fsyncFloor(dir: string, lines: number, bytes: number): Promise<number> {
  const file = await open(join(dir, 'floor.log'), 'a');
  const line = `${'x'.repeat(Math.max(1, bytes - 1))}\n`;
  const began = performance.now();
  for (let i = 0; i < lines; i++) {
    await file.appendFile(line);
    await file.sync();
  }
  const ms = performance.now() - began;
  await file.close();
  return ms;
}

async function postFloor(databaseUrl: string, clients: number, each: number, body: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await pool.query('create table if not exists bench_offline_floor (id serial primary key, body jsonb not null)');
  const app = Fastify({ logger: false, bodyLimit: 1_048_576 });
  app.post('/floor', async (request) => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ id: number }>(
        'insert into bench_offline_floor (body) values ($1) returning id',
        [JSON.stringify(request.body)],
      );
      await client.query('commit');
      return { status: true, data: rows[0] };
    } finally {
      client.release();
    }
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const began = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let i = 0; i < each; i++)
        await fetch(`${url}/floor`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    }),
  );
  const ms = performance.now() - began;
  await app.close();
  await pool.end();
  return ms;
}

export async function run(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'playdesk-bench-offline-'));
  chmodSync(dir, 0o755);
  const server = await startBenchServer({ dataDir: join(dir, 'server') });
  const children: { kill(signal: NodeJS.Signals): boolean }[] = [];
  try {
    const port = Number(new URL(server.url).port);
    const admin = await fetch(`${server.url}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchAdmin),
    }).then((r) => r.json() as Promise<{ data: { accessToken: string } }>);
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.data.accessToken}` },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ data: { id: number } }>);
    const product = await post('/product/create', {
      name_en: 'Juice',
      name_ar: 'عصير',
      price: 575,
      tax_id: 1,
      included: 1,
    });
    await post('/product/addstock', { id: product.data.id, qty: 100_000 });

    const proxies = await Promise.all(Array.from({ length: STATIONS }, () => loopbackProxy(port)));
    let queueLine = 0;
    const stations = await Promise.all(
      proxies.map(async (proxy, i) => {
        const folder = join(dir, `station-${i}`);
        const s = station(proxy.url, folder, benchAdmin, (said: Said) => {
          if (said.type === 'sold' && i === 0 && queueLine === 0) queueLine = JSON.stringify(said).length;
        });
        children.push(s.child);
        if ((await s.ready).at(-1)?.type !== 'ready') throw new Error('a bench station did not start');
        return s;
      }),
    );

    for (const proxy of proxies) proxy.cut(true);
    const sold = STATIONS * OFFLINE_NUMBERS_HELD;
    const selling = performance.now();
    await Promise.all(stations.map((s) => s.send(`sell ${OFFLINE_NUMBERS_HELD}`)));
    const sellMs = performance.now() - selling;
    for (const s of stations) {
      const st = await s.status();
      if (st.waiting !== OFFLINE_NUMBERS_HELD) throw new Error(`a station queued ${st.waiting} sales`);
    }
    const floorSellMs = await fsyncFloor(dir, sold, queueLine);

    for (const proxy of proxies) proxy.cut(false);
    const draining = performance.now();
    await Promise.all(stations.map((s) => s.send('drain')));
    const drainMs = performance.now() - draining;
    for (const s of stations) {
      const st = await s.status();
      if (st.waiting !== 0) throw new Error(`a station still holds ${st.waiting} sales`);
    }
    const floorDrainMs = await postFloor(
      server.embeddedDatabaseUrl ?? '',
      STATIONS,
      OFFLINE_NUMBERS_HELD,
      JSON.stringify({ line: 'x'.repeat(queueLine) }),
    );

    const perSecond = (sold / sellMs) * 1000;
    const floorPerSecond = (sold / floorSellMs) * 1000;
    console.log(
      `offline selling, ${STATIONS} stations cut off, ${sold} sales (each answered with its receipt): ` +
        `${perSecond.toFixed(0)} sales/s; floor ${floorPerSecond.toFixed(0)} lines/s (${sold} fsync'd appends ` +
        `of ${queueLine} bytes, one by one) = ×${(perSecond / floorPerSecond).toFixed(2)}`,
    );
    console.log(
      `draining ${sold} queued sales, ${STATIONS} stations at once: ${drainMs.toFixed(0)} ms; floor ` +
        `${floorDrainMs.toFixed(0)} ms (${sold} POSTs, ${STATIONS} clients one at a time, bare Fastify + pg: ` +
        `begin, insert, commit) = ×${(drainMs / floorDrainMs).toFixed(2)}`,
    );
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
