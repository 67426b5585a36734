import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server } from 'socket.io';
import { io, type Socket } from 'socket.io-client';
import { openDatabase } from '../../server/db/client';
import { startEmbeddedDatabase } from '../../server/db/embedded';
import { loginSessions, privileges, users } from '../../server/db/schema';
import { sharedSecret } from '../../server/db/secrets';
import { AccessTokens } from '../../server/modules/auth/tokens';
import type { RunningServer } from '../../server/start';
import { startBenchServer } from './bench-server';
import { REALTIME_PATH } from '../../shared/realtime';
import type { ChatMessage } from '../../shared/api/chat';

/**
 * Chat delivery on loopback (issue 24): CLIENTS connected stations in pairs, RATE messages a second for
 * SECONDS, each POST /chats from one of a pair to the other; latency is from the POST leaving the
 * sender to the `message` event at the receiver. With one server instance, then with two on one
 * database (each pair split across them: every message crosses @socket.io/postgres-adapter). The
 * floor: the same clients and rate through a bare socket.io server relaying to a room, no database;
 * each figure is given beside it as a ratio. Figures, not a pass/fail test (goal: p99 < 100 ms).
 */
const CLIENTS = Number(process.env.BENCH_CHAT_CLIENTS ?? 200);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 30);

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? NaN;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Load {
  latencies: number[];
  sent: number;
}

/** A client connected; with `ready`, once that event arrived too. */
function connect(url: string, auth: Record<string, unknown>, ready = 'connect'): Promise<Socket> {
  const socket = io(url, { path: REALTIME_PATH, auth, transports: ['websocket'], reconnection: false });
  return new Promise((resolve, reject) => {
    socket.once(ready, () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** RATE sends a second for `seconds`, each from a random client to its pair; waits for the stragglers. */
async function drive(
  send: (from: number, to: number, startedAt: number) => void,
  load: Load,
  seconds = SECONDS,
): Promise<void> {
  const total = RATE * seconds;
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    // Paced against the start, so a slow send does not slow the rate.
    const due = start + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const from = Math.floor(Math.random() * CLIENTS);
    send(from, from ^ 1, performance.now());
    load.sent += 1;
  }
  const deadline = performance.now() + 10_000;
  while (load.latencies.length < total && performance.now() < deadline) await sleep(50);
}

/** The floor: a bare socket.io server that relays each message to the receiver's room. */
async function floor(): Promise<Load> {
  const http = createServer();
  const relay = new Server(http, { path: REALTIME_PATH });
  relay.on('connection', (socket) => {
    const user = Number(socket.handshake.auth.user);
    void socket.join(`user:${user}`);
    socket.on('relay', (m: { to: number; t: number }) => relay.to(`user:${m.to}`).emit('message', m));
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const address = http.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const load: Load = { latencies: [], sent: 0 };
  const sockets = await Promise.all(Array.from({ length: CLIENTS }, (_, user) => connect(url, { user })));
  for (const socket of sockets)
    socket.on('message', (m: { t: number }) => load.latencies.push(performance.now() - m.t));
  await drive((from, to, t) => sockets[from]!.emit('relay', { to, t }), load);
  for (const socket of sockets) socket.disconnect();
  await relay.close();
  return load;
}

/** The real path: POST /chats to the sender's server, `message` at the receiver's. */
async function chat(servers: RunningServer[], tokens: string[], ids: number[], seconds = SECONDS): Promise<Load> {
  const load: Load = { latencies: [], sent: 0 };
  // Pair members on different servers when there are two.
  const serverOf = (client: number) => servers[client % servers.length]!.url;
  const sentAt = new Map<string, number>();
  // Connecting costs each station a catch-up query: measured from when all of them are answered.
  const sockets = await Promise.all(
    tokens.map((token, client) => connect(serverOf(client), { token }, 'get_all_chat')),
  );
  for (const socket of sockets)
    socket.on('message', (m: ChatMessage) => {
      const t = sentAt.get(m.clientId);
      if (t === undefined) return;
      sentAt.delete(m.clientId);
      load.latencies.push(performance.now() - t);
    });
  await drive(
    (from, to, t) => {
      const clientId = randomUUID();
      sentAt.set(clientId, t);
      void fetch(`${serverOf(from)}/chats`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[from]}` },
        body: JSON.stringify({ clientId, receiverId: ids[to], body: 'Bench message' }),
      }).then((res) => res.arrayBuffer());
    },
    load,
    seconds,
  );
  for (const socket of sockets) socket.disconnect();
  return load;
}

function line(label: string, load: Load, base?: Load): string {
  const p50 = pct(load.latencies, 0.5);
  const p99 = pct(load.latencies, 0.99);
  const ratio = base
    ? `   ×${(p50 / pct(base.latencies, 0.5)).toFixed(1)} / ×${(p99 / pct(base.latencies, 0.99)).toFixed(1)} floor`
    : '';
  return `${label.padEnd(34)} p50 ${p50.toFixed(1)} ms   p99 ${p99.toFixed(1)} ms${ratio}   ${load.latencies.length}/${load.sent} arrived`;
}

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-bench-chat-'));
  chmodSync(dataDir, 0o755);
  const database = await startEmbeddedDatabase(join(dataDir, 'server'));
  const servers: RunningServer[] = [];
  try {
    const start = () =>
      startBenchServer({
        databaseUrl: database.url,
        dataDir,
      });
    servers.push(await start());
    // Stations signed in without the password hash each sign-in costs: sessions and tokens as sign-in makes them.
    const db = await openDatabase(database.url);
    const [role] = await db.db
      .insert(privileges)
      .values({
        name_en: 'Chat bench',
        name_ar: 'محادثة',
        features: { Chat: { access: true, view: true, create: true, update: false, delete: false } },
      })
      .returning({ id: privileges.id });
    const people = await db.db
      .insert(users)
      .values(
        Array.from({ length: CLIENTS }, (_, i) => ({
          name_en: `Staff ${i}`,
          name_ar: `موظف ${i}`,
          password_hash: '-',
          privilege_id: role!.id,
          branch_id: 1,
        })),
      )
      .returning({ id: users.id });
    const sessions = await db.db
      .insert(loginSessions)
      .values(people.map(({ id }) => ({ user_id: id, branch_id: 1 })))
      .returning({ id: loginSessions.id, user_id: loginSessions.user_id });
    const signer = new AccessTokens(await sharedSecret(db.db, 'access-token-key'));
    const tokens = await Promise.all(sessions.map((s) => signer.sign({ userId: s.user_id, sessionId: s.id })));
    await db.close();
    const ids = people.map((p) => p.id);

    const base = await floor();
    // A few seconds unmeasured first: the server's code compiled hot, as on a station's second minute.
    await chat(servers, tokens, ids, 3);
    const one = await chat(servers, tokens, ids);
    servers.push(await start());
    const two = await chat(servers, tokens, ids);

    console.log(
      `\nchat delivery, loopback, embedded PostgreSQL: ${CLIENTS} clients, ${RATE} msg/s for ${SECONDS} s (goal p99 < 100 ms)`,
    );
    console.log(line('one instance', one, base));
    console.log(line('two instances (postgres adapter)', two, base));
    console.log(line('floor: bare socket.io relay', base));
  } finally {
    for (const server of servers) await server.close();
    await database.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
