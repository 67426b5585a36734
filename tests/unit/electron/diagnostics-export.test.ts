import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { composeServices } from '../../../electron/services/compose';
import { StationLogs } from '../../../electron/services/station-logs';
import { MemorySecretStore } from '../../../electron/platform/node/memory-secret-store';
import { FileSettingsStore } from '../../../electron/platform/node/file-settings-store';
import { defaultSettings } from '../../../electron/platform/ports';
import type { ExportOutcome } from '../../../shared/ipc';
import { FakeServer, memoryChat, memoryPending, okBody, tokens, user } from './fakes';
import {
  EMAIL,
  FORBIDDEN,
  JWT,
  LEAKY_LINES,
  NAME,
  OTP,
  PASSWORD,
  PHONE,
  REFRESH_TOKEN,
} from '../../fixtures/personal-data';

/** A station (as browser mode and the desktop compose it) whose logs live in a fresh folder. */
async function station(signedIn: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'playdesk-diagnostics-'));
  const logs = new StationLogs(join(dir, 'logs'));
  const server = new FakeServer()
    .on('/user/login', () => okBody({ ...tokens(1), accessToken: JWT, refreshToken: REFRESH_TOKEN, user }))
    // A refusal whose answer carries what was asked: none of it may reach the failed requests.
    .on('/kids/checkedinlist', () => ({
      status: 422,
      body: { status: false, message: 'VALIDATION_FAILED', errors: [{ path: 'q', message: NAME }] },
    }))
    // An answer outside the contract, naming someone: the log says where it broke, not what it said.
    .on('/kids/session/time', () => ({
      status: 500,
      body: { status: false, message: 42, name_en: NAME, mobile: PHONE, q: NAME },
    }));
  const settings = new FileSettingsStore(join(dir, 'settings.json'));
  await settings.save({
    ...defaultSettings,
    serverMode: 'remote',
    serverUrl: `https://support:${PASSWORD}@pos.example.com`,
  });
  const { api, handlers } = composeServices(
    {
      secrets: new MemorySecretStore(),
      pending: memoryPending(),
      chat: memoryChat(),
      settings,
      transport: server,
      logs,
    },
    {
      // Nothing listens there: the export's health probe is answered `unreachable` at once.
      serverUrl: () => 'http://127.0.0.1:1',
      emit: () => {},
      appInfo: () => ({ version: '9.8.7', shell: 'web', serverUrl: 'http://127.0.0.1:1' }),
      log: logs.logger('main'),
    },
  );
  if (signedIn) await api.login({ login: EMAIL, password: PASSWORD });
  return { api, handlers, logs, server };
}

/** Every file of the zip, by name, as text. */
function unzipped(outcome: ExportOutcome): Record<string, string> {
  if (outcome.status !== 'download') throw new Error(`not downloaded: ${outcome.status}`);
  expect(outcome.fileName).toMatch(/^playdesk-diagnostics-\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d\.zip$/);
  const files = unzipSync(Buffer.from(outcome.contentBase64, 'base64'));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('Export diagnostics', () => {
  it('zips the logs, versions, settings and failed requests, and none of the secrets written into them', async () => {
    const { api, handlers, logs, server } = await station(true);
    const main = logs.logger('main');
    const serverLog = logs.logger('server');
    for (const [message, detail] of LEAKY_LINES) {
      main(message, detail);
      serverLog(message, detail);
    }
    logs.serverLine(
      `{"level":50,"time":1764189261123,"req":{"method":"POST","url":"/user/login?login=${EMAIL}"},"msg":"password ${PASSWORD} for ${PHONE}"}\n`,
    );
    await handlers['pos:renderer-error']({
      kind: 'render',
      message: `TypeError: cannot read 'mobile' of ${EMAIL}`,
      stack: `props {"name_en":"${NAME}","mobile":"${PHONE}"} code ${OTP}\nat Bearer ${JWT}`,
    });
    // Failed calls: refused with the answer naming someone, an undecodable answer, the server gone, an unknown endpoint.
    await api.callFromPage('kids/checkedinlist', { q: NAME });
    await api.callFromPage('kids/session/time', {});
    server.down = true;
    await api.callFromPage('kids/checkedinlist', { q: PHONE });
    await api.callFromPage('no/such-endpoint', { password: PASSWORD });
    server.down = false;

    const files = unzipped(await handlers['pos:diagnostics-export'](null));
    expect(Object.keys(files).sort()).toEqual([
      'failed-requests.json',
      'logs/main.log',
      'logs/renderer.log',
      'logs/server.log',
      'settings.json',
      'versions.json',
    ]);
    const everything = Object.values(files).join('\n');
    expect(FORBIDDEN.filter((secret) => everything.includes(secret))).toEqual([]);
    expect(everything).not.toContain('support:');

    const failed = JSON.parse(files['failed-requests.json']!) as { endpoint: string; status: number; key: string }[];
    expect(failed.map(({ endpoint, status, key }) => ({ endpoint, status, key }))).toEqual([
      { endpoint: 'kids/checkedinlist', status: 422, key: 'VALIDATION_FAILED' },
      { endpoint: 'kids/session/time', status: 500, key: 'SOMETHING_WENT_WRONG' },
      { endpoint: 'kids/checkedinlist', status: 0, key: 'SERVER_UNREACHABLE' },
    ]);
    const versions = JSON.parse(files['versions.json']!) as Record<string, unknown>;
    expect(versions).toMatchObject({
      app: '9.8.7',
      node: process.versions.node,
      serverMode: 'remote',
      server: { status: 'unreachable' },
    });
    expect(JSON.parse(files['settings.json']!)).toMatchObject({
      serverMode: 'remote',
      serverUrl: 'https://pos.example.com/',
    });
    // The logs are there, each line redacted, not emptied.
    expect(files['logs/main.log']).toContain('kid saved');
    expect(files['logs/main.log']).toContain('undecodable answer {"path":"/kids/session/time"');
    expect(files['logs/main.log']!.trimEnd().split('\n')).toHaveLength(LEAKY_LINES.length + 1);
    expect(files['logs/server.log']).toContain('"level":50');
    expect(files['logs/renderer.log']).toContain('render: TypeError');
  });

  it('keeps the last 50 failed requests only', async () => {
    const { api, handlers } = await station(true);
    for (let i = 0; i < 60; i += 1) await api.callFromPage('kids/checkedinlist', { q: `x${i}` });
    const failed = JSON.parse(unzipped(await handlers['pos:diagnostics-export'](null))['failed-requests.json']!);
    expect(failed).toHaveLength(50);
  });

  it('is refused with nobody signed in', async () => {
    const { handlers } = await station(false);
    expect(await handlers['pos:diagnostics-export'](null)).toEqual({ status: 'failed', message: 'NOT_AUTHORISED' });
  });
});
