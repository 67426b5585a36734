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
  private readonly listeners = new Set<() => void>();

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
    this.changed();
  }

  async clear(): Promise<void> {
    this.current = null;
    this.supervisor = null;
    await this.store.clear();
    this.changed();
  }

  /** Called after each sign-in, refresh and sign-out (the realtime socket follows the session); returns the unsubscribe. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed() {
    for (const listener of this.listeners) listener();
  }

  supervisorToken(): string | null {
    return this.supervisor;
  }

  setSupervisorToken(token: string | null): void {
    this.supervisor = token;
  }
}
