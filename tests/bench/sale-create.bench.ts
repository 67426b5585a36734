import Fastify from 'fastify';
import pg from 'pg';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startEmbeddedDatabase } from '../../server/db/embedded';
import type { RunningServer, ServerOptions } from '../../server/start';
import { SALE_READ, SALE_WRITE } from '../../server/modules/sales/statements';
import { benchAdmin, startBenchServer } from './bench-server';
import type { ResponseOf } from '../../shared/api/catalogue';
import { goal } from './goals';
import { load, percentile, type LoadResult } from './load';

/**
 * Sale creation under 20 cashiers at once (20 connections, each request its own Idempotency-Key, one
 * branch): every sale takes stock, numbers an invoice (serialised by design: no gaps) and writes its
 * lines. Three servers in one run, each on its own database of one embedded PostgreSQL, in this process
 * (the load in a thread of its own, load.ts):
 * - the floor: bare Fastify + pg (a pool of 10, as the server's) sending exactly the statements PlayDesk
 *   sends for this sale — the sign-in check, the administrator's branch check, the Idempotency-Key's
 *   look-up, begin, its claim, SALE_READ, SALE_WRITE, commit — and the realtime NOTIFY, with the sale's
 *   figures worked out once beforehand;
 * - PlayDesk as it is;
 * - the baseline: PlayDesk at SALE_BASELINE (default cc5acf7, before the sale's locked stretch was
 *   shortened), from a temporary git worktree removed afterwards.
 * Each is warmed, then measured in ROUNDS turns taken in rotating order (the machine is shared).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Each server's SECONDS in this many rounds, the three taking turns. */
const ROUNDS = Number(process.env.SALE_BENCH_ROUNDS ?? 3);
const CASHIERS = 20;
const BASELINE = process.env.SALE_BASELINE ?? 'cc5acf7';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');

// What PlayDesk sends besides its own two statements, as Drizzle writes them.
const SIGNED_IN = `select "users"."id", "users"."name_en", "users"."name_ar", "users"."mobile", "users"."email", "users"."role", "users"."branch_id", "privileges"."id", "privileges"."name_en", "privileges"."name_ar", "privileges"."admin_access", "privileges"."features" from "login_sessions" inner join "users" on "users"."id" = "login_sessions"."user_id" left join "privileges" on "users"."privilege_id" = "privileges"."id" where ("login_sessions"."id" = $1 and "users"."id" = $2 and "login_sessions"."logout_at" is null and "users"."deleted_at" is null)`;
const BRANCH = `select "id" from "branches" where ("branches"."id" = $1 and "branches"."deleted_at" is null)`;
const EARLIER = `select "key", "endpoint", "request_hash", "result_ids", "created_at" from "idempotency_keys" where "idempotency_keys"."key" = $1`;
const CLAIM = `insert into "idempotency_keys" ("key", "endpoint", "request_hash", "result_ids", "created_at") values ($1, $2, $3, $4, default)`;

type Envelope<T> = { status: boolean; message: string; data: T };
type SaleAnswer = ResponseOf<'sale/sale/create'>;

async function post<T>(url: string, body: unknown, token?: string, key?: string): Promise<Envelope<T>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** A server made ready to sell: the administrator signed in with an open shift, five products in stock. */
async function tillOf(server: RunningServer) {
  const admin = (await post<{ accessToken: string }>(`${server.url}/user/login`, benchAdmin)).data.accessToken;
  const shift = await post(`${server.url}/cashup/open`, { opening_float: 0, branch_id: 1 }, admin);
  if (!shift.status) throw new Error(`no shift opened: ${shift.message}`);
  const products = [];
  for (let i = 0; i < 5; i++) {
    const { id } = (
      await post<{ id: number }>(
        `${server.url}/product/create`,
        { name_en: `Item ${i}`, name_ar: `صنف ${i}`, price: 1150 + i * 100, tax_id: 1, included: 1 },
        admin,
      )
    ).data;
    await post(`${server.url}/product/addstock`, { id, qty: 100_000 }, admin);
    products.push(id);
  }
  const body = {
    cart: products.slice(0, 3).map((id) => ({ product: { id, qty: 1 } })),
    salesData: { payments: { cash: 10_000 }, branch_id: 1 },
  };
  const first = await post<SaleAnswer>(`${server.url}/sale/sale/create`, body, admin, 'warm-up');
  if (!first.status) throw new Error(`the warm-up sale failed: ${first.message}`);
  return { admin, products: products.slice(0, 3), body, first: first.data };
}

function sell(url: string, token: string, body: string, prefix: string, duration = SECONDS) {
  return load({
    url,
    connections: CASHIERS,
    duration,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    bodies: [body],
    idempotencyPrefix: prefix,
  });
}

/** A target's rounds together: sales completed a second over all of them (a refusal is no sale), the median round's p50 and p99. */
function figures(name: string, rounds: LoadResult[]) {
  const total = (pick: (r: LoadResult) => number) => rounds.reduce((n, r) => n + pick(r), 0);
  const median = (pick: (r: LoadResult) => number) =>
    rounds.map(pick).sort((a, b) => a - b)[Math.floor(rounds.length / 2)]!;
  const perSecond = total((r) => r.ok) / total((r) => r.duration);
  const p50 = median((r) => percentile(r.times, 0.5));
  const p99 = median((r) => percentile(r.times, 0.99));
  console.log(
    `${name.padEnd(46)} ${perSecond.toFixed(0).padStart(5)} sales/s   p50 ${p50.toFixed(0).padStart(4)} ms   p99 ${p99.toFixed(0).padStart(5)} ms   non-2xx ${total((r) => r.non2xx)}   errors ${total((r) => r.errors)}`,
  );
  return { perSecond, p99 };
}

async function createDatabase(clusterUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The access token's claims (sub, sid), read without checking: the floor only needs their values. */
function claimsOf(token: string): { userId: number; sessionId: string } {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string; sid: string };
  return { userId: Number(payload.sub), sessionId: payload.sid };
}

/** Bare Fastify + pg answering a sale with PlayDesk's statements, the figures being those of `first`. */
async function floorServer(databaseUrl: string, till: Awaited<ReturnType<typeof tillOf>>) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const notifier = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const { userId, sessionId } = claimsOf(till.admin);
  const ids = [...till.products].sort((a, b) => a - b);
  const qtys = ids.map(() => 1);
  const { gross, discount, net, vat, payable, cash, pos, pos_reference, change } = till.first;
  const lines = JSON.stringify(till.first.lines);
  const app = Fastify({ logger: false });
  app.post('/sale', async (req) => {
    const key = String(req.headers['idempotency-key']);
    const [user] = (await pool.query({ name: 'auth_signed_in', text: SIGNED_IN, values: [sessionId, userId] })).rows;
    if (!user) throw new Error('the floor lost its sign-in');
    await pool.query(BRANCH, [1]);
    if ((await pool.query(EARLIER, [key])).rows.length) throw new Error('a key sent twice');
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(CLAIM, [key, 'sale/sale/create', 'f'.repeat(64), '{}']);
      const [read] = (await client.query({ ...SALE_READ, values: [userId, 1, ids] })).rows as { shift_id: number }[];
      const sale = {
        branch_id: 1,
        cashier_id: userId,
        coupon_id: null,
        parent_id: null,
        parent_info: null,
        gross,
        discount,
        net,
        vat,
        payable,
        cash,
        pos,
        pos_reference,
        change,
        shift_id: read!.shift_id,
      };
      const values = [JSON.stringify(sale), ids, qtys, lines, '[]', [], key];
      const [written] = (await client.query({ ...SALE_WRITE, values })).rows as { sale: unknown }[];
      if (!written!.sale) throw new Error('the floor ran out of stock');
      await client.query('commit');
      void notifier.query('select pg_notify($1, $2)', ['floor', JSON.stringify({ branch_id: 1 })]).catch(() => {});
      return written;
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sale`,
    async close() {
      await app.close();
      await pool.end();
      await notifier.end();
    },
  };
}

/** PlayDesk at `commit`, from a temporary worktree sharing this one's node_modules. */
async function baselineServer(commit: string, options: ServerOptions) {
  const dir = mkdtempSync(join(tmpdir(), 'playdesk-sale-baseline-'));
  rmSync(dir, { recursive: true });
  execFileSync('git', ['-C', repo, 'worktree', 'add', '--detach', dir, commit], { stdio: 'ignore' });
  const remove = () => execFileSync('git', ['-C', repo, 'worktree', 'remove', '--force', dir], { stdio: 'ignore' });
  try {
    symlinkSync(realpathSync(join(repo, 'node_modules')), join(dir, 'node_modules'));
    const { startServer } = (await import(pathToFileURL(join(dir, 'server', 'start.ts')).href)) as {
      startServer(o: ServerOptions): Promise<RunningServer>;
    };
    const server = await startServer({
      port: 0,
      adminLogin: benchAdmin.login,
      adminPassword: benchAdmin.password,
      logLevel: 'silent',
      ...options,
    });
    return {
      ...server,
      async close() {
        await server.close();
        remove();
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-bench-sale-'));
  chmodSync(dataDir, 0o755);
  const database = await startEmbeddedDatabase(join(dataDir, 'db'));
  const closing: (() => Promise<void>)[] = [];
  try {
    const nowUrl = await createDatabase(database.url, 'sale_now');
    const baseUrl = await createDatabase(database.url, 'sale_baseline');
    const current = await startBenchServer({ databaseUrl: nowUrl, dataDir: join(dataDir, 'now') });
    closing.push(() => current.close());
    const baseline = await baselineServer(BASELINE, { databaseUrl: baseUrl, dataDir: join(dataDir, 'baseline') });
    closing.push(() => baseline.close());
    const till = await tillOf(current);
    const oldTill = await tillOf(baseline);
    const floor = await floorServer(nowUrl, till);
    closing.push(() => floor.close());

    const targets = {
      baseline: [`${baseline.url}/sale/sale/create`, oldTill.admin, JSON.stringify(oldTill.body)],
      floor: [floor.url, till.admin, JSON.stringify(till.body)],
      now: [`${current.url}/sale/sale/create`, till.admin, JSON.stringify(till.body)],
    } as const;
    // Each warmed first (connections opened, statements prepared, code compiled): none pays for a cold start.
    for (const [name, [url, token, body]] of Object.entries(targets)) await sell(url, token, body, `warm-${name}`, 2);
    const names = Object.keys(targets) as (keyof typeof targets)[];
    const rounds: Record<keyof typeof targets, LoadResult[]> = { baseline: [], floor: [], now: [] };
    for (let round = 0; round < ROUNDS; round++)
      // Each round in another order, so a change in the shared machine's load falls on all three alike.
      for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
        const [url, token, body] = targets[name];
        rounds[name].push(await sell(url, token, body, `${name}-${round}`, SECONDS / ROUNDS));
      }
    const base = figures(`baseline: PlayDesk at ${BASELINE}`, rounds.baseline);
    const bare = figures('floor: Fastify + pg, the same statements', rounds.floor);
    const now = figures('PlayDesk', rounds.now);
    console.log(
      `sale creation, ${CASHIERS} concurrent cashiers, ${SECONDS} s each in ${ROUNDS} rounds taking turns, loopback, one branch`,
    );

    const floorIs =
      'bare Fastify + pg, pool 10: sign-in check, branch check, key look-up, begin, claim, SALE_READ, SALE_WRITE, commit, NOTIFY';
    goal({
      name: 'sale sales/s (20 cashiers)',
      figure: `${now.perSecond.toFixed(0)} sales/s`,
      floor: `${bare.perSecond.toFixed(0)} sales/s (${floorIs})`,
      ratio: now.perSecond / bare.perSecond,
      atLeast: 0.8,
    });
    goal({
      name: 'sale p99 (20 cashiers)',
      figure: `${now.p99.toFixed(0)} ms`,
      floor: `${bare.p99.toFixed(0)} ms (the same floor)`,
      ratio: now.p99 / bare.p99,
      atMost: 1.25,
    });
    goal({
      name: 'sale sales/s against the baseline',
      figure: `${now.perSecond.toFixed(0)} sales/s`,
      floor: `${base.perSecond.toFixed(0)} sales/s (PlayDesk at ${BASELINE}, same run)`,
      ratio: now.perSecond / base.perSecond,
      atLeast: 2,
    });
  } finally {
    for (const close of closing.reverse()) await close();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
