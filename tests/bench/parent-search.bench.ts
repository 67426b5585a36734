import autocannon from 'autocannon';
import pg from 'pg';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAdmin, startBenchServer } from './bench-server';
import { startEmbeddedDatabase } from '../../server/db/embedded';

/**
 * /parent/search over 100,000 parents (and 150,000 kids), 20 concurrent clients, the queries a counter
 * types: a mobile's first digits, part of an English or Arabic name, part of an ID number.
 * Target: p99 under 50 ms on this machine. Figures, not a pass/fail test.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PARENTS = 100_000;

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-bench-search-'));
  chmodSync(dataDir, 0o755);
  const database = await startEmbeddedDatabase(join(dataDir, 'db'));
  const server = await startBenchServer({
    databaseUrl: database.url,
  });
  try {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const started = Date.now();
    // Realistic names (no digits in them): 60 first names by 60 family names, in both languages.
    const first = [
      'Ahmed',
      'Sara',
      'Khalid',
      'Noura',
      'Fahad',
      'Huda',
      'Omar',
      'Layla',
      'Faisal',
      'Reem',
      'Saad',
      'Maha',
    ];
    const firstAr = ['أحمد', 'سارة', 'خالد', 'نورة', 'فهد', 'هدى', 'عمر', 'ليلى', 'فيصل', 'ريم', 'سعد', 'مها'];
    const family = [
      'Alharbi',
      'Alqahtani',
      'Alghamdi',
      'Alzahrani',
      'Aldosari',
      'Alotaibi',
      'Alshehri',
      'Almutairi',
      'Alanazi',
      'Alshammari',
    ];
    const familyAr = [
      'الحربي',
      'القحطاني',
      'الغامدي',
      'الزهراني',
      'الدوسري',
      'العتيبي',
      'الشهري',
      'المطيري',
      'العنزي',
      'الشمري',
    ];
    const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;
    await client.query(`
      insert into parents (name_en, name_ar, mobile, identification_number, branch_id)
      select (${arr(first)})[1 + i % 12] || ' ' || (${arr(family)})[1 + (i / 12) % 10] || (case when i % 5 = 0 then ' Jr' else '' end),
             (${arr(firstAr)})[1 + i % 12] || ' ' || (${arr(familyAr)})[1 + (i / 12) % 10],
             -- Kept as the server keeps them (E.164); the counter still types 0500012…
             '+9665' || lpad((i * 37 % 100000000)::text, 8, '0'), lpad((1000000000 + i * 7919)::text, 10, '0'), 1
      from generate_series(1, ${PARENTS}) as i`);
    await client.query(`
      insert into kids (parent_id, name_en, name_ar)
      select p.id, (${arr(first)})[1 + (p.id + k) % 12], (${arr(firstAr)})[1 + (p.id + k) % 12] from parents p, generate_series(1, 1 + (p.id % 2)) as k`);
    // As autovacuum would after a bulk load: statistics, and the GIN indexes' pending entries merged.
    await client.query('vacuum analyze');
    const [{ n }] = (await client.query('select count(*)::int as n from parents')).rows as [{ n: number }];
    await client.end();
    console.log(`\nseeded ${n} parents with their kids in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const login = await fetch(`${server.url}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchAdmin),
    });
    const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
    // What a counter types: a mobile's first digits, a name or part of one, part of an ID number.
    const queries = [
      '0500012',
      '050001',
      '0500370',
      'Sara Alharbi',
      'نورة الغامدي',
      'Alqahtani',
      'فهد',
      '10000791',
      'Reem',
    ];
    // One client first, query by query: where the time goes (against a trivial authenticated call).
    const t0 = performance.now();
    for (let k = 0; k < 20; k++)
      await (
        await fetch(`${server.url}/branch/list`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: '{}',
        })
      ).json();
    console.log(`  ${'(/branch/list)'.padEnd(14)} ${((performance.now() - t0) / 20).toFixed(1).padStart(6)} ms`);
    for (const query of queries) {
      const t0 = performance.now();
      let found = 0;
      for (let k = 0; k < 20; k++) {
        const res = await fetch(`${server.url}/parent/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query }),
        });
        found = ((await res.json()) as { data: unknown[] }).data.length;
      }
      console.log(
        `  ${query.padEnd(14)} ${((performance.now() - t0) / 20).toFixed(1).padStart(6)} ms   ${found} found`,
      );
    }
    let i = 0;
    const result = await autocannon({
      url: `${server.url}/parent/search`,
      connections: 20,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ query: queries[i++ % queries.length] }),
          }),
        },
      ],
    });
    console.log(`/parent/search over ${n} parents, 20 concurrent clients, ${SECONDS} s, loopback`);
    console.log(
      `${result.requests.average.toFixed(0)} req/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   max ${result.latency.max} ms   non-2xx ${result.non2xx}   errors ${result.errors}   (target p99 < 50 ms)`,
    );
  } finally {
    await server.close();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
