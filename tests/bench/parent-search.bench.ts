import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAdmin, startBenchServer } from './bench-server';
import { startEmbeddedDatabase } from '../../server/db/embedded';
import { goal } from './goals';

/**
 * /parent/search over 100,000 parents (and 150,000 kids), 20 concurrent clients, the queries a counter
 * types: a mobile's first digits, part of an English or Arabic name, part of an ID number; beside its
 * floor in the same run: bare Fastify + pg (a pool of 10, as the server's) sending exactly the
 * statements PlayDesk sent for each query (captured off the pg client, not rewritten), without and
 * with the per-request sign-in check. Issue 25's goal: req/s ≥ 0.8× and p99 ≤ 1.25× the floor.
 * BENCH_SQL=1 prints the statements captured.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const PARENTS = 100_000;

/** A statement as the pg client was handed it: what the floor sends again. */
interface Sent {
  name?: string;
  text: string;
  values?: unknown[];
}

/**
 * Every statement any pg client of this process sends while `call` runs (the server runs in this
 * process); `call` must be the only traffic then.
 */
async function statementsOf(call: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    if (typeof first === 'string') sent.push({ text: first, values: Array.isArray(second) ? second : undefined });
    else if (first && typeof first === 'object' && 'text' in first) {
      const { name, text, values } = first as Sent;
      sent.push({ name, text, values: values ?? (Array.isArray(second) ? (second as unknown[]) : undefined) });
    }
    return query.apply(this, args);
  };
  try {
    await call();
  } finally {
    proto.query = query;
  }
  return sent;
}

/** Sends these statements as they were sent: a transaction's on one connection, the others on the pool. */
async function replay(pool: pg.Pool, statements: Sent[]): Promise<unknown[]> {
  const inTransaction = statements.some((s) => /^begin/i.test(s.text));
  if (!inTransaction) {
    let rows: unknown[] = [];
    for (const s of statements) rows = (await pool.query(s)).rows;
    return rows;
  }
  const client = await pool.connect();
  try {
    let rows: unknown[] = [];
    for (const s of statements) {
      const result = await client.query(s);
      if (result.command === 'SELECT') rows = result.rows;
    }
    return rows;
  } finally {
    client.release();
  }
}

const line = (name: string, r: Result) =>
  `${name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-bench-search-'));
  chmodSync(dataDir, 0o755);
  const database = await startEmbeddedDatabase(join(dataDir, 'db'));
  const server = await startBenchServer({
    databaseUrl: database.url,
  });
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const floor = Fastify({ logger: false });
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
    // What PlayDesk sends: for each query, the statements of one search. Those a trivial
    // authenticated call sends too (the sign-in check) are kept apart, for the second floor.
    const post = (path: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }).then((res) => res.json());
    const perRequest = new Set((await statementsOf(() => post('/branch/list', {}))).map((s) => s.text));
    const searches = new Map<string, { check: Sent[]; search: Sent[] }>();
    for (const query of queries) {
      const sent = await statementsOf(() => post('/parent/search', { query }));
      searches.set(query, {
        check: sent.filter((s) => perRequest.has(s.text)),
        search: sent.filter((s) => !perRequest.has(s.text)),
      });
    }
    const checks = [...searches.values()][0]!.check;
    if (process.env.BENCH_SQL) console.log(JSON.stringify([...searches], null, 1));
    console.log(
      `captured: ${[...searches.values()].map((s) => s.search.length).join('/')} search statements per query, ${checks.length} per-request (sign-in) statement(s) per call`,
    );
    floor.post<{ Body: { query: string } }>('/search', async (req) => ({
      data: await replay(pool, searches.get(req.body.query)!.search),
    }));
    floor.post<{ Body: { query: string } }>('/checked-search', async (req) => {
      const { check, search } = searches.get(req.body.query)!;
      const [signedIn] = await replay(pool, check);
      if (check.length > 0 && !signedIn) throw new Error('the floor lost its sign-in');
      return { data: await replay(pool, search) };
    });
    await floor.listen({ port: 0, host: '127.0.0.1' });
    const address = floor.server.address();
    const floorUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const load = (url: string) => {
      let i = 0;
      return autocannon({
        url,
        connections: CONNECTIONS,
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
    };
    const alone = await load(`${floorUrl}/search`);
    const checked = checks.length > 0 ? await load(`${floorUrl}/checked-search`) : null;
    const result = await load(`${server.url}/parent/search`);
    console.log(`/parent/search over ${n} parents, ${CONNECTIONS} concurrent clients, ${SECONDS} s each, loopback`);
    console.log(line('floor: Fastify + pg, the search SQL alone', alone));
    if (checked) console.log(line('floor: Fastify + pg, sign-in check + search', checked));
    else console.log('floor: no sign-in statement seen per request (answered from memory)');
    console.log(line('PlayDesk /parent/search', result));
    const rps = (r: Result) => r.requests.average;
    if (checked) {
      // How much of PlayDesk's gap to the floor the sign-in statement alone explains.
      const gap = rps(alone) - rps(result);
      const share = gap > 0 ? Math.min(1, (rps(alone) - rps(checked)) / gap) : 0;
      console.log(
        `sign-in check: floor ${rps(alone).toFixed(0)} → ${rps(checked).toFixed(0)} req/s; ${(share * 100).toFixed(0)}% of PlayDesk's req/s gap; ratio to the checked floor ${(rps(result) / rps(checked)).toFixed(2)} req/s, ${(result.latency.p99 / checked.latency.p99).toFixed(2)} p99`,
      );
    }
    const floorName = 'the same search SQL on bare Fastify + pg';
    goal({
      name: '/parent/search req/s (100k parents)',
      figure: `${rps(result).toFixed(0)} req/s`,
      floor: `${rps(alone).toFixed(0)} req/s (${floorName})`,
      ratio: rps(result) / rps(alone),
      atLeast: 0.8,
    });
    goal({
      name: '/parent/search p99 (100k parents)',
      figure: `${result.latency.p99} ms`,
      floor: `${alone.latency.p99} ms (${floorName})`,
      ratio: result.latency.p99 / Math.max(1, alone.latency.p99),
      atMost: 1.25,
    });
  } finally {
    await floor.close();
    await pool.end();
    await server.close();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
