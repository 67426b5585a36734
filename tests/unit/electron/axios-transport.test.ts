import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AxiosTransport } from '../../../electron/platform/node/axios-transport';
import { ServerUnreachableError } from '../../../electron/platform/ports';

/** How the station tells a request that cannot have left from one that may have reached the server. */
async function failure(url: string): Promise<ServerUnreachableError> {
  const error = await new AxiosTransport().request({ method: 'POST', url, headers: {}, body: {} }).catch((e) => e);
  expect(error).toBeInstanceOf(ServerUnreachableError);
  return error as ServerUnreachableError;
}

describe('the station’s HTTP transport, when no answer comes', () => {
  it('a refused connection never sent the request; one cut after it was sent may have reached the server', async () => {
    // A port just closed: nothing listens there.
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const { port: closedPort } = closed.address() as { port: number };
    await new Promise<void>((done) => closed.close(() => done()));
    expect((await failure(`http://127.0.0.1:${closedPort}/sale/sale/create`)).neverSent).toBe(true);

    // A server that reads the request and drops the connection without answering.
    const dropping = createServer((socket) => socket.once('data', () => socket.destroy()));
    await new Promise<void>((done) => dropping.listen(0, '127.0.0.1', done));
    const { port } = dropping.address() as { port: number };
    expect((await failure(`http://127.0.0.1:${port}/sale/sale/create`)).neverSent).toBe(false);
    await new Promise<void>((done) => dropping.close(() => done()));
  });
});
