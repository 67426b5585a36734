import type { SecretStore, StoredSession } from '../ports';

/** Keeps the session for this run only: used where no encrypted store exists (Linux without a keyring). */
export class MemorySecretStore implements SecretStore {
  private session: StoredSession | null = null;

  async load() {
    return this.session;
  }

  async save(session: StoredSession) {
    this.session = session;
  }

  async clear() {
    this.session = null;
  }
}
