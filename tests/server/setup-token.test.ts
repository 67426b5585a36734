import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/start';
import { freshDatabaseUrl, OWNER as owner, postAs } from './harness';

/** A chain server on an empty database, as `npm run server` starts it. */
const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-setup-'));
let databaseUrl: string;
let server: RunningServer;
beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  server = await startServer({ port: 0, dataDir, databaseUrl, logLevel: 'silent' });
});
afterAll(async () => {
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A station on another computer, reaching the server through the shop's TLS proxy. */
const remote = { 'x-forwarded-for': '192.0.2.40' };

describe('the setup token of a server with no administrator', () => {
  it('is made at start and kept in the data folder, readable by the server account only', () => {
    expect(server.setupToken).not.toBeNull();
    const { token, file } = server.setupToken!;
    expect(file).toBe(join(dataDir, 'setup-token'));
    expect(readFileSync(file, 'utf8').trim()).toBe(token);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('lets another computer create the first administrator with it, once; a wrong one opens nothing', async () => {
    const { token, file } = server.setupToken!;
    expect((await postAs(server.url, '/setup/status', {}, remote)).body.data).toEqual({
      needsAdministrator: true,
      needsSetupToken: true,
    });
    for (const setup_token of [undefined, `${token}x`, token.slice(0, -1), '']) {
      const refused = await postAs(server.url, '/setup/first-admin', { ...owner, setup_token }, remote);
      expect(refused.status).toBe(403);
    }
    const created = await postAs(server.url, '/setup/first-admin', { ...owner, setup_token: token }, remote);
    expect(created).toEqual({ status: 200, body: { status: true, message: 'OK', data: null } });
    expect(existsSync(file)).toBe(false);
    const again = await postAs(
      server.url,
      '/setup/first-admin',
      { ...owner, login: 'b@x.test', setup_token: token },
      remote,
    );
    expect(again.status).toBe(403);
    const signIn = await postAs<{ user: { role: string } }>(server.url, '/user/login', owner, remote);
    expect(signIn.body.data.user.role).toBe('admin');
  });

  it('is not made, and an old file is removed, when the server starts with an administrator', async () => {
    writeFileSync(join(dataDir, 'setup-token'), 'left-over\n');
    const later = await startServer({ port: 0, dataDir, databaseUrl, logLevel: 'silent' });
    try {
      expect(later.setupToken).toBeNull();
      expect(existsSync(join(dataDir, 'setup-token'))).toBe(false);
    } finally {
      await later.close();
    }
  });
});
