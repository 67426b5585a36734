import type { SessionUser } from '../../shared/permissions';
import type { SecretStore, StoredSession } from '../platform/ports';

/**
 * The signed-in session of this station. Tokens stay in the main process; the renderer only ever
 * sees the user. The supervisor token is kept for this run only.
 */
export class Session {
  private current: StoredSession | null = null;
  private supervisor: string | null = null;
  private loaded: Promise<void> | null = null;

  constructor(private readonly store: SecretStore) {}

  private ensureLoaded(): Promise<void> {
    this.loaded ??= this.store.load().then((stored) => {
      this.current ??= stored;
    });
    return this.loaded;
  }

  async user(): Promise<SessionUser | null> {
    await this.ensureLoaded();
    return this.current?.user ?? null;
  }

  async tokens(): Promise<StoredSession | null> {
    await this.ensureLoaded();
    return this.current;
  }

  async save(session: StoredSession): Promise<void> {
    this.current = session;
    await this.store.save(session);
  }

  async clear(): Promise<void> {
    this.current = null;
    this.supervisor = null;
    await this.store.clear();
  }

  supervisorToken(): string | null {
    return this.supervisor;
  }

  setSupervisorToken(token: string | null): void {
    this.supervisor = token;
  }
}
