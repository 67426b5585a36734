import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freshDatabaseUrl, type Envelope } from './harness';
import { killAll, startServerProcess } from './server-process';

/**
 * A campaign whose server is killed (SIGKILL: no goodbye) three times mid-send and started again on
 * the same database: every number receives the message at most once, and every row ends sent or
 * unknown — none lost, none sent twice. The server runs as `npm run server` does, in a child process;
 * its SMS go to a Twilio-compatible gateway on loopback that counts what each number received.
 * Verdicts rest on counts, never on how fast; the limit below only ends a run that never finishes.
 */
const HANG = { timeout: 300_000 };
const ROWS = 400;
const ADMIN = { login: 'admin@restart.test', password: 'admin-pass-1' };

afterEach(killAll);

/** The loopback gateway: counts each number; `onMessage` may kill the server while the request is in hand. */
function fakeGateway() {
  const received = new Map<string, number>();
  const senders = new Set<string>();
  let total = 0;
  const hooks = { onMessage: (_total: number) => {} };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const to = form.get('To') ?? '';
      senders.add(form.get('From') ?? '');
      received.set(to, (received.get(to) ?? 0) + 1);
      total += 1;
      hooks.onMessage(total);
      // A little later, as a gateway answers: more messages are in the air when the server dies.
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${total}` }));
      }, 5);
    });
  });
  return {
    received,
    senders,
    hooks,
    total: () => total,
    async listen(): Promise<string> {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      const address = server.address();
      return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** `npm run server` on the database, its SMS to the gateway. */
function startServer(databaseUrl: string, gatewayUrl: string): Promise<{ child: ChildProcess; url: string }> {
  return startServerProcess(databaseUrl, {
    POS_ADMIN_LOGIN: ADMIN.login,
    POS_ADMIN_PASSWORD: ADMIN.password,
    SMS_GATEWAY: 'twilio',
    SMS_BASE_URL: gatewayUrl,
    SMS_ACCOUNT_SID: 'AC0001',
    SMS_AUTH_TOKEN: 'token',
    SMS_FROM: 'PlayDesk',
    PROMOTION_SMS_RATE: '200',
    // The shortest allowed: rows a killed server left in `sending` are found unknown soon after.
    PROMOTION_STALE_MS: '1000',
  });
}

async function post<T>(url: string, path: string, body: unknown, token?: string): Promise<Envelope<T>> {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

async function signIn(url: string): Promise<string> {
  return (await post<{ accessToken: string }>(url, '/user/login', ADMIN)).data.accessToken;
}

const gateway = fakeGateway();
afterAll(() => gateway.close());

describe('a campaign through three SIGKILLs', HANG, () => {
  it('sends every number at most once and ends every row sent or unknown', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const gatewayUrl = await gateway.listen();
    let server = await startServer(databaseUrl, gatewayUrl);
    let token = await signIn(server.url);
    // The real clock drives this server: its window is the whole day.
    const window = { window_start: 0, window_end: 1440, sender: null, opt_out_en: 'STOP', opt_out_ar: 'إيقاف' };
    expect((await post(server.url, '/settings/promotion/update', window, token)).status).toBe(true);
    const rows = Array.from({ length: ROWS }, (_, i) => ({ row: i + 2, mobile: `0552${String(i).padStart(6, '0')}` }));
    const created = await post<{ campaign_id: number }>(
      server.url,
      '/promotion/bulksms',
      { rows, message: 'Offer', branch_id: 1 },
      token,
    );
    expect(created.status, created.message).toBe(true);
    const id = created.data.campaign_id;

    const killedInHand: string[] = [];
    for (let kill = 0; kill < 3; kill++) {
      // A moment somewhere in the next stretch of the campaign, the message then in the gateway's hand.
      const at = gateway.total() + 20 + Math.floor(Math.random() * 60);
      const child = server.child;
      const died = new Promise<void>((done) => child.once('exit', () => done()));
      gateway.hooks.onMessage = (total) => {
        if (total !== at) return;
        child.kill('SIGKILL');
        killedInHand.push([...gateway.received.keys()].at(-1)!);
      };
      await died;
      gateway.hooks.onMessage = () => {};
      server = await startServer(databaseUrl, gatewayUrl);
    }
    token = await signIn(server.url);
    for (;;) {
      const { data } = await post<{ campaign: { state: string } }>(server.url, '/promotion/campaign', { id }, token);
      if (data.campaign.state === 'done') break;
      await new Promise((r) => setTimeout(r, 200));
    }

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const stored = await db.query<{ mobile: string; state: string; cause: string | null }>(
      'select mobile, state, cause from promotion_rows where campaign_id = $1',
      [id],
    );
    await db.end();
    expect(stored.rows).toHaveLength(ROWS);
    const received = (mobile: string) => gateway.received.get(mobile) ?? 0;
    // Nobody received it twice.
    expect([...gateway.received.values()].filter((n) => n > 1)).toEqual([]);
    for (const row of stored.rows) {
      // None lost: each row is sent, or unknown (its server died with it in the air).
      expect(['sent', 'unknown'], row.mobile).toContain(row.state);
      if (row.state === 'sent') expect(received(row.mobile), row.mobile).toBe(1);
      if (row.state === 'unknown') expect(row.cause).toBe('INTERRUPTED');
    }
    // The messages the gateway held when each server died were never answered: unknown, not sent again.
    for (const mobile of killedInHand) expect(stored.rows.find((r) => r.mobile === mobile)?.state).toBe('unknown');
    const unknown = stored.rows.filter((r) => r.state === 'unknown').length;
    expect(unknown).toBeGreaterThanOrEqual(3);
    expect(stored.rows.filter((r) => r.state === 'sent').length + unknown).toBe(ROWS);
    // Under the promotional name: the service sender's with -AD.
    expect([...gateway.senders]).toEqual(['PlayDesk-AD']);
    server.child.kill('SIGTERM');
  });
});
