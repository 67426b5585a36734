import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { RealtimeClient } from '../../../electron/services/realtime';
import { createHandlers, InvalidBridgeArgument } from '../../../electron/ipc/handlers';
import { Session } from '../../../electron/services/session';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { FileChatStore } from '../../../electron/platform/node/file-chat-store';
import { REALTIME_PATH, type RealtimePayload } from '../../../shared/realtime';
import type { ChatMessage } from '../../../shared/api/chat';
import type { BridgeEvent } from '../../../shared/ipc';

const http = createServer();
const io = new Server(http, { path: REALTIME_PATH });
let url = '';
/** The tokens the server accepts, and each socket's handshake as it came. */
const valid = new Set(['access-1', 'access-2']);
let handshakes: { token: unknown; after: unknown }[] = [];
/** What the stations told the server. */
let received: unknown[] = [];
let reauths: unknown[] = [];
/** The answer to a `reauthenticate`. */
let reauthOk = true;
/** While set, a handshake waits for it (the station is connecting, not connected). */
let gate: Promise<void> | null = null;
/** What the server does with each new socket (a test's own script). */
let onConnection: (socket: ServerSocket) => void = () => {};
io.use(async (socket, next) => {
  handshakes.push({ token: socket.handshake.auth.token, after: socket.handshake.auth.after });
  await gate;
  next(valid.has(socket.handshake.auth.token) ? undefined : new Error('SESSION_EXPIRED'));
});
io.on('connection', (socket) => {
  socket.on('message_received', (payload) => received.push(payload));
  socket.on('reauthenticate', (payload, ack: (answer: { ok: boolean }) => void) => {
    reauths.push(payload);
    ack({ ok: reauthOk });
  });
  onConnection(socket);
});

const root = mkdtempSync(join(tmpdir(), 'playdesk-realtime-'));
let serial = 0;
beforeAll(async () => {
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const address = http.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await new Promise((done) => io.close(done));
  rmSync(root, { recursive: true, force: true });
});
/**
 * Waits for what the sockets do: socket.io reconnects after a random 0.5 to 1.5 s, slower on a busy
 * machine, so the wait is long; a broken client still fails it.
 */
const until = <T>(actual: () => T) => expect.poll(actual, { timeout: 30_000, interval: 20 });
/** Every station a test built, stopped after it whatever happened (a live one would hear the next test's server). */
const live: RealtimeClient[] = [];
afterEach(async () => {
  for (const realtime of live.splice(0)) realtime.stop();
  await until(() => io.sockets.sockets.size).toBe(0);
});
beforeEach(() => {
  handshakes = [];
  received = [];
  reauths = [];
  reauthOk = true;
  gate = null;
  onConnection = () => {};
});

const user = {
  id: 1,
  name_en: 'A',
  name_ar: 'أ',
  mobile: null,
  email: 'a@x',
  role: 'cashier',
  branch_id: 1,
  privilege: null,
};
const signedIn = (accessToken: string) => ({ accessToken, refreshToken: 'refresh', user });

/** A stored message `id` from `senderId` to `receiverId` (the station's user is 1). */
const chat = (id: number, senderId: number, receiverId: number, isDelivered = false): ChatMessage => ({
  id,
  clientId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  userId: senderId === 1 ? receiverId : senderId,
  senderId,
  receiverId,
  replyTo: null,
  body: `message ${id}`,
  status: isDelivered ? 'delivered' : 'confirmed',
  isDelivered,
  pending: false,
  bookmarked: false,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  deliveredAt: isDelivered ? '2026-03-01T10:00:01.000Z' : null,
});

function station(
  opts: {
    refresh?: (session: Session) => Promise<boolean>;
    missed?: (after: number) => RealtimePayload<'chat_data'> | null;
    folder?: string;
  } = {},
) {
  const session = new Session(new MemorySecretStore());
  const pushed: BridgeEvent[] = [];
  const missedAsked: number[] = [];
  const folder = opts.folder ?? join(root, `station-${++serial}`);
  const realtime = new RealtimeClient({
    session,
    serverUrl: () => url,
    emit: (event) => pushed.push(event),
    refresh: () => (opts.refresh ?? (async () => false))(session),
    chat: new FileChatStore(folder),
    missed: async (after) => (missedAsked.push(after), opts.missed?.(after) ?? null),
  });
  live.push(realtime);
  return { session, pushed, realtime, missedAsked, folder };
}
const realtimePushes = (pushed: BridgeEvent[], event: string) =>
  pushed.flatMap((p) => (p.type === 'realtime' && p.event === event ? [p.data] : []));

describe('the station’s realtime client', () => {
  it('connects once signed in and forwards a valid event to the page, dropping bad payloads and unknown events', async () => {
    const { session, pushed, realtime } = station();
    await session.save(signedIn('access-1'));
    await until(() => io.sockets.sockets.size).toBe(1);
    await until(() => pushed).toEqual([{ type: 'realtime-connected' }]);
    io.emit('visits_changed', { branch_id: 'one' });
    io.emit('format_disk', { branch_id: 1 });
    io.emit('visits_changed', { branch_id: 3 });
    await until(() => pushed).toEqual([
      { type: 'realtime-connected' },
      { type: 'realtime', event: 'visits_changed', data: { branch_id: 3 } },
    ]);
    await session.clear();
    await until(() => io.sockets.sockets.size).toBe(0);
    realtime.stop();
  });

  it('refused for an expired access token, it refreshes and connects with the fresh one', async () => {
    const { session, realtime } = station({ refresh: async (s) => (await s.save(signedIn('access-2')), true) });
    await session.save(signedIn('expired'));
    await until(() => io.sockets.sockets.size).toBe(1);
    expect(handshakes.map((h) => h.token)).toEqual(['expired', 'access-2']);
    realtime.stop();
    await until(() => io.sockets.sockets.size).toBe(0);
  });
});

describe('the station’s chat on the socket', () => {
  it('acknowledges no message on arrival, only what the page shows (pos:chat-received → message_received with its socket id)', async () => {
    const { session, realtime, folder } = station();
    onConnection = (socket) => {
      socket.emit('message', chat(5, 2, 1));
      socket.emit('message', chat(6, 2, 1));
    };
    await session.save(signedIn('access-1'));
    // Both held (an acknowledgement on arrival would have gone out on the socket before this).
    await until(async () => (await new FileChatStore(folder).load(1)).after).toBe(6);
    const handlers = createHandlers({ realtime } as never);
    for (const bad of [
      { ids: [] },
      { ids: [0] },
      { ids: [1.5] },
      { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
    ])
      await expect(handlers['pos:chat-received'](bad)).rejects.toBeInstanceOf(InvalidBridgeArgument);
    expect(await handlers['pos:chat-received']({ ids: [6] })).toBeNull();
    await until(() => received.length).toBeGreaterThan(0);
    const [socket] = io.sockets.sockets.values();
    // The socket keeps order: acknowledgements on arrival would have come first.
    expect(received).toEqual([{ id: 6, receiverId: 1, socketId: socket!.id }]);
    realtime.stop();
    await until(() => io.sockets.sockets.size).toBe(0);
  });

  it('keeps what the page acknowledged while not connected and tells it once on the next connect', async () => {
    const { session, realtime } = station();
    await session.save(signedIn('access-1'));
    await until(() => io.sockets.sockets.size).toBe(1);
    let open = () => {};
    gate = new Promise((done) => (open = done));
    for (const socket of io.sockets.sockets.values()) socket.conn.close();
    await until(() => handshakes.length).toBe(2);
    realtime.acknowledge([7, 8]);
    realtime.acknowledge([8]);
    expect(received).toEqual([]);
    open();
    await until(() => received).toHaveLength(2);
    const [socket] = io.sockets.sockets.values();
    expect(received).toEqual([
      { id: 7, receiverId: 1, socketId: socket!.id },
      { id: 8, receiverId: 1, socketId: socket!.id },
    ]);
    realtime.stop();
    await until(() => io.sockets.sockets.size).toBe(0);
  });

  it('names the last message it holds in each handshake, so a reconnection’s chat_data brings what was missed', async () => {
    const first = station();
    onConnection = (socket) => {
      socket.emit('message', chat(7, 2, 1));
      socket.emit('chat_data', { messages: [chat(8, 1, 2), chat(9, 3, 1)], more: false });
    };
    await first.session.save(signedIn('access-1'));
    await until(async () => (await new FileChatStore(first.folder).load(1)).after).toBe(9);
    // The connection drops (not a sign-out): socket.io reconnects, showing the newest id it holds.
    onConnection = () => {};
    for (const socket of io.sockets.sockets.values()) socket.conn.close();
    await until(() => handshakes.length).toBe(2);
    expect(handshakes).toEqual([
      { token: 'access-1', after: 0 },
      { token: 'access-1', after: 9 },
    ]);
    first.realtime.stop();
    await until(() => io.sockets.sockets.size).toBe(0);
    // A restart of the app on the same folder keeps it.
    const restarted = station({ folder: first.folder });
    await restarted.session.save(signedIn('access-1'));
    await until(() => handshakes.length).toBe(3);
    expect(handshakes[2]).toEqual({ token: 'access-1', after: 9 });
    restarted.realtime.stop();
    await until(() => io.sockets.sockets.size).toBe(0);
    expect(received).toEqual([]);
  });

  it('asks for the rest of a catch-up that has more and pushes it to the page as chat_data', async () => {
    const rest = { messages: [chat(12, 2, 1), chat(13, 2, 1)], more: false };
    const { session, pushed, realtime, missedAsked } = station({ missed: (after) => (after === 11 ? rest : null) });
    onConnection = (socket) => socket.emit('chat_data', { messages: [chat(10, 1, 2), chat(11, 2, 1)], more: true });
    await session.save(signedIn('access-1'));
    await until(() => realtimePushes(pushed, 'chat_data')).toHaveLength(2);
    expect(missedAsked).toEqual([11]);
    expect(realtimePushes(pushed, 'chat_data')).toEqual([
      { messages: [chat(10, 1, 2), chat(11, 2, 1)], more: true },
      rest,
    ]);
    realtime.stop();
    await until(() => io.sockets.sockets.size).toBe(0);
  });

  it('shows a refreshed access token to the same socket (reauthenticate); refused, it connects anew with it', async () => {
    const { session, realtime } = station();
    await session.save(signedIn('access-1'));
    await until(() => io.sockets.sockets.size).toBe(1);
    const [socket] = io.sockets.sockets.values();
    await session.save(signedIn('access-2'));
    await until(() => reauths).toEqual([{ token: 'access-2' }]);
    expect(io.sockets.sockets.get(socket!.id)).toBe(socket); // the same socket carries on
    expect(handshakes).toHaveLength(1);
    reauthOk = false;
    valid.add('access-3');
    await session.save(signedIn('access-3'));
    await until(() => handshakes.length).toBe(2);
    expect(reauths).toEqual([{ token: 'access-2' }, { token: 'access-3' }]);
    expect(handshakes[1]).toEqual({ token: 'access-3', after: 0 });
    realtime.stop();
    await until(() => io.sockets.sockets.size).toBe(0);
  });
});
