import { storedSessionSchema, type SecretStore, type StoredSession } from '../ports';
import { JsonFile } from './json-file';

/** Browser mode on a station: the session in a file only its owner may read (0600). */
export class FileSecretStore implements SecretStore {
  private readonly file: JsonFile<typeof storedSessionSchema>;

  constructor(path: string) {
    this.file = new JsonFile(path, storedSessionSchema, 0o600);
  }

  load() {
    return this.file.read();
  }

  save(session: StoredSession) {
    return this.file.write(session);
  }

  clear() {
    return this.file.remove();
  }
}
