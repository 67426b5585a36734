import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../../electron/services/api-client';
import { Session } from '../../../electron/services/session';
import { printShiftReport } from '../../../electron/services/printing/print-jobs';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { FileSettingsStore } from '../../../electron/platform/node/file-settings-store';
import { defaultSettings } from '../../../electron/platform/ports';
import { shortShift } from '../../fixtures/shift-summary';
import { decodeTaxQr } from '../../fixtures/tax-qr-decoder';
import { textsDrawnWhile } from '../../fixtures/drawn-text';
import { localDateTime } from '../../../shared/domain/time-zone';
import QRCode from 'qrcode';
import type { SessionUser } from '../../../shared/permissions';
import { FakeServer, okBody, tokens, user, stationHandlers } from './fakes';

/**
 * The station's own commands (its settings, its server, its printers) are asked by whoever holds the
 * page, Electron's or a browser's: each needs a signed-in user with the right for it.
 */

/** A receipt printer on loopback that records each connection and job (and says its roll is in). */
let printer: Server;
let printerAddress = '';
let connections = 0;
const jobs: Buffer[] = [];
let jobArrived: () => void = () => {};
beforeAll(async () => {
  printer = createServer((socket) => {
    connections += 1;
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => {
      if (c.equals(Buffer.from([0x10, 0x04, 0x04]))) socket.write(Buffer.from([0x12]));
      else chunks.push(c);
    });
    socket.on('close', () => {
      if (!chunks.length) return;
      jobs.push(Buffer.concat(chunks));
      jobArrived();
    });
  });
  await new Promise<void>((done) => printer.listen(0, '127.0.0.1', done));
  printerAddress = `tcp://127.0.0.1:${(printer.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((done) => printer.close(() => done())));

/** The next job the printer takes, however long the machine takes to send it. */
async function printed(send: () => Promise<unknown>): Promise<{ answer: unknown; job: Buffer }> {
  const arrived = new Promise<void>((done) => (jobArrived = done));
  const answer = await send();
  await arrived;
  return { answer, job: jobs.at(-1)! };
}

const shift = shortShift;
/** The station's branch as the server answers it. */
const riyadh = {
  id: 1,
  name_en: 'Olaya branch',
  name_ar: 'فرع العليا',
  address: 'Olaya St, Riyadh',
  phone: null,
  vat_number: '310122393500003',
  currency: 'SAR',
  time_zone: 'Asia/Riyadh',
  country: 'SA',
  counts_cash: true,
};

const flags = (update: boolean) => ({ access: true, view: true, create: true, update, delete: false });
const employee = (features: NonNullable<SessionUser['privilege']>['features']): SessionUser => ({
  ...user,
  id: 4,
  role: 'employee',
  branch_id: 1,
  privilege: { id: 9, name_en: 'Cashier', name_ar: 'كاشير', admin_access: false, features },
});

/** A station whose settings name a printer, signed in as `who` (or nobody), its server recording every call. */
async function station(who: SessionUser | null) {
  const server = new FakeServer()
    .on('/user/login', () => okBody({ ...tokens(1), user: who }))
    .on('/cashup/report', () => okBody(shift))
    .on('/branch/station', () => okBody(riyadh));
  const session = new Session(new MemorySecretStore());
  const settings = new FileSettingsStore(join(mkdtempSync(join(tmpdir(), 'playdesk-rights-')), 'settings.json'));
  await settings.save({ ...defaultSettings, printer: { ...defaultSettings.printer, address: printerAddress } });
  const api = new ApiClient({ transport: server, session, serverUrl: () => 'http://127.0.0.1:4100', emit: () => {} });
  const handlers = stationHandlers(api, session, {
    settings,
    appInfo: () => ({ version: '1', shell: 'web', serverUrl: '' }),
  });
  if (who) await api.login({ login: 'someone@x.test', password: 'pw' });
  return { handlers, settings, server };
}

const elsewhere = { ...defaultSettings, serverMode: 'remote' as const, serverUrl: 'https://attacker.example' };
const theirPrinter = { address: 'tcp://127.0.0.1:1', paper: 80 as const, autoPrint: true, drawer: true };

describe('with nobody signed in', () => {
  it('the station keeps its server and its printer: settings are not saved', async () => {
    const { handlers, settings } = await station(null);
    expect(await handlers['pos:settings-set']({ ...elsewhere, printer: theirPrinter })).toEqual({
      status: false,
      message: 'NOT_AUTHORISED',
    });
    expect(await settings.load()).toMatchObject({ serverMode: 'embedded', printer: { address: printerAddress } });
  });

  it('prints nothing: no test receipt, no shift report, and the server is not asked', async () => {
    const { handlers, server } = await station(null);
    const before = connections;
    expect(await handlers['pos:print-test']({ ...theirPrinter, address: printerAddress })).toEqual({
      status: 'failed',
      message: 'NOT_AUTHORISED',
    });
    expect(await handlers['pos:print-shift']({ id: 12 })).toEqual({ status: 'failed', message: 'NOT_AUTHORISED' });
    expect(server.requests).toHaveLength(0);
    // A print sent is answered only after the printer took it: none was even connected to.
    expect(connections).toBe(before);
  });
});

describe('a signed-in cashier without the update right on Settings', () => {
  const cashier = employee({ Sales: flags(true), Settings: flags(false) });

  it('cannot save the settings or send a test print', async () => {
    const { handlers, settings } = await station(cashier);
    expect(await handlers['pos:settings-set'](elsewhere)).toEqual({ status: false, message: 'NOT_AUTHORISED' });
    expect((await settings.load()).serverMode).toBe('embedded');
    const before = connections;
    expect(await handlers['pos:print-test']({ ...theirPrinter, address: printerAddress })).toEqual({
      status: 'failed',
      message: 'NOT_AUTHORISED',
    });
    expect(connections).toBe(before);
  });

  it("prints a shift's X/Z slip as the server's cash-up report gives it, never the figures the page sends", async () => {
    const { handlers, server } = await station(cashier);
    const forged = { ...shift, expected_cash: 99_999_900, counted_cash: 99_999_900, difference: 0 };
    const fromStation = await printed(() => handlers['pos:print-shift'](forged));
    expect(fromStation.answer).toEqual({ status: 'printed' });
    expect(server.to('/cashup/report').map((r) => r.body)).toEqual([{ id: 12 }]);
    const asReported = await printed(() =>
      printShiftReport({ ...defaultSettings.printer, address: printerAddress }, shift),
    );
    expect(fromStation.job.equals(asReported.job)).toBe(true);
  });

  it("is told the server's refusal of a shift that is not theirs, and nothing prints", async () => {
    const { handlers, server } = await station(cashier);
    server.on('/cashup/report', () => ({ status: 404, body: { status: false, message: 'NOT_FOUND' } }));
    const before = connections;
    expect(await handlers['pos:print-shift']({ id: 13 })).toEqual({ status: 'failed', message: 'NOT_FOUND' });
    expect(connections).toBe(before);
  });
});

describe('a manager with the update right on Settings', () => {
  it('saves the settings and sends a test print', async () => {
    const { handlers, settings } = await station(employee({ Settings: flags(true) }));
    const printerSettings = { ...theirPrinter, address: printerAddress, autoPrint: false };
    expect(await handlers['pos:settings-set']({ ...defaultSettings, printer: printerSettings })).toMatchObject({
      status: true,
      data: { printer: printerSettings },
    });
    expect((await settings.load()).printer).toEqual(printerSettings);
    expect((await printed(() => handlers['pos:print-test'](printerSettings))).answer).toEqual({ status: 'printed' });
  });

  it("prints the test receipt as the station's branch: its name, its VAT number (in the QR too), its zone's time, the sender as cashier", async () => {
    const manager = employee({ Settings: flags(true) });
    const { handlers, server } = await station(manager);
    const qr = vi.spyOn(QRCode, 'create');
    let job: { answer: unknown; job: Buffer } | null = null;
    const before = new Date();
    const texts = await textsDrawnWhile(async () => {
      job = await printed(() => handlers['pos:print-test']({ ...theirPrinter, address: printerAddress }));
    });
    const payload = String(qr.mock.calls[0]![0]);
    qr.mockRestore();
    expect(job!.answer).toEqual({ status: 'printed' });
    expect(server.to('/branch/station').map((r) => r.body)).toEqual([{ branch_id: manager.branch_id }]);
    expect(texts).toEqual(
      expect.arrayContaining(['فرع العليا', 'Olaya branch', 'VAT 310122393500003', manager.name_ar]),
    );
    // The time as the branch's clock reads it (the test's own zone is not Riyadh's).
    const riyadhTimes = [before, new Date()].map((d) => localDateTime(d.toISOString(), 'Asia/Riyadh'));
    expect(texts.some((t) => riyadhTimes.includes(t))).toBe(true);
    expect(decodeTaxQr(payload)).toMatchObject({
      sellerName: 'فرع العليا | Olaya branch',
      vatNumber: '310122393500003',
    });
  });

  it("weighs Settings' serial-line time on a real job: the test print's for the paper until a receipt is printed on it, then that receipt's", async () => {
    const { handlers } = await station(employee({ Settings: flags(true) }));
    const estimate = await handlers['pos:receipt-bytes']({ paper: 58 });
    const sent = await printed(() =>
      handlers['pos:print-test']({ ...theirPrinter, address: printerAddress, paper: 58, drawer: false }),
    );
    // The same sample, perhaps a minute later on its clock: a digit or two of ink apart at most.
    expect(Math.abs(estimate.bytes! - sent.job.length) / sent.job.length).toBeLessThan(0.05);
    expect(await handlers['pos:receipt-bytes']({ paper: 58 })).toEqual({ bytes: sent.job.length });
    const { handlers: nobody } = await station(null);
    expect(await nobody['pos:receipt-bytes']({ paper: 80 })).toEqual({ bytes: null });
  });
});
