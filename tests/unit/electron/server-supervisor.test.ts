import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { BridgeEvent } from '../../../shared/ipc';
import type { ServerLauncher } from '../../../electron/platform/ports';
import { serverRun } from '../../../electron/platform/server-child';
import { RESTART_BACKOFF, ServerSupervisor } from '../../../electron/services/server-supervisor';

/** A server process the test drives: it says it is ready, writes to stderr, ends; a stop message ends it. */
class FakeChild extends EventEmitter {
  readonly stderr = new PassThrough();
  readonly sent: unknown[] = [];
  killed = false;
  constructor(readonly port: number) {
    super();
  }
  ready(url = `http://127.0.0.1:${this.port || 4567}`) {
    this.emit('message', { type: 'ready', url });
  }
  /** Ends with these last words on stderr, told after its exit as a process's pipe may be. */
  end(code: number | null, signal: string | null = null, stderr = '') {
    this.emit('exit', code, signal);
    this.stderr.end(stderr);
  }
}

/** Launches FakeChilds through the real serverRun; the test takes each as it is launched. */
class FakeLauncher implements ServerLauncher {
  readonly children: FakeChild[] = [];
  private waiting: ((child: FakeChild) => void) | null = null;

  launch(port: number) {
    const child = new FakeChild(port);
    this.children.push(child);
    this.waiting?.(child);
    this.waiting = null;
    return serverRun({
      pid: () => 1000 + this.children.length,
      stderr: child.stderr,
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => child.once('exit', listener),
      send: (message) => {
        child.sent.push(message);
        if ((message as { type?: string }).type === 'stop') child.end(0);
      },
      kill: () => {
        child.killed = true;
        child.end(null, 'SIGKILL');
      },
    });
  }

  /** The next child launched (the one launched last, if it is not taken yet). */
  next(): Promise<FakeChild> {
    return new Promise((done) => (this.waiting = done));
  }
}

function supervised(opts: { now?: () => number; delay?: (ms: number, signal: AbortSignal) => Promise<void> } = {}) {
  const launcher = new FakeLauncher();
  const events: BridgeEvent['type'][] = [];
  const listeners = new Set<() => void>();
  /** Once the pages were told `count` events in all. */
  const told = (count: number) =>
    new Promise<BridgeEvent['type'][]>((done) => {
      const check = () => events.length >= count && (listeners.delete(check), done(events));
      listeners.add(check);
      check();
    });
  const logs: { message: string; detail: unknown }[] = [];
  const waits: number[] = [];
  const supervisor = new ServerSupervisor({
    launcher,
    emit: (event) => {
      events.push(event.type);
      for (const check of [...listeners]) check();
    },
    log: (message, detail) => logs.push({ message, detail }),
    delay:
      opts.delay ??
      (async (ms) => {
        waits.push(ms);
      }),
    now: opts.now,
  });
  return { launcher, supervisor, events, told, logs, waits };
}

/** Started: the first child launched and ready. */
async function started(s: ReturnType<typeof supervised>) {
  const first = s.launcher.next();
  const url = s.supervisor.start();
  (await first).ready();
  return { url: await url, child: s.launcher.children[0]! };
}

describe('the server supervisor', () => {
  it('logs a crash with its exit and last stderr lines, tells the pages, restarts on the same port and says it is back', async () => {
    const s = supervised();
    const { url, child } = await started(s);
    expect(url).toBe('http://127.0.0.1:4567');

    const restarted = s.launcher.next();
    child.end(1, null, 'Error: the disk is full\n    at write (x.js:1)\nlast words');
    const again = await restarted;
    expect(again.port).toBe(4567);
    expect(s.events).toEqual(['server-down']);
    expect(s.waits).toEqual([RESTART_BACKOFF.firstMs]);
    expect(s.logs[0]!.message).toMatch(/ended unexpectedly \(exit code 1\)/);
    expect(s.logs[0]!.detail).toEqual(['Error: the disk is full', '    at write (x.js:1)', 'last words']);

    again.ready();
    expect(await s.told(2)).toEqual(['server-down', 'server-up']);
    expect(s.supervisor.url()).toBe(url);
  });

  it('stops by message on a stop: no restart, nothing told, nothing killed', async () => {
    const s = supervised();
    const { child } = await started(s);
    await s.supervisor.stop();
    expect(child.sent).toEqual([{ type: 'stop' }]);
    expect(child.killed).toBe(false);
    expect(s.launcher.children).toHaveLength(1);
    expect(s.events).toEqual([]);
  });

  it('keeps trying while the server will not start, each wait double the last up to the cap, and logs each failure', async () => {
    const s = supervised();
    const { child } = await started(s);
    let next = s.launcher.next();
    child.end(null, 'SIGSEGV');
    for (let attempt = 0; attempt < 9; attempt++) {
      const failing = await next;
      next = s.launcher.next();
      failing.end(1, null, `attempt ${attempt} failed\n`);
    }
    (await next).ready();
    expect(await s.told(2)).toEqual(['server-down', 'server-up']);
    expect(s.waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30_000, 30_000, 30_000, 30_000]);
    expect(s.logs[0]!.message).toMatch(/killed by SIGSEGV/);
    const failures = s.logs.filter((l) => /did not start again \(exit code 1\)/.test(l.message));
    expect(failures).toHaveLength(9);
    expect(failures[8]!.detail).toEqual(['attempt 8 failed']);
  });

  it('starts the count again after a run that stayed up, and takes a new port when its own was taken', async () => {
    let now = 0;
    const s = supervised({ now: () => now });
    const { child } = await started(s);
    let next = s.launcher.next();
    child.end(1);
    const taken = await next;
    next = s.launcher.next();
    taken.end(1, null, 'Error: listen EADDRINUSE: address already in use 127.0.0.1:4567\n');
    const elsewhere = await next;
    expect(elsewhere.port).toBe(0);
    elsewhere.ready('http://127.0.0.1:4600');
    expect(await s.told(2)).toEqual(['server-down', 'server-up']);
    expect(s.supervisor.url()).toBe('http://127.0.0.1:4600');

    now += RESTART_BACKOFF.stableMs;
    next = s.launcher.next();
    elsewhere.end(1);
    expect((await next).port).toBe(4600);
    expect(s.waits).toEqual([500, 1000, 500]);
  });

  it('a stop while it waits to restart ends the wait and launches nothing more', async () => {
    let waiting: () => void = () => {};
    const waits = new Promise<void>((done) => (waiting = done));
    const s = supervised({
      delay: (_ms, signal) =>
        new Promise<void>((done) => {
          waiting();
          signal.addEventListener('abort', () => done());
        }),
    });
    const { child } = await started(s);
    child.end(1);
    await waits;
    await s.supervisor.stop();
    expect(s.launcher.children).toHaveLength(1);
    expect(s.events).toEqual(['server-down']);
  });

  it('a first start that fails says how, with the server’s last words', async () => {
    const s = supervised();
    const first = s.launcher.next();
    const start = s.supervisor.start();
    (await first).end(1, null, 'The data directory /x is already in use by another PlayDesk server (process 7).\n');
    await expect(start).rejects.toThrow(/ended \(exit code 1\):\nThe data directory \/x is already in use/);
    expect(s.launcher.children).toHaveLength(1);
  });
});
