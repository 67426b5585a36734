import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi, type Mock } from 'vitest';
import type { UpdaterEvent } from '../../../electron/platform/ports';

/** electron-updater replaced: the adapter is checked for what it sets on the real one and how it reads its events. */
type FakeAutoUpdater = EventEmitter & {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL: Mock;
  checkForUpdates: Mock;
  quitAndInstall: Mock;
};
const fake = vi.hoisted(() => ({ updater: null as unknown as FakeAutoUpdater }));

vi.mock('electron-updater', () => {
  const updater = Object.assign(new EventEmitter(), {
    autoDownload: false,
    autoInstallOnAppQuit: true,
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(async () => null),
    quitAndInstall: vi.fn(),
  });
  fake.updater = updater;
  return { autoUpdater: updater };
});

const { appUpdateConfig, electronUpdater } = await import('../../../electron/platform/electron/updater');

const resources = mkdtempSync(join(tmpdir(), 'playdesk-resources-'));
afterAll(() => rmSync(resources, { recursive: true, force: true }));

describe('the Electron updater', () => {
  it('downloads by itself from the generic feed given, never installs by itself, and leaves the signature check alone', async () => {
    const updater = electronUpdater('https://updates.example.test/playdesk');
    expect(fake.updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://updates.example.test/playdesk',
    });
    expect(fake.updater.autoDownload).toBe(true);
    expect(fake.updater.autoInstallOnAppQuit).toBe(false);
    expect(Object.keys(fake.updater)).not.toContain('verifyUpdateCodeSignature');
    expect(Object.keys(fake.updater)).not.toContain('forceDevUpdateConfig');
    await updater.check();
    expect(fake.updater.checkForUpdates).toHaveBeenCalledOnce();
    updater.install();
    expect(fake.updater.quitAndInstall).toHaveBeenCalledWith(true, false);
  });

  it('tells what electron-updater emits as the update service reads it', () => {
    const updater = electronUpdater('https://updates.example.test/playdesk');
    const told: UpdaterEvent[] = [];
    updater.onEvent((event) => told.push(event));
    const failure = new Error('sha512 checksum mismatch');
    fake.updater.emit('checking-for-update');
    fake.updater.emit('update-not-available', { version: '1.0.0' });
    fake.updater.emit('update-available', { version: '1.1.0' });
    fake.updater.emit('download-progress', { percent: 12.5, transferred: 1, total: 8, delta: 1, bytesPerSecond: 1 });
    fake.updater.emit('update-downloaded', { version: '1.1.0' });
    fake.updater.emit('error', failure);
    expect(told).toEqual([
      { type: 'checking' },
      { type: 'none' },
      { type: 'available', version: '1.1.0' },
      { type: 'progress', percent: 12.5 },
      { type: 'downloaded', version: '1.1.0' },
      { type: 'error', error: failure },
    ]);
  });

  it("reads the installer's app-update.yml beside the app, or none", () => {
    const saved = process.resourcesPath;
    try {
      Object.defineProperty(process, 'resourcesPath', { value: resources, configurable: true });
      expect(appUpdateConfig()).toBeNull();
      writeFileSync(join(resources, 'app-update.yml'), 'publisherName:\n  - PlayDesk Ltd\n');
      expect(appUpdateConfig()).toContain('PlayDesk Ltd');
    } finally {
      Object.defineProperty(process, 'resourcesPath', { value: saved, configurable: true });
    }
  });
});
