import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeServer } from '../../electron/services/server-probe';
import { createHandlers } from '../../electron/ipc/handlers';
import { startTestServer, type TestServer } from './harness';
import packageJson from '../../package.json' with { type: 'json' };

/**
 * *Test connection* in Settings: the main process asks the address typed and says what it found, a
 * PlayDesk server (its version, over TLS or not), nothing there, something else, or a bad certificate.
 */
const certs = mkdtempSync(join(tmpdir(), 'playdesk-probe-'));
let playdesk: TestServer;
const peers: Server[] = [];
let certificate: string;

/** Listens on loopback and answers the URL to reach it. */
async function listen(server: Server, protocol: 'http' | 'https'): Promise<string> {
  peers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return `${protocol}://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

beforeAll(async () => {
  playdesk = await startTestServer({ withAdministrator: false });
  // A certificate for 127.0.0.1 that no system trusts: the shop's own, until the station is told of it.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(certs, 'key.pem'),
      '-out',
      join(certs, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  certificate = readFileSync(join(certs, 'cert.pem'), 'utf8');
});
afterAll(async () => {
  await playdesk.close();
  for (const peer of peers) peer.close();
  rmSync(certs, { recursive: true, force: true });
});

/** A TLS proxy in front of the PlayDesk server, as the README sets one up. */
async function tlsProxy(): Promise<string> {
  const proxy = createHttpsServer({ key: readFileSync(join(certs, 'key.pem')), cert: certificate }, (req, res) => {
    void fetch(playdesk.url + (req.url ?? '/')).then(async (answer) =>
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text()),
    );
  });
  return listen(proxy, 'https');
}

describe('Test connection (pos:server-test)', () => {
  it('finds a PlayDesk server and its version, over plain http on this computer', async () => {
    expect(await probeServer(playdesk.url)).toEqual({ status: 'found', version: packageJson.version, tls: false });
  });

  it('finds it over TLS when the certificate is trusted, and says the certificate is the problem when it is not', async () => {
    const url = await tlsProxy();
    expect(await probeServer(url, { ca: certificate })).toEqual({
      status: 'found',
      version: packageJson.version,
      tls: true,
    });
    expect(await probeServer(url)).toMatchObject({ status: 'certificate' });
  });

  it('says nothing answers at an address where nothing listens', async () => {
    const closed = createHttpServer();
    const url = await listen(closed, 'http');
    await new Promise<void>((done) => closed.close(() => done()));
    expect(await probeServer(url)).toEqual({ status: 'unreachable' });
  });

  it('says another kind of server is not a PlayDesk server', async () => {
    const url = await listen(
      createHttpServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>router</h1>')),
      'http',
    );
    expect(await probeServer(url)).toEqual({ status: 'not-playdesk' });
    const json = await listen(
      createHttpServer((_req, res) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":true,"data":{"version":"9"}}'),
      ),
      'http',
    );
    expect(await probeServer(json)).toEqual({ status: 'not-playdesk' });
  });

  it('is a bridge channel that refuses an address passwords must not go to, without asking it', async () => {
    const handlers = createHandlers({
      appInfo: () => ({ version: 'x', shell: 'web', serverUrl: playdesk.url }),
    } as never);
    expect(await handlers['pos:server-test']({ url: playdesk.url })).toEqual({
      status: 'found',
      version: packageJson.version,
      tls: false,
    });
    await expect(handlers['pos:server-test']({ url: 'http://192.0.2.50:4100' })).rejects.toThrow('pos:server-test');
    await expect(handlers['pos:server-test']({ url: 42 })).rejects.toThrow('pos:server-test');
  });
});
