import { createServer, connect, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { startTestServer, type TestServer } from './harness';
import { sales } from '../../server/db/schema';
import { composeServices } from '../../electron/services/compose';
import { FileSecretStore } from '../../electron/platform/node/file-secret-store';
import { FileSettingsStore } from '../../electron/platform/node/file-settings-store';
import { FilePendingStore } from '../../electron/platform/node/file-pending-store';
import { FileChatStore } from '../../electron/platform/node/file-chat-store';
import { AxiosTransport } from '../../electron/platform/node/axios-transport';

/**
 * Between the till and a real server: forwards every request, and while `dropAnswers` is set cuts the
 * connection when the answer starts to come back, so the server has committed and the till never hears.
 */
class AnswerDroppingProxy {
  dropAnswers = false;
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(upstreamPort: number) {
    this.server = createServer((client) => {
      const upstream = connect(upstreamPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream);
      upstream.on('data', (chunk) => {
        if (!this.dropAnswers) return void client.write(chunk);
        client.destroy();
        upstream.destroy();
      });
      upstream.on('end', () => client.end());
      client.on('close', () => upstream.destroy());
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    const address = this.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((done) => this.server.close(() => done()));
  }
}

let server: TestServer;
let proxy: AnswerDroppingProxy;
let proxyUrl: string;
let productId: number;
const stationDir = mkdtempSync(join(tmpdir(), 'playdesk-station-'));

beforeAll(async () => {
  server = await startTestServer();
  const admin = (await server.login()).accessToken;
  await server.openShift(
    await server.staff('0543333333', {
      Sales: { access: true, view: true, create: true, update: false, delete: false },
    }),
  );
  productId = (
    await server.post<{ id: number }>(
      '/product/create',
      { name_en: 'Juice', name_ar: 'عصير', price: 500, tax_id: 1, included: 1 },
      admin,
    )
  ).body.data.id;
  await server.post('/product/addstock', { id: productId, qty: 50 }, admin);
  proxy = new AnswerDroppingProxy(Number(new URL(server.url).port));
  proxyUrl = await proxy.listen();
});
afterAll(async () => {
  await proxy.close();
  await server.close();
  rmSync(stationDir, { recursive: true, force: true });
});

/** The till's main-process services as a station builds them at start, over its files in `stationDir`. */
function till() {
  return composeServices(
    {
      secrets: new FileSecretStore(join(stationDir, 'session.json')),
      pending: new FilePendingStore(join(stationDir, 'pending-commands.json')),
      chat: new FileChatStore(join(stationDir, 'chat')),
      settings: new FileSettingsStore(join(stationDir, 'settings.json')),
      transport: new AxiosTransport(5_000),
    },
    { serverUrl: () => proxyUrl, emit: () => {}, appInfo: () => ({ version: '1', shell: 'web', serverUrl: proxyUrl }) },
  ).handlers;
}

const invoices = async () => (await server.database.db.select({ n: count() }).from(sales))[0]!.n;
const sale = (qty: number) => ({
  cart: [{ product: { id: productId, qty } }],
  salesData: { payments: { cash: 500 * qty } },
});

describe('a sale whose answer is lost after the server committed it', () => {
  it('is sold once when the till sends it again: the retry answers the first invoice', async () => {
    const handlers = till();
    expect((await handlers['pos:auth-login']({ login: '0543333333', password: 'staff-01' })).status).toBe(true);
    const before = await invoices();
    proxy.dropAnswers = true;
    expect(await handlers['pos:api-call']({ name: 'sale/sale/create', body: sale(1) })).toEqual({
      status: false,
      message: 'SERVER_UNREACHABLE',
    });
    expect(await invoices()).toBe(before + 1); // the server did sell
    proxy.dropAnswers = false;
    const retried = await handlers['pos:api-call']({ name: 'sale/sale/create', body: sale(1) });
    expect(retried).toMatchObject({ status: true, message: 'SALES_COMPLETED' });
    expect(await invoices()).toBe(before + 1);
    expect(await handlers['pos:pending-get']({ name: 'sale/sale/create' })).toBeNull();
  });

  it('is finished after a restart of the station with the same key: still one invoice', async () => {
    const before = await invoices();
    proxy.dropAnswers = true;
    expect((await till()['pos:api-call']({ name: 'sale/sale/create', body: sale(2) })).message).toBe(
      'SERVER_UNREACHABLE',
    );
    proxy.dropAnswers = false;
    const restarted = till();
    const pending = await restarted['pos:pending-get']({ name: 'sale/sale/create' });
    expect(pending).toMatchObject({ name: 'sale/sale/create', body: sale(2) });
    const finished = await restarted['pos:api-call']({ name: 'sale/sale/create', body: pending!.body });
    expect(finished).toMatchObject({ status: true, message: 'SALES_COMPLETED', data: { lines: [{ qty: 2 }] } });
    expect(await invoices()).toBe(before + 1);
    expect(await restarted['pos:pending-get']({ name: 'sale/sale/create' })).toBeNull();
  });
});
