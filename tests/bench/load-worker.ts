import autocannon from 'autocannon';
import type { EventEmitter } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import type { LoadOptions, LoadResult } from './load';

const options = workerData as LoadOptions;
let n = 0;
const times: number[] = [];
const instance = autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  requests: [
    {
      method: options.method,
      setupRequest: (req) => {
        const i = n++;
        const bodies = options.bodies;
        return {
          ...req,
          headers: {
            ...options.headers,
            ...(options.idempotencyPrefix ? { 'idempotency-key': `${options.idempotencyPrefix}-${i}` } : {}),
          },
          ...(bodies && bodies.length > 0 ? { body: bodies[i % bodies.length] } : {}),
        };
      },
    },
  ],
});
// The instance is also an event emitter (its types say only Promise): each answer's time.
(instance as unknown as EventEmitter).on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
  times.push(ms),
);
// Off the main thread autocannon leaves its histograms encoded; the counts are plain.
const result = await instance;
parentPort!.postMessage({
  total: result['2xx'] + result.non2xx,
  ok: result['2xx'],
  non2xx: result.non2xx,
  errors: result.errors,
  duration: result.duration,
  times,
} satisfies Omit<LoadResult, 'busy'>);
