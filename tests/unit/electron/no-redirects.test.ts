import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { ApiClient } from '../../../electron/services/api-client';
import { Session } from '../../../electron/services/session';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { AxiosTransport } from '../../../electron/platform/node/axios-transport';
import { probeServer } from '../../../electron/services/server-probe';

/**
 * A station's server answers 307 to another address (a hijacked proxy, a misconfigured one): the
 * station must not repeat the sign-in there, since that address never passed the https-only rule.
 */
const servers: Server[] = [];
let elsewhere: string;
let redirecting: string;
const hits: string[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  elsewhere = await listen(
    createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        hits.push(`${req.method} ${req.url} ${body}`);
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ status: true, message: 'OK', data: { version: '1.0.0' } }));
      });
    }),
  );
  redirecting = await listen(
    createServer((req, res) => {
      req.resume();
      res.writeHead(307, { location: `${elsewhere}${req.url ?? '/'}` }).end();
    }),
  );
});
beforeEach(() => {
  hits.length = 0;
});
afterAll(async () => {
  for (const server of servers) await new Promise((done) => server.close(done));
});

describe('a server that answers with a redirect', () => {
  it('is not followed with the password: the sign-in is refused as a misconfigured server, nothing reaches the other address', async () => {
    const session = new Session(new MemorySecretStore());
    const client = new ApiClient({
      transport: new AxiosTransport(),
      session,
      serverUrl: () => redirecting,
      emit: () => {},
      log: () => {},
    });
    expect(await client.login({ login: 'admin@x.test', password: 'the-password' })).toEqual({
      status: false,
      message: 'SERVER_REDIRECTED',
    });
    expect(await client.call('branch/list', {})).toEqual({ status: false, message: 'SERVER_REDIRECTED' });
    expect(await session.user()).toBeNull();
    expect(hits).toEqual([]);
  });

  it('is not followed by Test connection either', async () => {
    expect(await probeServer(redirecting)).toEqual({ status: 'not-playdesk' });
    expect(hits).toEqual([]);
  });
});
