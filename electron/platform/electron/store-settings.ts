import Store from 'electron-store';
import type { Settings } from '../../../shared/ipc';
import { settingsFromStore, type SettingsStore } from '../ports';

/** Station settings (embedded or remote server) with electron-store, read through their schema. */
export class ElectronSettingsStore implements SettingsStore {
  private readonly store = new Store<{ settings?: unknown }>({ name: 'settings' });

  async load(): Promise<Settings> {
    return settingsFromStore(this.store.get('settings'));
  }

  async save(settings: Settings): Promise<void> {
    this.store.set('settings', settings);
  }
}
