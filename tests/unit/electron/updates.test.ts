import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { updateFeed, UpdateService } from '../../../electron/services/updates';
import { composeServices } from '../../../electron/services/compose';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { FileSettingsStore } from '../../../electron/platform/node/file-settings-store';
import type { Updater, UpdaterEvent } from '../../../electron/platform/ports';
import type { BridgeEvent } from '../../../shared/ipc';
import { FakeServer, memoryChat, memoryPending, okBody, tokens } from './fakes';

const root = mkdtempSync(join(tmpdir(), 'playdesk-updates-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const signedBuild = 'provider: generic\nurl: https://updates.example.test/playdesk\npublisherName:\n  - PlayDesk Ltd\n';

describe('the update feed', () => {
  it('is off until one is configured, and taken only over https', () => {
    expect(updateFeed(undefined, signedBuild)).toEqual({ status: 'off', reason: 'no-feed' });
    expect(updateFeed('  ', signedBuild)).toEqual({ status: 'off', reason: 'no-feed' });
    for (const insecure of [
      'http://updates.example.test/playdesk',
      'file:///C:/updates',
      'ftp://updates.example.test/',
      'https://user:secret@updates.example.test/',
      'updates.example.test',
    ])
      expect(updateFeed(insecure, signedBuild), insecure).toEqual({ status: 'off', reason: 'insecure-feed' });
    expect(updateFeed(' https://updates.example.test/playdesk ', signedBuild)).toEqual({
      status: 'on',
      url: 'https://updates.example.test/playdesk',
    });
  });

  it('is refused to a build that names no signing publisher (electron-updater would skip the signature check)', () => {
    expect(updateFeed('https://updates.example.test/', null)).toEqual({ status: 'off', reason: 'unsigned-build' });
    expect(updateFeed('https://updates.example.test/', 'provider: generic\nurl: https://x.test/\n')).toEqual({
      status: 'off',
      reason: 'unsigned-build',
    });
    expect(updateFeed('https://updates.example.test/', 'publisherName: PlayDesk Ltd\n').status).toBe('on');
  });
});

/** electron-updater as the service sees it: the test says what the feed has and tells its events. */
class FakeUpdater implements Updater {
  checks = 0;
  /** What the feed answers the next check: nothing newer, a version (whose download then starts), or a failure. */
  feed: 'none' | { version: string } | Error = 'none';
  readonly done: string[];
  #listener: (event: UpdaterEvent) => void = () => {};
  constructor(done: string[]) {
    this.done = done;
  }
  onEvent(listener: (event: UpdaterEvent) => void) {
    this.#listener = listener;
  }
  tell(event: UpdaterEvent) {
    this.#listener(event);
  }
  async check() {
    this.checks++;
    this.tell({ type: 'checking' });
    if (this.feed instanceof Error) {
      this.tell({ type: 'error', error: this.feed });
      throw this.feed;
    }
    // The download goes on in the background: the check has answered by then.
    this.tell(this.feed === 'none' ? { type: 'none' } : { type: 'available', version: this.feed.version });
  }
  install() {
    this.done.push('install');
  }
}

const answered = <T>() => {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer };
};

/** A signed-in station composed as the desktop app composes it, with the fake updater and a held server. */
async function station() {
  const done: string[] = [];
  const events: BridgeEvent[] = [];
  const updater = new FakeUpdater(done);
  const updates = new UpdateService({ updater, emit: (event) => events.push(event) });
  const server = new FakeServer().on('/user/login', () => okBody(tokens(1)));
  const { handlers } = composeServices(
    {
      secrets: new MemorySecretStore(),
      pending: memoryPending(),
      chat: memoryChat(),
      settings: new FileSettingsStore(join(mkdtempSync(join(root, 'station-')), 'settings.json')),
      transport: server,
    },
    {
      serverUrl: () => 'http://server',
      emit: () => {},
      appInfo: () => ({ version: '1.0.0', shell: 'electron', serverUrl: 'http://server' }),
      updates,
    },
  );
  await handlers['pos:auth-login']({ login: 'cashier@x.test', password: 'pw' });
  /** PlayDesk closing: the embedded server's stop is recorded, then the install (if any). */
  const quit = () => updates.quit(async () => void done.push('stop'));
  return { done, events, updater, updates, server, handlers, quit };
}

/** The station's state after what is pending settled (the quit's wait is on promises, not on time). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('an update', () => {
  it('downloads in the background, tells the page how far it is, and installs only when PlayDesk closes', async () => {
    const { updates, updater, events, done, quit } = await station();
    updater.feed = { version: '1.1.0' };
    expect(await updates.check()).toEqual({ state: 'downloading', version: '1.1.0', percent: 0 });
    updater.tell({ type: 'progress', percent: 42.5 });
    expect(updates.status()).toEqual({ state: 'downloading', version: '1.1.0', percent: 42.5 });
    updater.tell({ type: 'downloaded', version: '1.1.0' });
    expect(updates.status()).toEqual({ state: 'ready', version: '1.1.0' });
    expect(events.map((e) => (e.type === 'update-status' ? e.status.state : e.type))).toEqual([
      'checking',
      'downloading',
      'downloading',
      'ready',
    ]);
    // Neither checking again nor time installs it: only the quit.
    expect(await updates.check()).toEqual({ state: 'ready', version: '1.1.0' });
    expect(updater.checks).toBe(1);
    expect(done).toEqual([]);
    await quit();
    expect(done).toEqual(['stop', 'install']);
  });

  it('is not installed while a sale is being sent: the quit waits for its answer, then stops the server and installs', async () => {
    const { updater, server, handlers, done, quit } = await station();
    updater.feed = { version: '1.1.0' };
    await handlers['pos:update-check'](null);
    updater.tell({ type: 'downloaded', version: '1.1.0' });
    const sale = answered<ReturnType<typeof okBody>>();
    server.on('/sale/sale/create', () => sale.promise);
    const selling = handlers['pos:api-call']({
      name: 'sale/sale/create',
      body: { cart: [{ product: { id: 7, qty: 1 } }], salesData: { payments: { cash: 500 } } },
    });
    await settle();
    expect(server.to('/sale/sale/create')).toHaveLength(1);
    const quitting = quit();
    await settle();
    expect(done).toEqual([]);
    sale.answer(okBody({ id: 1 }, 'SALES_COMPLETED'));
    await selling;
    await quitting;
    expect(done).toEqual(['stop', 'install']);
  });

  /** With an update downloaded, the quit waits for `work` (held at the server's `path`) and nothing else. */
  async function quitWaitsFor(path: string, work: (s: Awaited<ReturnType<typeof station>>) => Promise<unknown>) {
    const s = await station();
    s.updater.feed = { version: '1.1.0' };
    await s.handlers['pos:update-check'](null);
    s.updater.tell({ type: 'downloaded', version: '1.1.0' });
    const held = answered<{ status: number; body: unknown }>();
    s.server.on(path, () => held.promise);
    const working = work(s);
    await settle();
    expect(s.server.to(path)).toHaveLength(1);
    const quitting = s.quit();
    await settle();
    const before = [...s.done];
    held.answer({ status: 400, body: { status: false, message: 'SHIFT_CLOSED' } });
    await working;
    await quitting;
    return { before, after: s.done };
  }

  it('is not installed while a shift is being closed', async () => {
    const closing = await quitWaitsFor('/cashup/close', ({ handlers }) =>
      handlers['pos:api-call']({ name: 'cashup/close', body: { id: 3, counted_cash: 1000 } }),
    );
    expect(closing).toEqual({ before: [], after: ['stop', 'install'] });
  });

  it('is not installed while a print job runs (the X/Z slip fetches its report first)', async () => {
    const printing = await quitWaitsFor('/cashup/report', ({ handlers }) => handlers['pos:print-shift']({ id: 3 }));
    expect(printing).toEqual({ before: [], after: ['stop', 'install'] });
  });

  it('does not wait for a read', async () => {
    const reading = await quitWaitsFor('/branch/list', ({ handlers }) =>
      handlers['pos:api-call']({ name: 'branch/list', body: {} }),
    );
    expect(reading.before).toEqual(['stop', 'install']);
  });

  it('installs nothing at quit when none was downloaded, nor when the feed failed', async () => {
    const { updates, updater, done, quit } = await station();
    expect(await updates.check()).toEqual({ state: 'current' });
    await quit();
    updater.feed = new Error('feed answered 503');
    expect(await updates.check()).toEqual({ state: 'error' });
    await quit();
    expect(done).toEqual(['stop', 'stop']);
  });

  it('stays ready to install when a later check fails', async () => {
    const { updates, updater, done, quit } = await station();
    updater.feed = { version: '1.1.0' };
    await updates.check();
    updater.tell({ type: 'downloaded', version: '1.1.0' });
    updater.tell({ type: 'error', error: new Error('feed unreachable') });
    expect(updates.status()).toEqual({ state: 'ready', version: '1.1.0' });
    await quit();
    expect(done).toEqual(['stop', 'install']);
  });
});

describe('checking', () => {
  it('happens at start and again each time the interval has passed, until cancelled', async () => {
    const { updates, updater } = await station();
    const waiting: { run: () => void; ms: number }[] = [];
    const checks = updates.checkRegularly(1000, (run, ms) => (waiting.push({ run, ms }), { cancel: () => {} }));
    await settle();
    expect(updater.checks).toBe(1);
    expect(waiting.map((w) => w.ms)).toEqual([1000]);
    waiting[0]!.run();
    await settle();
    expect(updater.checks).toBe(2);
    checks.cancel();
    waiting[1]!.run();
    await settle();
    expect(updater.checks).toBe(3);
    // Cancelled: the round that was due ran, and no other is set.
    expect(waiting).toHaveLength(2);
  });

  it('ends as up to date when the updater told nothing (not a packaged app)', async () => {
    const done: string[] = [];
    const silent = new FakeUpdater(done);
    silent.check = async () => silent.tell({ type: 'checking' });
    const updates = new UpdateService({ updater: silent, emit: () => {} });
    expect(await updates.check()).toEqual({ state: 'current' });
  });
});

describe('updates off', () => {
  it('are said as such, check nothing, and install nothing', async () => {
    const stops: string[] = [];
    const off = new UpdateService({ updater: null, off: 'insecure-feed', emit: () => {} });
    expect(await off.check()).toEqual({ state: 'off', reason: 'insecure-feed' });
    await off.quit(async () => void stops.push('stop'));
    expect(stops).toEqual(['stop']);
  });

  it('in browser mode, which the server’s computer updates', async () => {
    const { handlers } = composeServices(
      {
        secrets: new MemorySecretStore(),
        pending: memoryPending(),
        chat: memoryChat(),
        settings: new FileSettingsStore(join(mkdtempSync(join(root, 'web-')), 'settings.json')),
        transport: new FakeServer(),
      },
      {
        serverUrl: () => 'http://server',
        emit: () => {},
        appInfo: () => ({ version: '1.0.0', shell: 'web', serverUrl: 'http://server' }),
      },
    );
    expect(await handlers['pos:update-status'](null)).toEqual({ state: 'off', reason: 'not-desktop' });
    expect(await handlers['pos:update-check'](null)).toEqual({ state: 'off', reason: 'not-desktop' });
  });
});
