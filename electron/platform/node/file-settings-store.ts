import { settingsSchema, type Settings } from '../../../shared/ipc';
import { defaultSettings, type SettingsStore } from '../ports';
import { JsonFile } from './json-file';

export class FileSettingsStore implements SettingsStore {
  private readonly file: JsonFile<typeof settingsSchema>;

  constructor(path: string) {
    this.file = new JsonFile(path, settingsSchema, 0o644);
  }

  async load(): Promise<Settings> {
    return (await this.file.read()) ?? defaultSettings;
  }

  save(settings: Settings) {
    return this.file.write(settings);
  }
}
