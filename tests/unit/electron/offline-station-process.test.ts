import { afterEach, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ServerUnreachableError } from '../../../electron/platform/ports';
import { decodeTaxQr } from '../../fixtures/tax-qr-decoder';
import { cashierTokens, OfflineServer } from './offline-fakes';
import { okBody } from './fakes';

/** The fake server over real HTTP; while `down`, every connection is dropped unanswered. */
function listen(fake: OfflineServer): Promise<{ http: Server; url: string }> {
  fake.on('/user/login', () => okBody(cashierTokens()));
  const http = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [
          k === 'idempotency-key' ? 'Idempotency-Key' : k === 'authorization' ? 'Authorization' : k,
          String(v),
        ]),
      );
      fake
        .request({
          method: req.method as 'GET',
          url: `http://x${req.url}`,
          headers,
          body: text ? JSON.parse(text) : undefined,
        })
        .then((answer) => {
          res.writeHead(answer.status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(answer.body));
        })
        .catch((error: unknown) => {
          if (!(error instanceof ServerUnreachableError)) throw error;
          req.socket.destroy();
        });
    });
  });
  return new Promise((resolve) =>
    http.listen(0, '127.0.0.1', () =>
      resolve({ http, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` }),
    ),
  );
}

type Said = { type: string; [k: string]: unknown };

/** The station process, and a way to send it a command and collect what it says until it is done. */
function station(url: string, data: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'tests/fixtures/offline-station.ts',
      '--server',
      url,
      '--data',
      data,
      '--login',
      'sara',
      '--password',
      'secret',
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const waiting: { until: (said: Said) => boolean; seen: Said[]; done: (seen: Said[]) => void }[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const said = JSON.parse(line) as Said;
    for (const w of [...waiting]) {
      w.seen.push(said);
      if (w.until(said)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.done(w.seen);
      }
    }
  });
  const wait = (until: (said: Said) => boolean) =>
    new Promise<Said[]>((done) => waiting.push({ until, seen: [], done }));
  const ready = wait((s) => s.type === 'ready' || s.type === 'error');
  const send = (command: string) => {
    const done = wait((s) => s.type === 'done');
    child.stdin!.write(`${command}\n`);
    return done;
  };
  return { child, ready, send };
}

const cleanup: (() => void)[] = [];
afterEach(() => cleanup.splice(0).forEach((c) => c()));

describe('the offline till as a station process (tests/fixtures/offline-station.ts)', () => {
  it('sells offline with printed receipts, is killed, starts again from its folder and sends each sale once', async () => {
    const fake = new OfflineServer();
    const { http, url } = await listen(fake);
    const data = mkdtempSync(join(tmpdir(), 'playdesk-station-'));
    cleanup.push(
      () => http.close(),
      () => rmSync(data, { recursive: true, force: true }),
    );

    const first = station(url, data);
    let running: ChildProcess = first.child;
    cleanup.push(() => running.kill('SIGKILL'));
    expect((await first.ready).at(-1)).toMatchObject({ type: 'ready', status: { link: 'online', numbersLeft: 50 } });
    fake.down = true;
    const sold = (await first.send('sell 3')).filter((s) => s.type === 'sold');
    expect(sold.map((s) => [s.id, s.message])).toEqual([
      [-1, 'SALE_KEPT_OFFLINE'],
      [-2, 'SALE_KEPT_OFFLINE'],
      [-3, 'SALE_KEPT_OFFLINE'],
    ]);
    const receipts = sold.map((s) => s.receipt as { number: number; qr: string; totals: { total: number } });
    expect(receipts.map((r) => r.number)).toEqual([100, 101, 102]);
    expect(decodeTaxQr(receipts[0]!.qr).total).toBe((receipts[0]!.totals.total / 100).toFixed(2));
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));

    fake.down = false;
    const second = station(url, data);
    running = second.child;
    await second.ready;
    const [status] = (await second.send('drain')).filter((s) => s.type === 'status');
    expect(status).toMatchObject({ status: { link: 'online', waiting: 0, stuck: 0 } });
    expect([...fake.recorded.values()].map((r) => r.invoice_no)).toEqual([100, 101, 102]);
    expect(fake.to('/user/login')).toHaveLength(1);
  }, 60_000);
});
