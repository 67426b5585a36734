import autocannon, { type Result } from 'autocannon';
import Fastify from 'fastify';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAdmin, startBenchServer } from './bench-server';

/**
 * Authenticated POST /branch/list (token check, user + role load, permission, validation, query,
 * envelope) against a bare Fastify hello-world, same machine, same run, same load: the ratio says what
 * PlayDesk's request path costs. Figures, not a pass/fail test.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

function load(
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
): Promise<Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...init });
}

const line = (name: string, r: Result) =>
  `${name.padEnd(28)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   non-2xx ${r.non2xx}   errors ${r.errors}`;

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-bench-'));
  chmodSync(dataDir, 0o755);
  const server = await startBenchServer({
    dataDir,
  });
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloAddress = hello.server.address();
  try {
    const login = await fetch(`${server.url}/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchAdmin),
    });
    const { data } = (await login.json()) as { data: { accessToken: string } };
    const bare = await load(
      `http://127.0.0.1:${typeof helloAddress === 'object' && helloAddress ? helloAddress.port : 0}/`,
      { method: 'GET' },
    );
    const branchList = await load(`${server.url}/branch/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${data.accessToken}` },
      body: '{}',
    });
    console.log(`\n/branch/list throughput, ${CONNECTIONS} connections, ${SECONDS} s each, loopback`);
    console.log(line('bare Fastify hello-world', bare));
    console.log(line('authenticated /branch/list', branchList));
    console.log(
      `ratio /branch/list : hello-world = ${(branchList.requests.average / bare.requests.average).toFixed(3)}`,
    );
  } finally {
    await hello.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
