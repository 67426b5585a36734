import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { count, eq } from 'drizzle-orm';
import { ADMIN, startWithAdministrator, type TestServer } from './harness';
import { chatMessages, users } from '../../server/db/schema';
import { REALTIME_PATH, type RealtimePayload, type ServerEventName } from '../../shared/realtime';
import type { ChatContact, ChatMessage } from '../../shared/api/chat';

let server: TestServer;
let admin: string;
let adminId: number;
let roleId: number;
const sockets: Socket[] = [];

const CHAT = { Chat: { access: true, view: true, create: true, update: false, delete: false } };

interface Person {
  id: number;
  token: string;
  refreshToken: string;
  mobile: string;
}

/** A signed-in employee holding the Chat right, of this branch (null: none). */
async function person(mobile: string, name_en: string, name_ar: string, branch_id: number | null = 1): Promise<Person> {
  const id = await server.addEmployee({
    mobile,
    name_en,
    name_ar,
    branch_id,
    privilege_id: roleId,
    password: 'chat-pass',
  });
  const { accessToken, refreshToken } = await server.login(mobile, 'chat-pass');
  return { id, token: accessToken, refreshToken, mobile };
}

beforeAll(async () => {
  ({ server, admin } = await startWithAdministrator());
  const [me] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN.login));
  adminId = me!.id;
  roleId = (
    await server.post<{ id: number }>(
      '/priviledge/role/create',
      { name_en: 'Chatter', name_ar: 'محادث', features: CHAT },
      admin,
    )
  ).body.data.id;
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server.close();
});

const send = (
  from: Person | string,
  receiverId: number,
  body: string,
  extra: { clientId?: string; replyTo?: number } = {},
) =>
  server.post<ChatMessage>(
    '/chats',
    { clientId: extra.clientId ?? randomUUID(), receiverId, body, replyTo: extra.replyTo },
    typeof from === 'string' ? from : from.token,
  );

/** Sends and answers the stored message (the test fails on a refusal). */
async function sent(from: Person | string, receiverId: number, body: string): Promise<ChatMessage> {
  const answer = await send(from, receiverId, body);
  expect(answer.body.message).toBe('OK');
  return answer.body.data;
}

/** Asks again until `check` holds (the test's time-out ends a wait that never does). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A station's socket: connected, with everything it hears from now on, per event. */
async function station(token: string, auth: Record<string, unknown> = {}) {
  const socket = io(server.url, {
    path: REALTIME_PATH,
    auth: { token, ...auth },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  const heard = new Map<string, unknown[]>();
  socket.onAny((event: string, payload: unknown) => void heard.set(event, [...(heard.get(event) ?? []), payload]));
  // The payloads were checked against the catalogue by the server before they were sent.
  const of = <E extends ServerEventName>(event: E) => (heard.get(event) ?? []) as RealtimePayload<E>[];
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  // Connection always tells the unread count: after it, the catch-up (sent first) is in too.
  await until(() => of('get_all_chat').length > 0);
  return { socket, of };
}

describe('chat', () => {
  let ahmad: Person;
  let bushra: Person;
  let carim: Person;
  let gone: Person;

  beforeAll(async () => {
    const north = (await server.post<{ id: number }>('/branch/create', { name_en: 'North', name_ar: 'الشمال' }, admin))
      .body.data.id;
    ahmad = await person('0550000001', 'Ahmad', 'أحمد');
    bushra = await person('0550000002', 'Bushra', 'بشرى');
    carim = await person('0550000003', 'Carim', 'كريم', north);
    gone = await person('0550000004', 'Gone', 'غائب');
    await server.database.db.update(users).set({ deleted_at: new Date() }).where(eq(users.id, gone.id));
  });

  it('answers a message only once the other server instances were told of it', async () => {
    // A server killed between its answer and its NOTIFY left the receiver, connected to another
    // instance, never told; held back here, that NOTIFY must hold the answer back too.
    const pool = server.adapterPool;
    const original = pool.query;
    const passOn = original.bind(pool) as (text: string, values?: unknown[]) => Promise<unknown>;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    pool.query = (async (text: string, values?: unknown[]) => {
      if (text.includes('pg_notify') && JSON.stringify(values).includes('held back')) {
        held = true;
        await released;
      }
      return passOn(text, values);
    }) as unknown as typeof pool.query;
    try {
      let answered = false;
      const answer = send(ahmad, bushra.id, 'held back').then((got) => ((answered = true), got));
      await until(() => held);
      // A whole other send answered meanwhile: an answer not waiting for its telling would be in by now.
      await sent(ahmad, bushra.id, 'meanwhile');
      expect(answered).toBe(false);
      release();
      expect((await answer).body.message).toBe('OK');
    } finally {
      pool.query = original;
      release();
    }
  });

  it('stores a message once however often its clientId is sent, and tells both sides', async () => {
    const toBushra = await station(bushra.token);
    const atAhmad = await station(ahmad.token);
    const clientId = randomUUID();
    const first = await send(ahmad, bushra.id, 'Hello Bushra', { clientId });
    expect(first.body.data).toMatchObject({
      senderId: ahmad.id,
      receiverId: bushra.id,
      userId: bushra.id,
      body: 'Hello Bushra',
      status: 'confirmed',
      isDelivered: false,
      pending: false,
    });
    const again = await send(ahmad, bushra.id, 'Hello again', { clientId });
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.body).toBe('Hello Bushra');
    const [rows] = await server.database.db
      .select({ n: count() })
      .from(chatMessages)
      .where(eq(chatMessages.client_id, clientId));
    expect(rows!.n).toBe(1);
    await until(() => toBushra.of('message').length > 0 && atAhmad.of('new_chat_response').length > 0);
    // The receiver sees the sender as the other party; the sender sees the receiver.
    expect(toBushra.of('message')[0]).toMatchObject({ id: first.body.data.id, userId: ahmad.id });
    expect(atAhmad.of('new_chat_response')[0]).toMatchObject({ id: first.body.data.id, userId: bushra.id });
    expect(toBushra.of('new_chat_response')).toEqual([]);
  });

  it('lets staff of one branch and administrators talk; anyone else, gone or unknown is not found', async () => {
    for (const [from, to] of [
      [ahmad, carim.id],
      [ahmad, gone.id],
      [ahmad, 999_999],
      [ahmad, ahmad.id],
    ] as const) {
      const refused = await send(from, to, 'Hi');
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe('NOT_FOUND');
    }
    await sent(admin, carim.id, 'From the office');
    await sent(carim, adminId, 'To the office');
    // An administrator's role taken away applies at once.
    const office = await person('0550000005', 'Office', 'مكتب', null);
    await server.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, office.id));
    await sent(carim, office.id, 'Hello office');
    await server.database.db.update(users).set({ role: 'employee' }).where(eq(users.id, office.id));
    expect((await send(carim, office.id, 'Still there?')).body.message).toBe('NOT_FOUND');
  });

  it('refuses an empty or too long message, and a reply to another conversation', async () => {
    expect((await send(ahmad, bushra.id, '   ')).body.errors).toEqual([{ path: 'body', message: 'FIELD_REQUIRED' }]);
    expect((await send(ahmad, bushra.id, 'x'.repeat(2001))).body.errors).toEqual([
      { path: 'body', message: 'FIELD_TOO_LONG' },
    ]);
    const theirs = await sent(admin, carim.id, 'Private');
    const refused = await send(ahmad, bushra.id, 'Re', { replyTo: theirs.id });
    expect(refused.body.message).toBe('VALIDATION_FAILED');
    expect(refused.body.errors).toEqual([{ path: 'replyTo', message: 'FIELD_INVALID' }]);
    const asked = await sent(bushra, ahmad.id, 'Question?');
    const reply = await send(ahmad, bushra.id, 'Answer', { replyTo: asked.id });
    expect(reply.body.data.replyTo).toBe(asked.id);
  });

  it('answers a conversation over at most 10 days, or what came after a message', async () => {
    const a = await sent(ahmad, bushra.id, 'one');
    const b = await sent(bushra, ahmad.id, 'two');
    const to = new Date();
    const eleven = new Date(to.getTime() - 11 * 24 * 3600 * 1000);
    const tooLong = await server.get(
      `/chats/user?id=${bushra.id}&from=${eleven.toISOString()}&to=${to.toISOString()}`,
      ahmad.token,
    );
    expect(tooLong.body.message).toBe('MAX_10_DAYS');
    const soon = new Date(Date.now() + 1000);
    const ten = new Date(soon.getTime() - 10 * 24 * 3600 * 1000);
    const span = await server.get<{ messages: ChatMessage[] }>(
      `/chats/user?id=${bushra.id}&from=${ten.toISOString()}&to=${soon.toISOString()}`,
      ahmad.token,
    );
    expect(span.body.data.messages.map((m) => m.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(span.body.data.messages.every((m) => m.userId === bushra.id)).toBe(true);
    const after = await server.get<{ messages: ChatMessage[]; more: boolean }>(
      `/chats/user?id=${ahmad.id}&after=${a.id}`,
      bushra.token,
    );
    expect(after.body.data).toEqual({
      messages: [expect.objectContaining({ id: b.id, userId: ahmad.id })],
      more: false,
    });
    expect((await server.get(`/chats/user?id=${carim.id}`, ahmad.token)).body.message).toBe('NOT_FOUND');
  });

  it('lists whom one may write to, latest conversation first, with unread counts and search by either name', async () => {
    const dana = await person('0550000006', 'Dana', 'دانة');
    const eman = await person('0550000007', 'Eman', 'إيمان');
    await sent(eman, dana.id, 'first');
    await sent(ahmad, dana.id, 'second');
    await sent(ahmad, dana.id, 'third');
    const list = await server.get<ChatContact[]>('/chats', dana.token);
    const ids = list.body.data.map((c) => c.id);
    expect(ids.slice(0, 2)).toEqual([ahmad.id, eman.id]);
    expect(ids).toContain(adminId);
    expect(ids).not.toContain(carim.id);
    expect(ids).not.toContain(gone.id);
    expect(ids).not.toContain(dana.id);
    expect(list.body.data[0]).toMatchObject({ unread: 2, last: { body: 'third', userId: ahmad.id } });
    expect(list.body.data[1]).toMatchObject({ unread: 1 });
    const found = await server.get<ChatContact[]>(`/chats?search=${encodeURIComponent('إيم')}`, dana.token);
    expect(found.body.data.map((c) => c.id)).toEqual([eman.id]);
    expect((await server.get<ChatContact[]>('/chats?search=eMa', dana.token)).body.data.map((c) => c.id)).toEqual([
      eman.id,
    ]);
  });

  it("moves read markers only on, and tells the reader's stations the new unread count", async () => {
    const fadi = await person('0550000008', 'Fadi', 'فادي');
    const m1 = await sent(ahmad, fadi.id, 'a');
    const m2 = await sent(ahmad, fadi.id, 'b');
    await sent(ahmad, fadi.id, 'c');
    const screen = await station(fadi.token);
    expect(screen.of('get_all_chat')).toEqual([{ unread: 3 }]);
    const read = await server.post<{ unread: number }>('/chats/read', { id: ahmad.id, upTo: m2.id }, fadi.token);
    expect(read.body.data).toEqual({ unread: 1 });
    await until(() => screen.of('get_all_chat').length === 2);
    expect(screen.of('get_all_chat')[1]).toEqual({ unread: 1 });
    const back = await server.post<{ unread: number }>('/chats/read', { id: ahmad.id, upTo: m1.id }, fadi.token);
    expect(back.body.data).toEqual({ unread: 1 });
    expect((await server.post('/chats/read', { id: carim.id, upTo: m1.id }, fadi.token)).body.message).toBe(
      'NOT_FOUND',
    );
  });

  it("keeps bookmarks each user's own, on their own conversations only", async () => {
    const m = await sent(ahmad, bushra.id, 'keep this');
    const marked = await server.post<ChatMessage>('/chats/bookmark', { id: m.id, bookmarked: true }, bushra.token);
    expect(marked.body.data).toMatchObject({ id: m.id, bookmarked: true, userId: ahmad.id });
    const mine = await server.get<ChatMessage[]>('/chats/bookmarks', bushra.token);
    expect(mine.body.data.map((x) => x.id)).toEqual([m.id]);
    expect((await server.get<ChatMessage[]>('/chats/bookmarks', ahmad.token)).body.data).toEqual([]);
    const seen = await server.get<{ messages: ChatMessage[] }>(
      `/chats/user?id=${bushra.id}&after=${m.id - 1}`,
      ahmad.token,
    );
    expect(seen.body.data.messages[0]).toMatchObject({ id: m.id, bookmarked: false });
    expect((await server.post('/chats/bookmark', { id: m.id, bookmarked: true }, carim.token)).body.message).toBe(
      'NOT_FOUND',
    );
    await server.post('/chats/bookmark', { id: m.id, bookmarked: false }, bushra.token);
    expect((await server.get<ChatMessage[]>('/chats/bookmarks', bushra.token)).body.data).toEqual([]);
  });

  it('sends a reconnecting station what it missed: after the last message it holds, and all not delivered', async () => {
    const gina = await person('0550000009', 'Gina', 'جينا');
    const older = await sent(ahmad, gina.id, 'older, delivered');
    const waiting = await sent(ahmad, gina.id, 'older, not delivered');
    const first = await station(gina.token);
    first.socket.emit('message_received', { id: older.id, receiverId: gina.id, socketId: first.socket.id });
    const held = await sent(gina, ahmad.id, 'held');
    const m1 = await sent(ahmad, gina.id, 'missed 1');
    const m2 = await sent(admin, gina.id, 'missed 2');
    await until(async () => {
      const [row] = await server.database.db.select().from(chatMessages).where(eq(chatMessages.id, older.id));
      return row!.delivered_at !== null;
    });
    const back = await station(gina.token, { after: held.id });
    expect(back.of('chat_data')).toEqual([
      {
        messages: [
          expect.objectContaining({ id: waiting.id, userId: ahmad.id }),
          expect.objectContaining({ id: m1.id, userId: ahmad.id }),
          expect.objectContaining({ id: m2.id, userId: adminId }),
        ],
        more: false,
      },
    ]);
    const missed = await server.get<{ messages: ChatMessage[] }>(`/chats/missed?after=${held.id}`, gina.token);
    expect(missed.body.data.messages.map((m) => m.id)).toEqual([waiting.id, m1.id, m2.id]);
    // Without `after` (or a bad one) the station asks for history itself.
    expect((await station(gina.token)).of('chat_data')).toEqual([]);
    expect((await station(gina.token, { after: 'x' })).of('chat_data')).toEqual([]);
  });

  it('marks a message delivered once, when its receiver acknowledges it, and tells the sender once', async () => {
    const sender = await station(ahmad.token);
    const receiver = await station(bushra.token);
    const m = await sent(ahmad, bushra.id, 'ack me');
    const later = await sent(ahmad, bushra.id, 'ack me too');
    // The sender cannot acknowledge for the receiver.
    sender.socket.emit('message_received', { id: m.id, receiverId: bushra.id, socketId: sender.socket.id });
    receiver.socket.emit('message_received', { id: m.id, receiverId: bushra.id, socketId: receiver.socket.id });
    receiver.socket.emit('message_received', { id: m.id, receiverId: bushra.id, socketId: receiver.socket.id });
    receiver.socket.emit('message_received', { id: later.id, receiverId: bushra.id, socketId: receiver.socket.id });
    await until(() => sender.of('message_delivered').some((d) => d.id === later.id));
    expect(sender.of('message_delivered').map((d) => d.id)).toEqual([m.id, later.id]);
    expect(sender.of('message_delivered')[0]).toMatchObject({ clientId: m.clientId, receiverId: bushra.id });
    const seen = await server.get<{ messages: ChatMessage[] }>(
      `/chats/user?id=${bushra.id}&after=${m.id - 1}`,
      ahmad.token,
    );
    expect(seen.body.data.messages[0]).toMatchObject({ id: m.id, status: 'delivered', isDelivered: true });
  });

  it('ignores an acknowledgement sent by someone else than the receiver', async () => {
    const sender = await station(ahmad.token);
    const m = await sent(ahmad, bushra.id, 'not yours');
    sender.socket.emit('message_received', { id: m.id, receiverId: ahmad.id, socketId: sender.socket.id });
    const next = await sent(bushra, ahmad.id, 'barrier');
    sender.socket.emit('message_received', { id: next.id, receiverId: ahmad.id, socketId: sender.socket.id });
    // Ahmad's own acknowledgement is handled after the false one: once it is stored, the false one was done.
    await until(async () => {
      const [row] = await server.database.db.select().from(chatMessages).where(eq(chatMessages.id, next.id));
      return row!.delivered_at !== null;
    });
    const [row] = await server.database.db.select().from(chatMessages).where(eq(chatMessages.id, m.id));
    expect(row!.delivered_at).toBeNull();
    expect(sender.of('message_delivered')).toEqual([]);
  });

  it("moves a socket to a refreshed token of the same user, and closes it on anyone else's", async () => {
    const screen = await station(ahmad.token);
    const fresh = (await server.login(ahmad.mobile, 'chat-pass')).accessToken;
    const ok = await screen.socket.emitWithAck('reauthenticate', { token: fresh });
    expect(ok).toEqual({ ok: true });
    // The first sign-in ending no longer closes it: it lives on the refreshed one.
    expect((await server.post('/user/logout', { refreshToken: ahmad.refreshToken })).body.status).toBe(true);
    await sent(bushra, ahmad.id, 'still here');
    await until(() => screen.of('message').some((m) => m.body === 'still here'));
    expect(screen.socket.connected).toBe(true);
    const closed = new Promise<void>((resolve) => screen.socket.once('disconnect', () => resolve()));
    const refused = await screen.socket.emitWithAck('reauthenticate', { token: bushra.token });
    expect(refused).toEqual({ ok: false });
    await closed;
  });
});
