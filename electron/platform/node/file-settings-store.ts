import { z } from 'zod';
import type { Settings } from '../../../shared/ipc';
import { settingsFromStore, type SettingsStore } from '../ports';
import { JsonFile } from './json-file';

export class FileSettingsStore implements SettingsStore {
  /** Read as any JSON: `settingsFromStore` keeps what is still valid field by field. */
  private readonly file: JsonFile<z.ZodUnknown>;

  constructor(path: string) {
    this.file = new JsonFile(path, z.unknown(), 0o644);
  }

  async load(): Promise<Settings> {
    return settingsFromStore(await this.file.read());
  }

  save(settings: Settings) {
    return this.file.write(settings);
  }
}
