import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, onTestFailed } from 'vitest';
import { freshDatabaseUrl, staffOnRole, type Envelope } from './harness';
import { killAll, startServerProcess } from './server-process';
import { REALTIME_PATH, type RealtimePayload } from '../../shared/realtime';
import type { ChatMessage } from '../../shared/api/chat';

/**
 * Two server processes on one database (@socket.io/postgres-adapter between them), a user signed in
 * on each, exchanging 1,000 messages; the first process is SIGKILLed half-way and its user goes on
 * through the second, reconnecting with the last message id held. Every message is stored once,
 * delivered once, in the order each sender sent. Verdicts rest on what was stored and heard, never on
 * how fast; the limit below only ends a run that never finishes.
 */
const HANG = { timeout: 300_000 };
const EACH = 500;
const ADMIN = { login: 'admin@instances.test', password: 'admin-pass-1' };
const ENV = { POS_ADMIN_LOGIN: ADMIN.login, POS_ADMIN_PASSWORD: ADMIN.password };

afterEach(killAll);

async function call<T>(url: string, method: 'GET' | 'POST', path: string, body: unknown, token?: string) {
  const res = await fetch(url + path, {
    method,
    headers: {
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as Envelope<T>;
}

/** What the test waits for now: a run ended by the time limit says where it stood. */
let waitingFor = 'the servers';

async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  waitingFor = what;
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * One user's station: holds messages by id, acknowledges each one addressed to it, and reconnects (to
 * whichever server it is pointed at) with the last id it holds whenever its socket drops.
 */
class Station {
  readonly held = new Map<number, ChatMessage>();
  /** Each `message_delivered` heard, per message id. */
  readonly deliveredHeard = new Map<number, number>();
  socket!: Socket;
  private stopped = false;

  constructor(
    readonly id: number,
    readonly token: string,
    public url: string,
  ) {}

  connect(): Promise<void> {
    const last = Math.max(0, ...this.held.keys());
    const socket = io(this.url, {
      path: REALTIME_PATH,
      auth: { token: this.token, after: last },
      transports: ['websocket'],
      reconnection: false,
    });
    this.socket = socket;
    socket.on('message', (m: ChatMessage) => this.hold([m]));
    socket.on('new_chat_response', (m: ChatMessage) => this.hold([m]));
    socket.on('chat_data', (data: RealtimePayload<'chat_data'>) => void this.caughtUp(data));
    socket.on('message_delivered', ({ id }: RealtimePayload<'message_delivered'>) =>
      this.deliveredHeard.set(id, (this.deliveredHeard.get(id) ?? 0) + 1),
    );
    // A dropped socket comes back at once, to the server the station now uses.
    socket.on('disconnect', () => void (this.stopped || this.connect()));
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve());
      // The server it named is gone: the next attempt goes where `url` points by then.
      socket.once('connect_error', () => setTimeout(() => void this.connect().then(resolve, reject), 100));
    });
  }

  stop(): void {
    this.stopped = true;
    this.socket.disconnect();
  }

  private async caughtUp(data: RealtimePayload<'chat_data'>) {
    this.hold(data.messages);
    let more = data.more;
    while (more) {
      const next = await call<RealtimePayload<'chat_data'>>(
        this.url,
        'GET',
        `/chats/missed?after=${Math.max(0, ...this.held.keys())}`,
        undefined,
        this.token,
      );
      this.hold(next.data.messages);
      more = next.data.more;
    }
  }

  private hold(messages: ChatMessage[]) {
    for (const m of messages) {
      this.held.set(m.id, m);
      if (m.receiverId === this.id && !m.isDelivered)
        this.socket.emit('message_received', { id: m.id, receiverId: this.id, socketId: this.socket.id ?? '' });
    }
  }

  /** POST /chats until an answer comes; a lost answer is sent again with the same clientId. */
  async send(to: number, body: string, loseFirstAnswer: boolean): Promise<void> {
    const clientId = randomUUID();
    let lose = loseFirstAnswer;
    for (;;) {
      try {
        const answer = await call<ChatMessage>(
          this.url,
          'POST',
          '/chats',
          { clientId, receiverId: to, body },
          this.token,
        );
        if (lose) {
          lose = false;
          continue;
        }
        expect(answer.status, answer.message).toBe(true);
        this.held.set(answer.data.id, answer.data);
        return;
      } catch (error) {
        // Only a failed fetch is retried (the server died with the request in hand: stored or not, the
        // resend tells); a refusal fails the test rather than being sent again until the time limit.
        if (!(error instanceof TypeError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
}

describe('chat across two server instances, one killed mid-way', HANG, () => {
  it('stores, delivers and orders every one of 1,000 messages once', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const a = await startServerProcess(databaseUrl, ENV);
    const b = await startServerProcess(databaseUrl, ENV);
    const admin = (await call<{ accessToken: string }>(a.url, 'POST', '/user/login', ADMIN)).data.accessToken;
    const role = await call<{ id: number }>(
      a.url,
      'POST',
      '/priviledge/role/create',
      {
        name_en: 'Chat',
        name_ar: 'محادثة',
        features: { Chat: { access: true, view: true, create: true, update: false, delete: false } },
      },
      admin,
    );
    const signUp = (mobile: string, url: string) => staffOnRole(url, admin, role.data.id, mobile);
    const one = await signUp('0551000001', a.url);
    const two = await signUp('0551000002', b.url);
    const first = new Station(one.id, one.accessToken, a.url);
    const second = new Station(two.id, two.accessToken, b.url);
    await first.connect();
    await second.connect();
    onTestFailed(() => {
      const to = (station: Station) => [...station.held.values()].filter((m) => m.receiverId === station.id).length;
      console.error(`stopped waiting for ${waitingFor}; held by their receivers: ${to(first)} and ${to(second)}`);
    });

    const died = new Promise<void>((resolve) => a.child.once('exit', () => resolve()));
    /** What the first station had heard from the second (through the adapter: they were on two servers). */
    let heardAcross = 0;
    const conversation = async (from: Station, to: Station, name: string) => {
      for (let i = 0; i < EACH; i++) {
        const sending = from.send(to.id, `${name} ${i}`, i % 40 === 7);
        if (from === first && i === EACH / 2) {
          // Half-way: the first station's server dies with a request and the socket in hand; the
          // station goes on through the other one.
          heardAcross = [...first.held.values()].filter((m) => m.senderId === second.id).length;
          from.url = b.url;
          a.child.kill('SIGKILL');
        }
        await sending;
      }
    };
    waitingFor = 'the 1,000 sends to be answered';
    await Promise.all([conversation(first, second, 'one'), conversation(second, first, 'two')]);
    await died;
    expect(heardAcross).toBeGreaterThan(0);

    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const undelivered = async () =>
        Number(
          (await db.query<{ n: string }>('select count(*) n from chat_messages where delivered_at is null')).rows[0]!.n,
        );
      await until('every message marked delivered', async () => (await undelivered()) === 0);
      const toEach = (station: Station) => [...station.held.values()].filter((m) => m.receiverId === station.id);
      await until(
        'each station to hold the messages to it',
        () => toEach(first).length === EACH && toEach(second).length === EACH,
      );

      const stored = await db.query<{ id: number; sender_id: number; body: string }>(
        'select id, sender_id, body from chat_messages order by id',
      );
      // Stored once: a resend after a lost answer found the first row.
      expect(stored.rows).toHaveLength(2 * EACH);
      for (const [station, name] of [
        [first, 'one'],
        [second, 'two'],
      ] as const) {
        const sent = stored.rows.filter((row) => row.sender_id === station.id).map((row) => row.body);
        // In order: ids follow the order each sender sent in.
        expect(sent).toEqual(Array.from({ length: EACH }, (_, i) => `${name} ${i}`));
        const other = station === first ? second : first;
        const received = toEach(other)
          .sort((x, y) => x.id - y.id)
          .map((m) => m.body);
        expect(received).toEqual(sent);
        // Delivered once: no sender heard of a message's delivery twice.
        expect([...station.deliveredHeard.values()].filter((n) => n > 1)).toEqual([]);
      }
      // The second station never lost its socket: it heard every delivery, but for at most one
      // acknowledgement the killed server stored and died before telling (one per socket at a time).
      expect(second.deliveredHeard.size).toBeGreaterThanOrEqual(EACH - 1);
    } finally {
      await db.end();
      first.stop();
      second.stop();
    }
  });
});
