import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../../../electron/services/api-client';
import { createHandlers, InvalidBridgeArgument } from '../../../electron/ipc/handlers';
import { ChatOutbox, CHAT_RETRY_FIRST_MS } from '../../../electron/services/chat-outbox';
import { Session } from '../../../electron/services/session';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { FileChatStore } from '../../../electron/platform/node/file-chat-store';
import { ServerUnreachableError, type HttpRequest } from '../../../electron/platform/ports';
import type { ChatMessage } from '../../../shared/api/chat';
import type { BridgeEvent } from '../../../shared/ipc';
import { FakeServer, okBody, tokens, user } from './fakes';

const root = mkdtempSync(join(tmpdir(), 'playdesk-chat-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Sent = { clientId: string; receiverId: number; body: string; replyTo: number | null };
let server: FakeServer;
let folder: string;
let serial = 0;
/** The server's messages by clientId (stored once however often sent), and the POSTs per clientId. */
let stored: Map<string, ChatMessage>;
let posts: Map<string, number>;
/** POST /chats cannot be reached (the rest of the server can: a sign-in works). */
let chatsDown = false;
/** The first POST of each clientId is stored, but its answer is lost on the way back. */
let loseFirstAnswer = false;
/** Who signs in next (the fake answers the login with this user's tokens). */
let signingIn = 1;
let timers: { run: () => void; ms: number; cancelled: boolean }[];
/** Resolved when the outbox next sets a retry timer (a send's outcome was unknown). */
let retrySet: () => void = () => {};
const nextRetry = () => new Promise<void>((done) => (retrySet = done));
/** The bodies the server stored, in the order it stored them. */
let order: string[];

function storeOnce(req: HttpRequest) {
  if (chatsDown) throw new ServerUnreachableError(new Error('ECONNREFUSED'));
  const sent = req.body as Sent;
  posts.set(sent.clientId, (posts.get(sent.clientId) ?? 0) + 1);
  const senderId = Number(req.headers.Authorization?.replace('Bearer access-', ''));
  let message = stored.get(sent.clientId);
  if (!message) {
    order.push(sent.body);
    message = {
      id: stored.size + 1,
      ...sent,
      userId: sent.receiverId,
      senderId,
      status: 'confirmed',
      isDelivered: false,
      pending: false,
      bookmarked: false,
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-01T10:00:00.000Z',
      deliveredAt: null,
    };
    stored.set(sent.clientId, message);
    if (loseFirstAnswer) throw new ServerUnreachableError(new Error('ECONNRESET'));
  }
  return okBody(message, 'MESSAGE_SENT');
}

beforeEach(() => {
  stored = new Map();
  posts = new Map();
  loseFirstAnswer = false;
  chatsDown = false;
  signingIn = 1;
  timers = [];
  order = [];
  folder = join(root, `station-${++serial}`);
  server = new FakeServer()
    .on('/user/login', () => okBody({ ...tokens(signingIn), user: { ...user, id: signingIn } }))
    .on('/user/logout', () => okBody(null))
    .on('/chats', storeOnce);
});

/** The station's chat services as built at each start, over the same folder. */
async function station() {
  const session = new Session(new MemorySecretStore());
  const pushed: BridgeEvent[] = [];
  // Each call seconds after the one before: signing in again is no double click (DUPES).
  let clock = 0;
  const api = new ApiClient({
    transport: server,
    session,
    serverUrl: () => 'http://server',
    emit: () => {},
    now: () => (clock += 10_000),
  });
  const outbox = new ChatOutbox({
    api,
    session,
    store: new FileChatStore(folder),
    emit: (event) => pushed.push(event),
    now: () => new Date('2026-03-01T10:00:00Z'),
    setTimer: (run, ms) => {
      const timer = { run, ms, cancelled: false };
      timers.push(timer);
      retrySet();
      return { cancel: () => void (timer.cancelled = true) };
    },
  });
  const signIn = async (id: number) => {
    signingIn = id;
    await api.login({ login: `staff${id}@x.test`, password: 'pw' });
    await outbox.flush();
  };
  await signIn(1);
  return { outbox, pushed, api, signIn };
}
const write = (receiverId: number, body: string) => ({ receiverId, body, replyTo: null });
/** The retry the outbox is waiting on: run it as the timer would, and wait for its send. */
async function retry() {
  const waiting = timers.filter((t) => !t.cancelled);
  expect(waiting).toHaveLength(1);
  waiting[0]!.cancelled = true;
  const retried = nextRetry();
  waiting[0]!.run();
  return retried;
}

describe('the station’s chat outbox', () => {
  it('keeps a message written while the server is unreachable, across a restart, and sends it once when the server is back', async () => {
    const first = await station();
    chatsDown = true;
    const failed = nextRetry();
    const pending = await first.outbox.write(write(2, 'Room 3 needs a supervisor'));
    expect(pending).toEqual({
      clientId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      receiverId: 2,
      body: 'Room 3 needs a supervisor',
      replyTo: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      pending: true,
    });
    expect(first.pushed).toContainEqual({ type: 'chat-pending', pending: [pending] });
    await failed;
    expect(await first.outbox.pending()).toEqual([pending]);
    expect(stored.size).toBe(0);
    first.outbox.stop();

    const restarted = await station();
    expect(await restarted.outbox.pending()).toEqual([pending]);
    chatsDown = false;
    await restarted.outbox.flush(); // the socket connected: the server is back
    expect([...stored.keys()]).toEqual([pending.clientId]);
    expect(posts.get(pending.clientId)).toBe(1);
    expect(await restarted.outbox.pending()).toEqual([]);
    expect(restarted.pushed).toContainEqual({ type: 'chat-pending', pending: [] });
  });

  it('tries again after a growing wait while the server stays away', async () => {
    const { outbox } = await station();
    server.down = true;
    const failed = nextRetry();
    await outbox.write(write(2, 'hello'));
    await failed;
    expect(timers.map((t) => t.ms)).toEqual([CHAT_RETRY_FIRST_MS]);
    await retry();
    await retry();
    expect(timers.map((t) => t.ms)).toEqual([CHAT_RETRY_FIRST_MS, CHAT_RETRY_FIRST_MS * 2, CHAT_RETRY_FIRST_MS * 4]);
    server.down = false;
    timers.at(-1)!.run();
    await outbox.flush();
    expect(stored.size).toBe(1);
    expect(await outbox.pending()).toEqual([]);
  });

  it('sends again under the same clientId when the answer was lost; the server stores it once', async () => {
    loseFirstAnswer = true;
    const { outbox } = await station();
    const lost = nextRetry();
    const pending = await outbox.write(write(2, 'are you there?'));
    await lost;
    expect(await outbox.pending()).toEqual([pending]); // the outcome is unknown: still pending
    timers[0]!.run();
    await outbox.flush();
    expect(posts.get(pending.clientId)).toBe(2);
    expect(server.to('/chats').map((r) => r.headers['Idempotency-Key'])).toEqual([pending.clientId, pending.clientId]);
    expect(stored.size).toBe(1);
    expect(await outbox.pending()).toEqual([]);
  });

  it('drops a message the server refuses, tells the page why, and goes on with the next', async () => {
    const { outbox, pushed } = await station();
    server.down = true;
    const refused = await outbox.write(write(99, 'to nobody'));
    const next = await outbox.write(write(2, 'to a colleague'));
    server.down = false;
    server.on('/chats', (req) =>
      (req.body as Sent).receiverId === 99
        ? { status: 404, body: { status: false, message: 'NOT_FOUND' } }
        : storeOnce(req),
    );
    await outbox.flush();
    expect(pushed).toContainEqual({ type: 'chat-refused', clientId: refused.clientId, key: 'NOT_FOUND' });
    expect([...stored.keys()]).toEqual([next.clientId]);
    expect(await outbox.pending()).toEqual([]);
  });

  it('sends messages in the order they were written, one at a time', async () => {
    const { outbox } = await station();
    server.down = true;
    for (const body of ['one', 'two', 'three']) await outbox.write(write(2, body));
    server.down = false;
    await Promise.all([outbox.flush(), outbox.flush(), outbox.write(write(2, 'four'))]);
    await outbox.flush();
    expect(order).toEqual(['one', 'two', 'three', 'four']);
  });

  it('keeps a user’s messages for their next sign-in: another user on the station neither lists nor sends them', async () => {
    const { outbox, api, signIn } = await station();
    server.down = true;
    const mine = await outbox.write(write(2, 'from user 1'));
    server.down = false;
    await api.logout();
    await outbox.flush();
    expect(await outbox.pending()).toEqual([]);
    await signIn(3);
    expect(await outbox.pending()).toEqual([]);
    expect(stored.size).toBe(0);
    await api.logout();
    await signIn(1);
    expect(stored.get(mine.clientId)).toMatchObject({ senderId: 1, body: 'from user 1' });
    expect(await outbox.pending()).toEqual([]);
  });

  it('refuses a message written with nobody signed in, keeping nothing', async () => {
    const { outbox, api, pushed, signIn } = await station();
    await api.logout();
    const chat = await outbox.write(write(2, 'hello'));
    expect(pushed).toContainEqual({ type: 'chat-refused', clientId: chat.clientId, key: 'NOT_AUTHORISED' });
    await signIn(1);
    expect(await outbox.pending()).toEqual([]);
    expect(stored.size).toBe(0);
  });
});

describe('the chat channels of the bridge', () => {
  it('pos:chat-send keeps a valid message and answers it pending; pos:chat-pending lists it; a bad one is refused unkept', async () => {
    const { outbox } = await station();
    chatsDown = true;
    const handlers = createHandlers({ chat: outbox } as never);
    const pending = await handlers['pos:chat-send']({ receiverId: 2, body: '  on my way  ', replyTo: 5 });
    expect(pending).toMatchObject({ receiverId: 2, body: 'on my way', replyTo: 5, pending: true });
    for (const bad of [
      { receiverId: 2, body: '   ', replyTo: null },
      { receiverId: 2, body: 'x'.repeat(2001), replyTo: null },
      { receiverId: 'two', body: 'hi', replyTo: null },
      null,
    ])
      await expect(handlers['pos:chat-send'](bad)).rejects.toBeInstanceOf(InvalidBridgeArgument);
    expect(await handlers['pos:chat-pending'](null)).toEqual([pending]);
  });
});
