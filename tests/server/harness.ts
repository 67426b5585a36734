import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalFileStore } from '../../server/files/file-store';
import { inject } from 'vitest';
import { openAdapterPool, openDatabase, type Database } from '../../server/db/client';
import { sharedSecret } from '../../server/db/secrets';
import { buildApp, type App, type AppDeps } from '../../server/app';
import { seedLookups } from '../../server/modules/lookups/seed';
import { hashPassword } from '../../server/modules/auth/passwords';
import { users } from '../../server/db/schema';
import type { FieldError } from '../../shared/api/envelope';
import { endpointOf, type EndpointName, type RequestOf, type ResponseOf } from '../../shared/api/catalogue';
import { splitRequest } from '../../shared/api/endpoint';
import { SUPERVISOR_HEADER } from '../../shared/api/supervisor';
import type { SmsGateway } from '../../server/sms/sms-gateway';
import type { Feature, FeatureFlags } from '../../shared/permissions';

/** The envelope as a test reads it: either side's fields, checked by the assertions. */
export type Envelope<T> = { status: boolean; message: string; data: T; errors?: FieldError[]; logout?: true };

export const ADMIN = { login: 'admin@playdesk.test', password: 'admin-pass-1' };

/** The owner a first run makes administrator, as the first-run form sends them. */
export const OWNER = {
  name_en: 'Huda',
  name_ar: 'هدى',
  login: 'owner@centre.test',
  password: 'owner-pass',
  confirm_password: 'owner-pass',
};

/** Who a catalogue call is made as, and headers it carries besides (an Idempotency-Key). */
export interface CallOptions {
  token?: string;
  /** The supervisor's token, for room work. */
  supervisor?: string;
  headers?: Record<string, string>;
}

export interface TestServer {
  url: string;
  app: App;
  database: Database;
  /** The realtime adapter's pool (its NOTIFYs reach the other server instances). */
  adapterPool: pg.Pool;
  /**
   * A catalogue endpoint called by name through Fastify's inject (no socket): the request is typed as the
   * endpoint takes it (path segments filled from it, a GET's rest in the query), the answer's data as it
   * gives it.
   */
  call<N extends EndpointName>(
    name: N,
    request: RequestOf<N>,
    opts?: CallOptions,
  ): Promise<{ status: number; body: Envelope<ResponseOf<N>> }>;
  /** POSTs JSON (or raw text) and returns status and decoded body. */
  post<T = unknown>(
    path: string,
    body?: unknown,
    token?: string,
    raw?: string,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: Envelope<T> }>;
  patch<T = unknown>(path: string, body: unknown, token: string): Promise<{ status: number; body: Envelope<T> }>;
  get<T = unknown>(path: string, token: string): Promise<{ status: number; body: Envelope<T> }>;
  login(login?: string, password?: string): Promise<{ accessToken: string; refreshToken: string }>;
  addEmployee(over?: Partial<typeof users.$inferInsert> & { password?: string }): Promise<number>;
  /** Signs in a new employee of branch 1 holding a role with these rights; answers their token. */
  staff(mobile: string, features: Partial<Record<Feature, FeatureFlags>>, branchId?: number): Promise<string>;
  /**
   * Opens the shift of whoever holds `token` (an administrator's at `branchId`) with an empty float:
   * where a branch counts its cash, as it does by default, a cash sale or refund needs one.
   */
  openShift(token: string, branchId?: number): Promise<void>;
  /** A product taxed at the first rate (1 = the price includes VAT, 2 = VAT added), with stock. */
  product(token: string, name: string, price: number, options?: { stock?: number; included?: 1 | 2 }): Promise<number>;
  /** What the default (outbox) gateway was handed, code and all: the parents' phones. */
  texts: { to: string; body: string }[];
  close(): Promise<void>;
}

/**
 * Employees' hashes made once per password text in a test file: scrypt at the product's cost takes most of
 * a core's second, and a file adds dozens of employees with the same few passwords.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** A test file's server with the administrator signed in: the start most files share. */
export async function startWithAdministrator(): Promise<{ server: TestServer; admin: string }> {
  const server = await startTestServer();
  return { server, admin: (await server.login()).accessToken };
}

/** A new, empty database on the run's cluster. */
export async function freshDatabaseUrl(): Promise<string> {
  const base = inject('databaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh database on the run's cluster, migrated and seeded, with the real app listening on a free port. */
export async function startTestServer(
  opts: {
    withAdministrator?: boolean;
    /** The gateway from the environment; null: none, so the provider set in Settings (else the outbox) sends. */
    sms?: SmsGateway | null;
    now?: () => Date;
    /** Receives the server's log lines (level info) instead of silencing them. */
    log?: string[];
    /** The promotion sender's rate and patience. */
    promotion?: AppDeps['promotion'];
  } = {},
): Promise<TestServer> {
  const databaseUrl = await freshDatabaseUrl();
  const database = await openDatabase(databaseUrl);
  // The realtime adapter as a deployed server runs it, so every test goes through it.
  const adapterPool = openAdapterPool(databaseUrl);
  await seedLookups(database.db);
  const mediaDir = mkdtempSync(join(tmpdir(), 'playdesk-media-'));
  const texts: TestServer['texts'] = [];
  // The outbox gateway, also telling the test what a parent's phone would show (the outbox keeps codes masked).
  const phones: SmsGateway = {
    name: 'outbox',
    deliver: async (to, body) => (texts.push({ to, body }), { status: 'stored', providerId: null }),
  };
  const app = buildApp({
    db: database.db,
    tokenKey: await sharedSecret(database.db, 'access-token-key'),
    files: new LocalFileStore(mediaDir),
    sms: opts.sms === null ? undefined : (opts.sms ?? phones),
    logLevel: opts.log ? 'info' : 'silent',
    logStream: opts.log && { write: (line: string) => void opts.log!.push(line) },
    now: opts.now,
    promotion: opts.promotion,
    adapterPool,
  });
  if (opts.withAdministrator !== false) await app.auth.ensureFirstAdministrator(ADMIN.login, ADMIN.password);
  await app.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = app.fastify.server.address();
  const serverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const send = async (
    method: string,
    path: string,
    body: unknown,
    token?: string,
    raw?: string,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(serverUrl + path, {
      method,
      headers: {
        ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: method === 'GET' ? undefined : (raw ?? JSON.stringify(body)),
    });
    return { status: res.status, body: (await res.json()) as never };
  };
  const server: TestServer = {
    url: serverUrl,
    app,
    database,
    adapterPool,
    async call(name, request, { token, supervisor, headers = {} } = {}) {
      const endpoint = endpointOf(name);
      const { url, rest } = splitRequest(endpoint.path, request as Record<string, unknown>);
      const res = await app.fastify.inject({
        method: endpoint.method,
        url,
        // As the station sends a GET: a field left empty is no parameter.
        ...(endpoint.method === 'GET'
          ? { query: Object.fromEntries(Object.entries(rest).flatMap(([k, v]) => (v == null ? [] : [[k, String(v)]]))) }
          : { payload: rest }),
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(supervisor ? { [SUPERVISOR_HEADER]: supervisor } : {}),
          ...headers,
        },
      });
      return { status: res.statusCode, body: res.json() };
    },
    post: (path, body = {}, token, raw, headers) => send('POST', path, body, token, raw, headers),
    patch: (path, body, token) => send('PATCH', path, body, token),
    get: (path, token) => send('GET', path, undefined, token),
    async login(login = ADMIN.login, password = ADMIN.password) {
      const res = await server.post<{ accessToken: string; refreshToken: string }>('/user/login', { login, password });
      if (!res.body.status) throw new Error(`login failed: ${res.body.message}`);
      return res.body.data;
    },
    async addEmployee({ password = 'employee-pass', ...over } = {}) {
      const [row] = await database.db
        .insert(users)
        .values({
          name_en: 'Employee',
          name_ar: 'موظف',
          mobile: `05${randomBytes(4).readUInt32BE() % 100000000}`,
          password_hash: await hashOnce(password),
          role: 'employee',
          ...over,
        })
        .returning({ id: users.id });
      return row!.id;
    },
    texts,
    async openShift(token, branchId) {
      const opened = await server.post('/cashup/open', { opening_float: 0, branch_id: branchId ?? null }, token);
      if (!opened.body.status) throw new Error(`shift not opened: ${opened.body.message}`);
    },
    async product(token, name, price, { stock = 0, included = 1 } = {}) {
      const made = await server.post<{ id: number }>(
        '/product/create',
        { name_en: name, name_ar: `منتج ${name}`, price, tax_id: 1, included },
        token,
      );
      if (!made.body.status) throw new Error(`product not made: ${made.body.message}`);
      if (stock > 0) await server.post('/product/addstock', { id: made.body.data.id, qty: stock }, token);
      return made.body.data.id;
    },
    async staff(mobile, features, branchId = 1) {
      const admin = (await server.login()).accessToken;
      const role = await server.post<{ id: number }>(
        '/priviledge/role/create',
        { name_en: `Role ${mobile}`, name_ar: `دور ${mobile}`, features },
        admin,
      );
      const registered = await server.post(
        '/user/register',
        {
          name_en: 'Staff',
          name_ar: 'موظف',
          mobile,
          priviledge_id: role.body.data.id,
          branch_id: branchId,
          password: 'staff-01',
          confirm_password: 'staff-01',
        },
        admin,
      );
      if (!registered.body.status) throw new Error(`staff not registered: ${registered.body.message}`);
      return (await server.login(mobile, 'staff-01')).accessToken;
    },
    async close() {
      await app.fastify.close();
      await adapterPool.end();
      await database.close();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** A POST to a running server as a station sends it (JSON, the bearer token): the envelope it answered. */
export async function postTo<T = unknown>(url: string, path: string, body: unknown = {}, token?: string) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

/** An employee of branch 1 on this role, registered at `url` by the administrator and signed in there. */
export async function staffOnRole(url: string, admin: string, roleId: number, mobile: string) {
  const password = 'staff-01';
  const registered = await postTo<{ id: number }>(
    url,
    '/user/register',
    {
      name_en: 'Staff',
      name_ar: 'موظف',
      mobile,
      priviledge_id: roleId,
      branch_id: 1,
      password,
      confirm_password: password,
    },
    admin,
  );
  if (!registered.status) throw new Error(`staff not registered: ${registered.message}`);
  const signedIn = await postTo<{ accessToken: string; refreshToken: string }>(url, '/user/login', {
    login: mobile,
    password,
  });
  if (!signedIn.status) throw new Error(`staff not signed in: ${signedIn.message}`);
  return { id: registered.data.id, ...signedIn.data };
}

/**
 * POSTs JSON with headers fetch will not send as given (Host): what a browser under another site's
 * name, or a proxy, sends.
 */
export function postAs<T = unknown>(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: Envelope<T> }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, url),
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Envelope<T> }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
