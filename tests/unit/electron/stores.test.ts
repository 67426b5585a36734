import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileSecretStore } from '../../../electron/platform/node/file-secret-store';
import { FileSettingsStore } from '../../../electron/platform/node/file-settings-store';
import { Session } from '../../../electron/services/session';
import { launchFile } from '../../../electron/web/launch-file';
import { tokens } from './fakes';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'playdesk-store-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the browser-mode session file', () => {
  it('survives a restart and only its owner may read it (0600)', async () => {
    const path = join(tempDir(), 'station', 'session.json');
    await new Session(new FileSecretStore(path)).save(tokens(1));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const restarted = new Session(new FileSecretStore(path));
    expect((await restarted.tokens())?.refreshToken).toBe('refresh-1');
  });

  it('a corrupt or foreign file reads as signed out instead of crashing', async () => {
    const path = join(tempDir(), 'session.json');
    for (const content of ['{not json', '{"accessToken": 1}', '[]']) {
      writeFileSync(path, content);
      expect(await new FileSecretStore(path).load()).toBeNull();
    }
  });

  it('sign out removes it', async () => {
    const path = join(tempDir(), 'session.json');
    const session = new Session(new FileSecretStore(path));
    await session.save(tokens(1));
    await session.clear();
    expect(await new FileSecretStore(path).load()).toBeNull();
  });
});

describe('station settings', () => {
  it('default to the embedded server and keep a remote choice', async () => {
    const path = join(tempDir(), 'settings.json');
    const store = new FileSettingsStore(path);
    const noPrinter = { address: null, paper: 80, autoPrint: false, drawer: false } as const;
    expect(await store.load()).toEqual({
      serverMode: 'embedded',
      serverUrl: null,
      printer: noPrinter,
      invoicePrinter: null,
      stationBranchId: null,
    });
    await store.save({
      serverMode: 'remote',
      serverUrl: 'https://server:4100',
      printer: noPrinter,
      invoicePrinter: 'HP LaserJet',
      stationBranchId: 2,
    });
    expect(await new FileSettingsStore(path).load()).toEqual({
      serverMode: 'remote',
      serverUrl: 'https://server:4100',
      printer: noPrinter,
      invoicePrinter: 'HP LaserJet',
      stationBranchId: 2,
    });
  });

  it('settings saved before printing existed load with no printers; a printer set is kept, however it is connected', async () => {
    const path = join(tempDir(), 'settings.json');
    writeFileSync(path, JSON.stringify({ serverMode: 'embedded', serverUrl: null }));
    const loaded = await new FileSettingsStore(path).load();
    expect(loaded.printer).toEqual({ address: null, paper: 80, autoPrint: false, drawer: false });
    expect(loaded.invoicePrinter).toBeNull();
    for (const address of ['tcp://192.168.1.50:9100', '\\\\FRONT-PC\\POS80', 'COM3@19200']) {
      const printer = { address, paper: 58, autoPrint: true, drawer: true } as const;
      await new FileSettingsStore(path).save({
        serverMode: 'embedded',
        serverUrl: null,
        printer,
        invoicePrinter: null,
        stationBranchId: null,
      });
      expect((await new FileSettingsStore(path).load()).printer).toEqual(printer);
    }
  });

  it('a field a newer rule refuses falls back alone: an http:// remote saved before https was required keeps the printers', async () => {
    const path = join(tempDir(), 'settings.json');
    const printer = { address: 'COM3@9600', paper: 58, autoPrint: true, drawer: true };
    writeFileSync(
      path,
      JSON.stringify({
        serverMode: 'remote',
        serverUrl: 'http://192.168.1.20:4100',
        printer,
        invoicePrinter: 'HP LaserJet',
      }),
    );
    const loaded = await new FileSettingsStore(path).load();
    expect(loaded.printer).toEqual(printer);
    expect(loaded.invoicePrinter).toBe('HP LaserJet');
    expect(loaded.serverUrl).toBeNull();
  });
});

describe("browser mode's launch file", () => {
  it("holds the page cookie where only the launcher's OS user may read it (0600), and is gone at stop", async () => {
    const path = join(tempDir(), 'station', 'launch.json');
    const launch = { url: 'http://127.0.0.1:4200', cookie: { name: 'playdesk_bridge_4200', value: 'x'.repeat(43) } };
    await launchFile(path).write(launch);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await launchFile(path).read()).toEqual(launch);
    await launchFile(path).remove();
    expect(await launchFile(path).read()).toBeNull();
  });
});
