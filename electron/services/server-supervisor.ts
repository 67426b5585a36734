import { setTimeout as sleep } from 'node:timers/promises';
import type { BridgeEvent } from '../../shared/ipc';
import type { ServerExit, ServerLauncher, ServerReady, ServerRun } from '../platform/ports';
import { describeExit, ServerEndedError } from '../platform/server-child';

/**
 * The waits between restarts: doubling from `firstMs` up to `maxMs` while the server keeps ending; a
 * run that stayed up `stableMs` starts the count again.
 */
export const RESTART_BACKOFF = { firstMs: 500, maxMs: 30_000, stableMs: 60_000 };
/** A start that says nothing for this long is taken for failed (stopped, and tried again). */
const START_LIMIT_MS = 90_000;

export interface SupervisorDeps {
  launcher: ServerLauncher;
  /** To the pages: `server-down` when it ended unasked, `server-up` when it is back. */
  emit: (event: BridgeEvent) => void;
  log: (message: string, detail?: unknown) => void;
  /** The wait before a restart, cut short by `signal` (a stop); tests give their own. */
  delay?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

/**
 * The station's own server, kept running: started once, and whenever its process ends without being
 * asked (a crash, a kill, its database gone) the cause is logged (exit code or signal and its last
 * stderr lines), the pages are told, and it is started again after a wait that grows while it keeps
 * ending, capped, for as long as the station runs. A restart asks for the port it had, so the station's
 * address (the API client's and the realtime socket's) stays the same. A stop is not a crash.
 */
export class ServerSupervisor {
  private run: ServerRun | null = null;
  private port = 0;
  /** What the running server said when it was last ready (a restart says it anew). */
  private said: ServerReady | null = null;
  private failures = 0;
  private readonly stopping = new AbortController();
  private readonly delay: (ms: number, signal: AbortSignal) => Promise<void>;
  private readonly now: () => number;

  constructor(private readonly deps: SupervisorDeps) {
    this.delay = deps.delay ?? ((ms, signal) => sleep(ms, undefined, { signal }).catch(() => {}));
    this.now = deps.now ?? Date.now;
  }

  /** The first start: the server's address once it is ready, or how it failed (the station says so and quits). */
  async start(): Promise<string> {
    this.said = await this.launch();
    return this.said.url;
  }

  /** The server's address (the same across restarts, unless its port was taken meanwhile). */
  url(): string {
    return this.said?.url ?? '';
  }

  /** Its embedded database's address as the running server last told it (each restart may move its port). */
  databaseUrl(): string | null {
    return this.said?.databaseUrl ?? null;
  }

  /** The server's process id, while one runs. */
  pid(): number | undefined {
    return this.run?.pid;
  }

  /** Stops the server cleanly (its PostgreSQL too); it is not restarted. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.run?.stop();
  }

  /** One run: ready within the limit, then watched. */
  private async launch(): Promise<ServerReady> {
    const run = this.deps.launcher.launch(this.port);
    this.run = run;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, fail) => {
      timer = setTimeout(
        () => fail(new Error(`it did not say it was ready within ${START_LIMIT_MS / 1000} s`)),
        START_LIMIT_MS,
      );
    });
    try {
      const said = await Promise.race([run.ready, late]);
      this.port = Number(new URL(said.url).port);
      const since = this.now();
      void run.exited.then((exit) => this.ended(run, exit, since));
      return said;
    } catch (error) {
      await run.stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async ended(run: ServerRun, exit: ServerExit, since: number): Promise<void> {
    if (this.stopping.signal.aborted || run !== this.run) return;
    this.deps.log(`PlayDesk server: it ended unexpectedly (${describeExit(exit)}); restarting it`, exit.stderr);
    this.deps.emit({ type: 'server-down' });
    if (this.now() - since >= RESTART_BACKOFF.stableMs) this.failures = 0;
    await this.restart();
  }

  /** Tries again, waiting longer each time, until a run is ready or the station stops. */
  private async restart(): Promise<void> {
    for (;;) {
      const wait = Math.min(RESTART_BACKOFF.maxMs, RESTART_BACKOFF.firstMs * 2 ** this.failures);
      this.failures += 1;
      await this.delay(wait, this.stopping.signal);
      if (this.stopping.signal.aborted) return;
      try {
        this.said = await this.launch();
        if (this.stopping.signal.aborted) return;
        this.deps.log(`PlayDesk server: running again at ${this.said.url}`);
        this.deps.emit({ type: 'server-up' });
        return;
      } catch (error) {
        if (this.stopping.signal.aborted) return;
        const exit = error instanceof ServerEndedError ? error.exit : null;
        this.deps.log(
          `PlayDesk server: it did not start again (${exit ? describeExit(exit) : String(error)}); trying again`,
          exit?.stderr,
        );
        // Its port was taken meanwhile: a new one, whatever the address then (rather than no server).
        if (exit?.stderr.some((line) => line.includes('EADDRINUSE'))) this.port = 0;
      }
    }
  }
}
