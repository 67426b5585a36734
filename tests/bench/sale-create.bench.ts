import autocannon from 'autocannon';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAdmin, startBenchServer } from './bench-server';

/**
 * Sale creation under 20 cashiers at once (20 connections, each request its own Idempotency-Key):
 * every sale takes stock, numbers an invoice in one branch (serialised by design: no gaps) and
 * writes its lines. Figures, not a pass/fail test.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-bench-sale-'));
  chmodSync(dataDir, 0o755);
  const server = await startBenchServer({
    dataDir,
  });
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { status: boolean; data: { id: number; accessToken: string } };
  };
  try {
    const admin = (await post('/user/login', benchAdmin)).data.accessToken;
    const products = [];
    for (let i = 0; i < 5; i++) {
      const { id } = (
        await post(
          '/product/create',
          { name_en: `Item ${i}`, name_ar: `صنف ${i}`, price: 1150 + i * 100, tax_id: 1, included: 1 },
          admin,
        )
      ).data;
      await post('/product/addstock', { id, qty: 100_000 }, admin);
      products.push(id);
    }
    const body = JSON.stringify({
      cart: products.slice(0, 3).map((id) => ({ product: { id, qty: 1 } })),
      salesData: { payments: { cash: 10_000 }, branch_id: 1 },
    });
    let n = 0;
    const result = await autocannon({
      url: `${server.url}/sale/sale/create`,
      connections: 20,
      duration: SECONDS,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${admin}`,
              'idempotency-key': `bench-${n++}`,
            },
            body,
          }),
        },
      ],
    });
    const list = (await post('/sale/pagelist', { perPage: 1 }, admin)) as unknown as {
      data: { statistics: { count: number } };
    };
    console.log(`\nsale creation, 20 concurrent cashiers, ${SECONDS} s, loopback, one branch`);
    console.log(
      `${result.requests.average.toFixed(0)} sales/s   p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   non-2xx ${result.non2xx}   errors ${result.errors}   invoices written ${list.data.statistics.count}`,
    );
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
