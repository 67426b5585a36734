import Store from 'electron-store';
import { settingsSchema, type Settings } from '../../../shared/ipc';
import { defaultSettings, type SettingsStore } from '../ports';

/** Station settings (embedded or remote server) with electron-store, read through their schema. */
export class ElectronSettingsStore implements SettingsStore {
  private readonly store = new Store<{ settings?: unknown }>({ name: 'settings' });

  async load(): Promise<Settings> {
    const parsed = settingsSchema.safeParse(this.store.get('settings'));
    return parsed.success ? parsed.data : defaultSettings;
  }

  async save(settings: Settings): Promise<void> {
    this.store.set('settings', settings);
  }
}
