import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { autoUpdater } from 'electron-updater';
import type { Updater, UpdaterEvent } from '../ports';

/**
 * The installer's own update settings (`app-update.yml`, written by electron-builder from its publish
 * configuration: the signing publisher's name among them), or null when this build has none.
 */
export function appUpdateConfig(): string | null {
  try {
    return readFileSync(join(process.resourcesPath, 'app-update.yml'), 'utf8');
  } catch {
    return null;
  }
}

/**
 * electron-updater on the generic feed at `feedUrl` (https, checked by `updateFeed`). It downloads a newer
 * version in the background, honours the feed's staged rollout (`stagingPercentage`) and, on Windows,
 * checks the downloaded installer's signature against the publisher in app-update.yml: nothing here
 * turns that off. It never installs on its own: the update service does, at a quit nothing is cut by.
 */
export function electronUpdater(feedUrl: string): Updater {
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = false;
  autoUpdater.setFeedURL({ provider: 'generic', url: feedUrl });
  return {
    check: async () => {
      await autoUpdater.checkForUpdates();
    },
    onEvent(listener: (event: UpdaterEvent) => void) {
      autoUpdater.on('checking-for-update', () => listener({ type: 'checking' }));
      autoUpdater.on('update-not-available', () => listener({ type: 'none' }));
      autoUpdater.on('update-available', (info) => listener({ type: 'available', version: info.version }));
      autoUpdater.on('download-progress', (progress) => listener({ type: 'progress', percent: progress.percent }));
      autoUpdater.on('update-downloaded', (info) => listener({ type: 'downloaded', version: info.version }));
      autoUpdater.on('error', (error) => listener({ type: 'error', error }));
    },
    // Silent, and PlayDesk is not started again by the installer: the shop opens it when it opens.
    install: () => autoUpdater.quitAndInstall(true, false),
  };
}
