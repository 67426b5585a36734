import { backupStateSchema, defaultBackupState, type BackupState, type BackupStateStore } from '../ports';
import { JsonFile } from './json-file';

/** The station's backup settings and last result, in a small JSON file beside its other settings. */
export class FileBackupStateStore implements BackupStateStore {
  private readonly file: JsonFile<typeof backupStateSchema>;

  constructor(path: string) {
    this.file = new JsonFile(path, backupStateSchema);
  }

  async load(): Promise<BackupState> {
    return (await this.file.read()) ?? defaultBackupState;
  }

  save(state: BackupState): Promise<void> {
    return this.file.write(state);
  }
}
