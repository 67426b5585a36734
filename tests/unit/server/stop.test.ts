import { Agent, request } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeConnectionsOnceAnswered } from '../../../server/http/stop';

/**
 * fastify/fastify#7044: a keep-alive connection busy when the stop begins goes idle once answered and
 * kept the close waiting for the keep-alive time. Verdicts rest on the answer and the connection's close.
 */
describe('a stop', () => {
  it('answers the request it has, then closes that connection rather than keeping it alive', async () => {
    const app = Fastify({ keepAliveTimeout: 600_000 });
    closeConnectionsOnceAnswered(app);
    let release!: () => void;
    const held = new Promise<void>((done) => (release = done));
    let arrived!: () => void;
    const inside = new Promise<void>((done) => (arrived = done));
    app.get('/slow', async () => {
      arrived();
      await held;
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const agent = new Agent({ keepAlive: true });
    try {
      const answer = new Promise<{ status: number; body: string; socketClosed: Promise<void> }>((done, fail) => {
        const req = request({ host: '127.0.0.1', port, path: '/slow', agent }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          const socketClosed = new Promise<void>((closed) => res.socket.once('close', () => closed()));
          res.on('end', () => done({ status: res.statusCode ?? 0, body, socketClosed }));
        });
        req.on('error', fail);
        req.end();
      });
      await inside;
      // The answer goes out once the server has stopped listening and closed the connections idle then.
      const serverClose = app.server.close.bind(app.server);
      app.server.close = (callback) => {
        serverClose(callback);
        release();
        return app.server;
      };
      const closing = app.close();
      const { status, body, socketClosed } = await answer;
      expect({ status, body: JSON.parse(body) as unknown }).toEqual({ status: 200, body: { ok: true } });
      await socketClosed;
      await closing;
    } finally {
      agent.destroy();
    }
  });
});
