import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sales } from '../../server/db/schema/sales';
import type { Receipt } from '../../shared/domain/receipt';
import { ADMIN, startTestServer, type TestServer } from './harness';
import { loopbackProxy, station, type Said } from '../fixtures/offline-stations';

/**
 * Issue 28's proof: two stations (tests/fixtures/offline-station.ts, the station's main process without
 * a window) each behind a loopback proxy that drops every connection while cut. Cut off, they sell
 * until their reserved numbers run out; one is SIGKILLed mid-way and started again from its folder,
 * still cut off; back online they drain (the second time it is killed again mid-drain); twice: 200
 * sales. Then the server has 200 invoices in branch 1,
 * numbered 1 to 200 without a gap or a double, each identical (number, lines, totals, tax QR) to the
 * receipt printed offline. It runs once the server serves the offline routes.
 * Verdicts rest on counts and contents; the limit only ends a run that never finishes.
 */
const HANG = { timeout: 300_000 };
const ROUNDS = 2;

let server: TestServer;
let routes = false;
const folders: string[] = [];
const children: ChildProcess[] = [];
beforeAll(async () => {
  try {
    server = await startTestServer();
    routes = true;
  } catch (error) {
    // Before the server's part of issue 28 is merged its app refuses to start without those routes.
    if (!String(error).includes('No route for offline/')) throw error;
  }
});
afterEach(() => children.splice(0).forEach((c) => c.kill('SIGKILL')));
afterAll(async () => {
  await server?.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

describe('two stations cut off from the server', HANG, () => {
  it('sell 200 sales offline, one killed mid-way, and every one arrives once, numbered as printed', async (ctx) => {
    if (!routes) ctx.skip();
    const admin = (await server.login()).accessToken;
    await server.product(admin, 'Juice', 575, { stock: 10_000 });
    const proxies = [
      await loopbackProxy(Number(new URL(server.url).port)),
      await loopbackProxy(Number(new URL(server.url).port)),
    ];
    const data = proxies.map(() => {
      const dir = mkdtempSync(join(tmpdir(), 'playdesk-offline-station-'));
      folders.push(dir);
      return dir;
    });
    // Every receipt printed, by number, whichever station printed it and whether it was killed after.
    const printed = new Map<number, Receipt>();
    const heard = (said: Said) => {
      if (said.type === 'sold') printed.set((said.receipt as Receipt).number, said.receipt as Receipt);
    };
    const start = async (i: number) => {
      const s = station(proxies[i]!.url, data[i]!, ADMIN, heard);
      children.push(s.child);
      expect((await s.ready).at(-1)?.type).toBe('ready');
      return s;
    };
    const stations = [await start(0), await start(1)];
    let sold = 0;
    let soldFor = 0;
    let drainFor = 0;
    let killed = 0;

    for (let round = 0; round < ROUNDS; round++) {
      for (const p of proxies) p.cut(true);
      // Station 0 is killed in the middle of its sales, then started again, still cut off.
      const first = stations[0]!;
      const left = (await first.status()).numbersLeft;
      const killAt = Math.floor(left / 2);
      let seen = 0;
      const dying = first.until((s) => s.type === 'sold' && ++seen === killAt);
      const began = performance.now();
      first.child.stdin!.write(`sell ${left}\n`);
      await dying;
      first.child.kill('SIGKILL');
      await new Promise((done) => first.child.once('exit', done));
      killed++;
      stations[0] = await start(0);
      const rest = (await stations[0].status()).numbersLeft;
      await Promise.all([
        stations[0].send(`sell ${rest}`),
        stations[1]!.status().then((st) => stations[1]!.send(`sell ${st.numbersLeft}`)),
      ]);
      soldFor += performance.now() - began;
      for (const st of stations) expect(await st.status()).toMatchObject({ link: 'offline', numbersLeft: 0 });
      sold += 100;

      // The last round, station 0 is killed again while it sends its queue: what it sent again arrives once.
      const replayKilled =
        round === ROUNDS - 1 &&
        stations[0]!.until((s) => s.type === 'offline-status' && (s.status as { waiting: number }).waiting === 25);
      for (const p of proxies) p.cut(false);
      const draining = performance.now();
      await Promise.all(stations.map((st) => st.send('drain')).slice(replayKilled ? 1 : 0));
      if (replayKilled) {
        await replayKilled;
        stations[0]!.child.kill('SIGKILL');
        await new Promise((done) => stations[0]!.child.once('exit', done));
        killed++;
        stations[0] = await start(0);
        await stations[0].send('drain');
      }
      drainFor += performance.now() - draining;
      for (const st of stations) expect(await st.status()).toMatchObject({ link: 'online', waiting: 0, stuck: 0 });
    }

    const rows = await server.database.db
      .select({ id: sales.id, invoice_no: sales.invoice_no, branch_id: sales.branch_id })
      .from(sales)
      .orderBy(asc(sales.invoice_no));
    expect(rows).toHaveLength(sold);
    expect(rows.map((r) => r.invoice_no)).toEqual(Array.from({ length: sold }, (_, i) => i + 1));
    // A sale queued at the kill whose receipt never printed is recorded too; every printed one is, identical.
    expect(printed.size).toBeGreaterThanOrEqual(sold - killed);
    for (const row of rows) {
      const receipt = printed.get(row.invoice_no);
      if (!receipt) continue;
      const answer = await server.call('sale/receipt/:id', { id: row.id }, { token: admin });
      expect(answer.body.data).toEqual(receipt);
    }
    // Figures for the closing note.
    const state = readFileSync(join(data[0]!, 'offline', 'state.json'), 'utf8').length;
    console.info(
      `offline stations: ${sold} sales, ${((sold / soldFor) * 1000).toFixed(1)} sales/s recorded offline, ` +
        `${(drainFor / ROUNDS).toFixed(0)} ms to drain ${sold / ROUNDS} queued sales, ${killed} kills, ` +
        `${sold - printed.size} queued at a kill without a printed receipt (state ${state} bytes)`,
    );
  });
});
