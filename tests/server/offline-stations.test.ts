import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Receipt } from '../../shared/domain/receipt';
import { ADMIN, freshDatabaseUrl, postTo, type Envelope } from './harness';
import { exited, killAll, startServerProcess } from './server-process';
import { loopbackProxy, station, type Said } from '../fixtures/offline-stations';

/**
 * Issue 28's proof: two stations (tests/fixtures/offline-station.ts, the station's main process without
 * a window) each behind a loopback proxy that drops every connection while cut, before a server process
 * (`npm run server`). Cut off, they sell until their reserved numbers run out; one is SIGKILLed mid-way
 * and started again from its folder, still cut off; back online they drain (the second time it is
 * killed again mid-drain); twice: 200 sales. The second time the server is also stopped (SIGTERM) while
 * they are cut off, and started again on its address before they come back. Then the server has 200
 * invoices in branch 1, numbered 1 to 200 without a gap or a double, each identical (number, lines,
 * totals, tax QR) to the receipt printed offline.
 * Verdicts rest on counts and contents; the limit only ends a run that never finishes.
 */
const HANG = { timeout: 300_000 };
const ROUNDS = 2;

const ENV = { POS_ADMIN_LOGIN: ADMIN.login, POS_ADMIN_PASSWORD: ADMIN.password };
const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  children.splice(0).forEach((c) => c.kill('SIGKILL'));
  killAll();
});
afterAll(() => {
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

describe('two stations cut off from the server', HANG, () => {
  it('sell 200 sales offline, one killed mid-way, and every one arrives once, numbered as printed', async () => {
    const databaseUrl = await freshDatabaseUrl();
    let server = await startServerProcess(databaseUrl, ENV);
    const port = Number(new URL(server.url).port);
    const admin = (await postTo<{ accessToken: string }>(server.url, '/user/login', ADMIN)).data.accessToken;
    const juice = await postTo<{ id: number }>(
      server.url,
      '/product/create',
      { name_en: 'Juice', name_ar: 'عصير', price: 575, tax_id: 1, included: 1 },
      admin,
    );
    await postTo(server.url, '/product/addstock', { id: juice.data.id, qty: 10_000 }, admin);
    const proxies = [await loopbackProxy(port), await loopbackProxy(port)];
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
      const last = round === ROUNDS - 1;
      for (const p of proxies) p.cut(true);
      // The last time the server is stopped too, as an operator stops it, while the stations are cut off.
      if (last) {
        server.child.kill('SIGTERM');
        await exited(server.child);
      }
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

      if (last) server = await startServerProcess(databaseUrl, ENV, port);
      // The last round, station 0 is killed again while it sends its queue: what it sent again arrives once.
      const replayKilled =
        last &&
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

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const rows = (
      await db.query<{ id: number; invoice_no: number }>(
        'select id, invoice_no from sales where branch_id = 1 order by invoice_no',
      )
    ).rows;
    await db.end();
    expect(rows).toHaveLength(sold);
    expect(rows.map((r) => r.invoice_no)).toEqual(Array.from({ length: sold }, (_, i) => i + 1));
    // A sale queued at the kill whose receipt never printed is recorded too; every printed one is, identical.
    expect(printed.size).toBeGreaterThanOrEqual(sold - killed);
    for (const row of rows) {
      const receipt = printed.get(row.invoice_no);
      if (!receipt) continue;
      const answer = await fetch(`${server.url}/sale/receipt/${row.id}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(((await answer.json()) as Envelope<Receipt>).data).toEqual(receipt);
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
