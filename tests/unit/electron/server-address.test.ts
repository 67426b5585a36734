import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InvalidBridgeArgument } from '../../../electron/ipc/handlers';
import { ApiClient } from '../../../electron/services/api-client';
import { Session } from '../../../electron/services/session';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { FileSettingsStore } from '../../../electron/platform/node/file-settings-store';
import { defaultSettings } from '../../../electron/platform/ports';
import type { BridgeEvent } from '../../../shared/ipc';
import { FakeServer, okBody, tokens, user, stationHandlers } from './fakes';

/** A signed-in station with the given settings saved, its server recording every call. */
async function signedInStation(signedIn = tokens(1)) {
  const server = new FakeServer().on('/user/login', () => okBody(signedIn)).on('/user/logout', () => okBody(null));
  const session = new Session(new MemorySecretStore());
  const settings = new FileSettingsStore(join(mkdtempSync(join(tmpdir(), 'playdesk-server-')), 'settings.json'));
  const events: BridgeEvent[] = [];
  const emit = (event: BridgeEvent) => events.push(event);
  const api = new ApiClient({ transport: server, session, serverUrl: () => 'https://old.example', emit });
  const handlers = stationHandlers(api, session, {
    settings,
    emit,
    appInfo: () => ({ version: '1', shell: 'electron', serverUrl: '' }),
  });
  await settings.save({ ...defaultSettings, serverMode: 'remote', serverUrl: 'https://old.example' });
  await api.login({ login: 'admin@x.test', password: 'pw' });
  return { handlers, session, settings, events, server };
}

const remote = (serverUrl: string) => ({ ...defaultSettings, serverMode: 'remote' as const, serverUrl });

describe("a station's remote server", () => {
  it.each([
    'http://192.168.1.20:4100',
    'http://server-host:4100',
    'http://10.0.0.5',
    'http://[fe80::1]:4100',
    'http://localhost.evil.example',
    'http://127.0.0.1.nip.io',
  ])('refuses %s: passwords would cross the network in clear', async (url) => {
    const { handlers, settings } = await signedInStation();
    await expect(handlers['pos:settings-set'](remote(url))).rejects.toBeInstanceOf(InvalidBridgeArgument);
    expect((await settings.load()).serverUrl).toBe('https://old.example');
  });

  it.each([
    'https://server-host:4100',
    'https://192.168.1.20',
    'http://127.0.0.1:4100',
    'http://127.8.9.10',
    'http://localhost:4100',
    'http://[::1]:4100',
  ])('accepts %s (https, or http on this computer)', async (url) => {
    const { handlers, settings } = await signedInStation();
    expect(await handlers['pos:settings-set'](remote(url))).toMatchObject({ status: true, data: { serverUrl: url } });
    expect((await settings.load()).serverUrl).toBe(url);
  });

  it('signs the station out when the server changes: the tokens are dropped and the page returns to sign-in', async () => {
    const { handlers, session, events, server } = await signedInStation();
    await handlers['pos:settings-set'](remote('https://new.example:4100'));
    expect(await session.tokens()).toBeNull();
    expect(events).toContainEqual({ type: 'session-ended' });
    // The old server is told, so its refresh token cannot be used again.
    expect(server.to('/user/logout')).toHaveLength(1);
  });

  it('signs the station out when it goes from a remote server to its own', async () => {
    const { handlers, session } = await signedInStation();
    await handlers['pos:settings-set'](defaultSettings);
    expect(await session.tokens()).toBeNull();
  });

  it('keeps the station signed in when only the printers change', async () => {
    const { handlers, session, events } = await signedInStation();
    await handlers['pos:settings-set']({ ...remote('https://old.example'), invoicePrinter: 'HP_LaserJet_M404' });
    expect(await session.tokens()).not.toBeNull();
    expect(events).toEqual([]);
  });
});

describe("a station's branch", () => {
  it('is set by an administrator and kept', async () => {
    const { handlers, settings } = await signedInStation();
    await handlers['pos:settings-set']({ ...remote('https://old.example'), stationBranchId: 3 });
    expect((await settings.load()).stationBranchId).toBe(3);
  });

  it("is not changed by anyone else's save", async () => {
    const flags = { access: true, view: true, create: false, update: true, delete: false };
    const privilege = {
      id: 5,
      name_en: 'Manager',
      name_ar: 'مدير فرع',
      admin_access: false,
      features: { Settings: flags },
    };
    const manager = { ...tokens(2), user: { ...user, role: 'manager', branch_id: 1, privilege } };
    const { handlers, settings } = await signedInStation(manager);
    await settings.save({ ...remote('https://old.example'), stationBranchId: 3 });
    expect(await handlers['pos:settings-set']({ ...remote('https://old.example'), stationBranchId: 7 })).toMatchObject({
      data: { stationBranchId: 3 },
    });
    expect((await settings.load()).stationBranchId).toBe(3);
  });
});
