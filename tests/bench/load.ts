import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

/** One load: autocannon's options that cross to its thread, as plain data. */
export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent in turn, one a request (one alone: every request's). */
  bodies?: readonly string[];
  /** Each request's Idempotency-Key: this and the request's number. */
  idempotencyPrefix?: string;
}

/** What a load saw: its answers by kind, how long it ran, and every answer's time. */
export interface LoadResult {
  /** Answers received. */
  total: number;
  ok: number;
  non2xx: number;
  /** Requests that got no answer (a refused or dropped connection, a timeout). */
  errors: number;
  /** Seconds. */
  duration: number;
  /** Every answer's time, in milliseconds. */
  times: number[];
  /**
   * Milliseconds this thread (the servers') was busy meanwhile: with the load in a thread of its own,
   * a server that keeps up with it shows its cost here rather than in its rate.
   */
  busy: number;
}

/**
 * autocannon in a thread of its own. Every bench runs its servers in its own process; autocannon in the
 * same thread took turns with them, so the server with more steps to a request lost more to it
 * (/branch/list ×0.67 of its floor that way, ×0.93 with the load from another process, same build).
 */
export function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((done, fail) => {
    const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: options });
    const before = performance.eventLoopUtilization();
    worker.once('message', (answer: Omit<LoadResult, 'busy'>) =>
      done({ ...answer, busy: performance.eventLoopUtilization(before).active }),
    );
    worker.once('error', fail);
    worker.once('exit', (code) => code !== 0 && fail(new Error(`the load's thread exited ${code}`)));
  });
}

/** The time under which this share (0.99: p99) of the answers came, over one load or several. */
export function percentile(times: readonly number[], share: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
}
