import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';

/** Electron's utility process, faked: what it was forked with, what it was sent, and a hand on its events. */
class FakeUtilityProcess extends EventEmitter {
  readonly stderr = new PassThrough();
  readonly posted: unknown[] = [];
  pid = 4242;
  postMessage(message: unknown) {
    this.posted.push(message);
    if ((message as { type?: string }).type === 'stop') this.end(0);
  }
  kill() {
    this.end(9);
    return true;
  }
  private end(code: number) {
    this.emit('exit', code);
    this.stderr.end();
  }
}
const forked: { entry: string; args: string[]; options: Record<string, unknown>; child: FakeUtilityProcess }[] = [];
vi.mock('electron', () => ({
  utilityProcess: {
    fork: (entry: string, args: string[], options: Record<string, unknown>) => {
      const child = new FakeUtilityProcess();
      forked.push({ entry, args, options, child });
      return child;
    },
  },
}));
const { electronServerLauncher } = await import('../../../electron/platform/electron/embedded-server');

describe('the embedded server in an Electron utility process', () => {
  it('runs on loopback with the data folder and port asked, keeps stderr, and stops by message', async () => {
    const launcher = electronServerLauncher({ entry: '/app/server.mjs', dataDir: '/data/server', env: { A: '1' } });
    const run = launcher.launch(4567);
    const { entry, args, options, child } = forked[0]!;
    expect(entry).toBe('/app/server.mjs');
    expect(args).toEqual(['--port', '4567', '--host', '127.0.0.1', '--data-dir', '/data/server']);
    expect(options).toMatchObject({ stdio: ['ignore', 'inherit', 'pipe'], env: { A: '1', LOG_LEVEL: 'warn' } });

    child.emit('message', { type: 'ready', url: 'http://127.0.0.1:4567' });
    expect((await run.ready).url).toBe('http://127.0.0.1:4567');
    expect(run.pid).toBe(4242);
    await run.stop();
    expect(child.posted).toEqual([{ type: 'stop' }]);
    expect((await run.exited).code).toBe(0);
  });

  it('reports an exit before ready with the last lines it wrote', async () => {
    const run = electronServerLauncher({ entry: '/app/server.mjs', dataDir: '/d' }).launch(0);
    const { child } = forked.at(-1)!;
    // Its exit told before its last words are read from the pipe.
    child.emit('exit', 1);
    child.stderr.end('The embedded PostgreSQL stopped while starting:\nFATAL:  could not write lock file\n');
    await expect(run.ready).rejects.toThrow(/exit code 1\):\n[^]*FATAL: {2}could not write lock file/);
  });
});
