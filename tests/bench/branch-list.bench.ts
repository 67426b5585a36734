import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedDatabase } from '../../server/db/embedded';
import { benchAdmin, startBenchServer } from './bench-server';
import { goal } from './goals';
import { load as loadOf, percentile, type LoadResult } from './load';

/**
 * Authenticated POST /branch/list (token check, the sign-in check, permission, validation, the list,
 * envelope) beside its floors in the same run: bare Fastify + pg (a pool of 10, as the server's)
 * running the list query alone — for the same request (a POST with its JSON body and bearer token) and
 * for a bare GET — and running the two statements a request needs without a session kept in memory
 * (the sign-in check as PlayDesk sends it, then the list). The load comes from a thread of its own
 * (load.ts). Figures, not a pass/fail test.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = 3;
const CONNECTIONS = 20;

const LIST = 'select id, name_en, name_ar from branches where deleted_at is null order by id';
const SIGNED_IN = `select users.id, users.name_en, users.name_ar, users.mobile, users.email, users.role,
  users.branch_id, privileges.id, privileges.name_en, privileges.name_ar, privileges.admin_access,
  privileges.features
  from login_sessions inner join users on users.id = login_sessions.user_id
  left join privileges on users.privilege_id = privileges.id
  where login_sessions.id = $1 and users.id = $2 and login_sessions.logout_at is null and users.deleted_at is null`;

function load(url: string, init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }) {
  const { body, ...rest } = init;
  return loadOf({ url, connections: CONNECTIONS, duration: SECONDS, ...rest, ...(body ? { bodies: [body] } : {}) });
}

/** Rounds of one load as one: answers over the whole time, p50 and p99 over every answer, every refusal. */
function merged(results: LoadResult[]) {
  const total = results.reduce((n, r) => n + r.total, 0);
  const seconds = results.reduce((n, r) => n + r.duration, 0);
  const times = results.flatMap((r) => r.times);
  return {
    requests: { average: total / seconds },
    latency: { p50: percentile(times, 0.5), p99: percentile(times, 0.99) },
    /** The servers' thread's busy time an answer, in microseconds. */
    busy: (1000 * results.reduce((n, r) => n + r.busy, 0)) / total,
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}
type Merged = ReturnType<typeof merged>;

const line = (name: string, r: Merged) =>
  `${name.padEnd(40)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${r.latency.p50.toFixed(1).padStart(5)} ms   p99 ${r.latency.p99.toFixed(1).padStart(5)} ms   server thread ${r.busy.toFixed(0).padStart(4)} µs an answer   non-2xx ${r.non2xx}   errors ${r.errors}`;

async function listening(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** The access token's claims (sub, sid), read without checking: the floor only needs their values. */
function claimsOf(token: string): { userId: number; sessionId: string } {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
  return { userId: Number(payload.sub), sessionId: payload.sid };
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-bench-'));
  chmodSync(dataDir, 0o755);
  const database = await startEmbeddedDatabase(join(dataDir, 'db'));
  const server = await startBenchServer({ databaseUrl: database.url, dataDir });
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  const floor = Fastify({ logger: false });
  try {
    const login = await fetch(`${server.url}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchAdmin),
    });
    const { data } = (await login.json()) as { data: { accessToken: string } };
    const { userId, sessionId } = claimsOf(data.accessToken);
    const list = async () => (await pool.query(LIST)).rows;
    floor.get('/list', list);
    floor.post('/list', list);
    floor.post('/both', async () => {
      const [signedIn] = (await pool.query(SIGNED_IN, [sessionId, userId])).rows;
      if (!signedIn) throw new Error('the floor lost its sign-in');
      return (await pool.query(LIST)).rows;
    });
    const floorUrl = await listening(floor);

    // Alternating short rounds: a neighbour's load on a shared machine then weighs on all four alike.
    const runs = {
      get: [] as LoadResult[],
      alone: [] as LoadResult[],
      both: [] as LoadResult[],
      branchList: [] as LoadResult[],
    };
    // What the station sends: the floor is given the same request.
    const asTheStation = {
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${data.accessToken}` },
      body: '{}',
    };
    for (let round = 0; round < ROUNDS; round++) {
      runs.get.push(await load(`${floorUrl}/list`, { method: 'GET' }));
      runs.alone.push(await load(`${floorUrl}/list`, asTheStation));
      runs.both.push(await load(`${floorUrl}/both`, asTheStation));
      runs.branchList.push(await load(`${server.url}/branch/list`, asTheStation));
    }
    const get = merged(runs.get);
    const alone = merged(runs.alone);
    const both = merged(runs.both);
    const branchList = merged(runs.branchList);
    // A refusal is answered faster than a list: a run with any would overstate PlayDesk.
    if (branchList.non2xx > 0 || branchList.errors > 0) throw new Error('PlayDesk refused or dropped requests');
    const ratio = (floorResult: Merged) => branchList.requests.average / floorResult.requests.average;
    console.log(
      `\n/branch/list throughput, ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${SECONDS} s each, loopback`,
    );
    console.log(line('floor: Fastify + pg, the list alone, GET', get));
    console.log(line('floor: Fastify + pg, the list alone', alone));
    console.log(line('floor: Fastify + pg, sign-in check + list', both));
    console.log(line('PlayDesk authenticated /branch/list', branchList));
    console.log(`ratio: ${ratio(both).toFixed(2)} of the same two statements (the sign-in check from the database)`);
    console.log(`ratio: ${ratio(get).toFixed(2)} of the list alone for a bare GET (no body to read and parse)`);
    console.log(
      `server thread an answer: ×${(branchList.busy / alone.busy).toFixed(2)} the list alone's (a rate held by the load's own thread hides this)`,
    );
    const perSecond = (r: Merged) => `${Math.round(r.requests.average).toLocaleString('en')} req/s`;
    goal({
      name: '/branch/list req/s',
      figure: perSecond(branchList),
      floor: `${perSecond(alone)} (bare Fastify + pg, the list alone, the same POST)`,
      ratio: ratio(alone),
      atLeast: 0.7,
    });
  } finally {
    await floor.close();
    await pool.end();
    await server.close();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
