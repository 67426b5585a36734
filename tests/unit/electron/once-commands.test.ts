import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../../electron/services/api-client';
import { OnceCommands } from '../../../electron/services/once-commands';
import { Session } from '../../../electron/services/session';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { FilePendingStore } from '../../../electron/platform/node/file-pending-store';
import { FakeServer, okBody, tokens, user } from './fakes';

const root = mkdtempSync(join(tmpdir(), 'playdesk-once-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

let server: FakeServer;
let file: string;
let session: Session;
let serial = 0;
const answered = {
  id: 1,
  branch_id: 1,
  invoice_no: 1,
  kind: 'invoice',
  original_id: null,
  original_invoice_no: null,
  cancelled_at: null,
  cashier_id: 2,
  coupon_id: null,
  parent_id: null,
  gross: 500,
  discount: 0,
  net: 435,
  vat: 65,
  payable: 500,
  cash: 500,
  pos: 0,
  pos_reference: null,
  change: 0,
  created_at: '2026-03-01T10:00:00.000Z',
  lines: [],
  subscriptions: [],
};
const sale = { cart: [{ product: { id: 7, qty: 1 } }], salesData: { payments: { cash: 500 } } };

beforeEach(async () => {
  server = new FakeServer()
    .on('/user/login', () => okBody(tokens(1)))
    .on('/sale/sale/create', () => okBody(answered, 'SALES_COMPLETED'));
  file = join(root, `pending-${++serial}.json`);
  session = new Session(new MemorySecretStore());
});

/** The station's services as they are built at each start, over the same files. */
async function station() {
  const api = new ApiClient({ transport: server, session, serverUrl: () => 'http://server', emit: () => {} });
  if (!(await session.tokens())) await api.login({ login: 'cashier@x.test', password: 'pw' });
  return new OnceCommands(api, session, new FilePendingStore(file), () => new Date('2026-03-01T10:00:00Z'));
}
const keysSent = () => server.to('/sale/sale/create').map((r) => r.headers['Idempotency-Key']);

describe('a sale sent once', () => {
  it('keeps its key while the server is unreachable and sends it again with the same key, without DUPES', async () => {
    const till = await station();
    server.down = true;
    expect(await till.send('sale/sale/create', sale)).toEqual({ status: false, message: 'SERVER_UNREACHABLE' });
    expect(await till.pending('sale/sale/create')).toEqual({
      name: 'sale/sale/create',
      body: sale,
      since: '2026-03-01T10:00:00.000Z',
    });
    server.down = false;
    expect(await till.send('sale/sale/create', sale)).toMatchObject({ status: true, message: 'SALES_COMPLETED' });
    const [first, retry] = keysSent();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(await till.pending('sale/sale/create')).toBeNull();
  });

  it('survives a restart of the station: the new services send the pending sale with the same key', async () => {
    const till = await station();
    server.down = true;
    await till.send('sale/sale/create', sale);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    server.down = false;
    const restarted = await station();
    const pending = await restarted.pending('sale/sale/create');
    expect(pending?.body).toEqual(sale);
    expect((await restarted.send('sale/sale/create', pending!.body)).status).toBe(true);
    expect(new Set(keysSent()).size).toBe(1);
    expect(await restarted.pending('sale/sale/create')).toBeNull();
  });

  it('a double press sends once; a new sale after the answer gets a new key', async () => {
    const till = await station();
    const [a, b] = await Promise.all([till.send('sale/sale/create', sale), till.send('sale/sale/create', sale)]);
    expect(a).toEqual(b);
    expect(keysSent()).toHaveLength(1);
    const other = { ...sale, salesData: { payments: { cash: 1000 } } };
    await till.send('sale/sale/create', other);
    const [first, second] = keysSent();
    expect(second).not.toBe(first);
  });

  it('a refusal settles it too: only an unknown outcome stays pending', async () => {
    server.on('/sale/sale/create', () => ({ status: 409, body: { status: false, message: 'INSUFFICIENT_STOCK' } }));
    const till = await station();
    expect(await till.send('sale/sale/create', sale)).toEqual({ status: false, message: 'INSUFFICIENT_STOCK' });
    expect(await till.pending('sale/sale/create')).toBeNull();
  });

  it('a gateway in front of the server that gives up (502/503/504, no answer of the server) leaves it pending', async () => {
    const till = await station();
    server.on('/sale/sale/create', () => ({ status: 504, body: '<html>Gateway Time-out</html>' }));
    expect(await till.send('sale/sale/create', sale)).toEqual({ status: false, message: 'SERVER_UNREACHABLE' });
    server.on('/sale/sale/create', () => okBody(answered, 'SALES_COMPLETED'));
    expect((await till.send('sale/sale/create', sale)).status).toBe(true);
    const [first, retry] = keysSent();
    expect(retry).toBe(first);
  });

  it('the cashier can drop a pending sale; sent again later it is a new sale with a new key', async () => {
    const till = await station();
    server.down = true;
    await till.send('sale/sale/create', sale);
    expect(await till.drop('sale/sale/create')).toBeNull();
    expect(await till.pending('sale/sale/create')).toBeNull();
    server.down = false;
    await till.send('sale/sale/create', sale);
    const [first, second] = keysSent();
    expect(second).not.toBe(first);
  });

  it('belongs to the cashier who sent it: another signed in on the station neither sees nor resends it', async () => {
    const till = await station();
    server.down = true;
    await till.send('sale/sale/create', sale);
    server.down = false;
    session = new Session(new MemorySecretStore());
    server.on('/user/login', () => okBody({ ...tokens(2), user: { ...user, id: 2 } }));
    const colleague = await station();
    expect(await colleague.pending('sale/sale/create')).toBeNull();
    await colleague.send('sale/sale/create', sale);
    const [first, second] = keysSent();
    expect(second).not.toBe(first);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject([{ userId: 1, key: first }]); // still the first cashier's to finish
  });

  it('a check-in is kept the same way, beside a pending sale', async () => {
    server.on('/parent/kids/checkin', () => okBody([], 'CHECKIN_DONE'));
    const till = await station();
    server.down = true;
    await till.send('sale/sale/create', sale);
    const visit = { parent_id: 3, badge: 'B-1', kidsList: [4] };
    await till.send('parent/kids/checkin', visit);
    server.down = false;
    expect((await till.send('parent/kids/checkin', visit)).status).toBe(true);
    const [a, b] = server.to('/parent/kids/checkin').map((r) => r.headers['Idempotency-Key']);
    expect(b).toBe(a);
    expect(await till.pending('parent/kids/checkin')).toBeNull();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(1); // the sale is still pending
  });
});
