import type { FastifyInstance } from 'fastify';

/**
 * From the stop on, a connection is closed as soon as its answer is out. Node closes the connections
 * idle when the server closes; one busy then goes idle after, and is kept for the keep-alive time
 * (Fastify's 72 s) that the close waits out (fastify/fastify#7044): a station's keep-alive connection
 * held a stop under load past its deadline. Node reads the keep-alive time when an answer ends, so
 * shortening it here reaches exactly the connections still busy.
 */
export function closeConnectionsOnceAnswered(fastify: FastifyInstance): void {
  fastify.addHook('preClose', async () => {
    fastify.server.keepAliveTimeout = 1;
    fastify.server.keepAliveTimeoutBuffer = 0;
  });
}
