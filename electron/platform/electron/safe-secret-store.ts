import { safeStorage } from 'electron';
import Store from 'electron-store';
import { MemorySecretStore } from '../node/memory-secret-store';
import { storedSessionSchema, type SecretStore, type StoredSession } from '../ports';

/**
 * The session encrypted with the OS keychain (DPAPI on Windows) and kept with electron-store. Where
 * safeStorage has no real keyring (Linux `basic_text`), nothing is written: the session lives in
 * memory and the user signs in again after a restart.
 */
export function createSecretStore(): SecretStore {
  const usable =
    safeStorage.isEncryptionAvailable() &&
    (process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text');
  return usable ? new SafeSecretStore() : new MemorySecretStore();
}

class SafeSecretStore implements SecretStore {
  private readonly store = new Store<{ session?: string }>({ name: 'session' });

  async load(): Promise<StoredSession | null> {
    const sealed = this.store.get('session');
    if (!sealed) return null;
    try {
      const parsed = storedSessionSchema.safeParse(
        JSON.parse(safeStorage.decryptString(Buffer.from(sealed, 'base64'))),
      );
      return parsed.success ? parsed.data : null;
    } catch {
      return null; // sealed on another machine or by another user: sign in again
    }
  }

  async save(session: StoredSession): Promise<void> {
    this.store.set('session', safeStorage.encryptString(JSON.stringify(session)).toString('base64'));
  }

  async clear(): Promise<void> {
    this.store.delete('session');
  }
}
