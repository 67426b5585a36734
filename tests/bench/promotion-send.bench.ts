import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedDatabase } from '../../server/db/embedded';
import { httpGateway } from '../../server/sms/http-gateway';
import { benchAdmin, startBenchServer } from './bench-server';
import { clockTime } from '../../shared/domain/promotion';
import { localDateTime, processTimeZone } from '../../shared/domain/time-zone';

/**
 * Promotion campaigns. Figures, not a pass/fail test:
 * - storing a 100,000-row campaign through `/promotion/bulksms` (goal < 5 s), beside its floor: the
 *   same rows, already E.164, put into a copy of the rows table (its indexes too) by one bare
 *   multi-row insert on the same database;
 * - the send loop against a Twilio-compatible gateway on loopback that answers at once: the rate
 *   achieved beside the one configured (goal: the configured rate, not PlayDesk, is the limit).
 */
const ROWS = 100_000;
const RATE = Number(process.env.BENCH_PROMOTION_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-bench-promotion-'));
  chmodSync(dataDir, 0o755);
  const arrivals: number[] = [];
  const gateway = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrivals.push(performance.now());
      res.writeHead(201, { 'content-type': 'application/json' }).end(`{"sid":"SM${arrivals.length}"}`);
    });
  });
  await new Promise<void>((done) => gateway.listen(0, '127.0.0.1', done));
  const address = gateway.address();
  const gatewayUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const database = await startEmbeddedDatabase(join(dataDir, 'server'));
  const server = await startBenchServer({
    databaseUrl: database.url,
    dataDir,
    sms: httpGateway({
      SMS_GATEWAY: 'twilio',
      SMS_BASE_URL: gatewayUrl,
      SMS_ACCOUNT_SID: 'AC1',
      SMS_AUTH_TOKEN: 'token',
      SMS_FROM: 'PlayDesk',
    }),
    promotion: { ratePerSecond: RATE },
  });
  const post = async <T>(path: string, body: unknown, token?: string) => {
    const res = await fetch(server.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { status: boolean; message: string; data: T };
  };
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const admin = (await post<{ accessToken: string }>('/user/login', benchAdmin)).data.accessToken;
    const window = (start: number, end: number) =>
      post(
        '/settings/promotion/update',
        { window_start: start, window_end: end, sender: null, opt_out_en: 'STOP', opt_out_ar: 'إيقاف' },
        admin,
      );

    // Storing: the window shut (a minute half a day away), so nothing is sent meanwhile.
    // The branch names no zone: the server's own clock is its clock.
    const [hour = 0, min = 0] = localDateTime(new Date(), processTimeZone()).slice(11).split(':').map(Number);
    const minute = (hour * 60 + min + 720) % 1380;
    await window(minute, minute + 1);
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      row: i + 2,
      mobile: `05${String(50_000_000 + i)}`,
      name: `Parent ${i}`,
      kid: `Kid ${i}`,
    }));
    const storeStart = performance.now();
    const stored = await post<{ campaign_id: number }>(
      '/promotion/bulksms',
      { rows, message: 'Offer {name}', branch_id: 1 },
      admin,
    );
    const storeMs = performance.now() - storeStart;
    if (!stored.status) throw new Error(`campaign not stored: ${stored.message}`);
    await post('/promotion/campaign/cancel', { id: stored.data.campaign_id }, admin);

    await client.query('create table bench_rows (like promotion_rows including all)');
    const e164 = rows.map((r) => `+9665${String(50_000_000 + r.row - 2)}`);
    const floorStart = performance.now();
    await client.query(
      `insert into bench_rows (campaign_id, row_no, mobile, name, kid)
       select 1, * from unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
      [rows.map((r) => r.row), e164, rows.map((r) => r.name), rows.map((r) => r.kid)],
    );
    const floorMs = performance.now() - floorStart;

    // Sending: the window open all day, a campaign of SECONDS' worth at the configured rate.
    await window(0, 1440);
    const n = Math.max(2, Math.round(RATE * SECONDS));
    const sendRows = Array.from({ length: n }, (_, i) => ({ row: i + 2, mobile: `05${String(60_000_000 + i)}` }));
    arrivals.length = 0;
    const campaign = await post<{ campaign_id: number }>(
      '/promotion/bulksms',
      { rows: sendRows, message: 'Offer', branch_id: 1 },
      admin,
    );
    for (;;) {
      const { data } = await post<{ campaign: { state: string } }>(
        '/promotion/campaign',
        { id: campaign.data.campaign_id },
        admin,
      );
      if (data.campaign.state === 'done') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const achieved = ((arrivals.length - 1) * 1000) / (arrivals.at(-1)! - arrivals[0]!);

    console.log(`\npromotion campaigns, loopback, embedded PostgreSQL (window for storing: ${clockTime(minute)})`);
    console.log(
      `${'store 100,000 rows (bulksms)'.padEnd(36)} ${(storeMs / 1000).toFixed(2)} s   goal < 5 s ${storeMs < 5000 ? 'met' : 'MISSED'}   ×${(storeMs / floorMs).toFixed(1)} floor`,
    );
    console.log(`${'floor: bare multi-row insert, same'.padEnd(36)} ${(floorMs / 1000).toFixed(2)} s`);
    console.log(
      `${'send loop, fake gateway'.padEnd(36)} ${achieved.toFixed(1)} msg/s achieved   ${RATE} msg/s configured   ${arrivals.length} of ${n} received`,
    );
  } finally {
    await client.end();
    await server.close();
    await database.stop();
    gateway.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
