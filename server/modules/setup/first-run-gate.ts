import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RequestContext } from '../../http/context';

/** The setup token's file in the server's data folder, readable by the account the server runs as only. */
export const SETUP_TOKEN_FILE = 'setup-token';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may create the first administrator of an empty database. Whoever does holds the whole chain, so
 * not whoever asks first: a caller on the server's own computer (the desktop app's embedded server, or
 * the owner at the chain server), or one who shows the one-time token this server made at start.
 */
export class FirstRunGate {
  private token: string | null = null;
  private file: string | null = null;

  /**
   * At start: with no administrator yet, a new token, written (0600) in the data folder for the owner to
   * read; otherwise a token an earlier start left there is removed.
   */
  async prepare(dataDir: string, needsAdministrator: boolean): Promise<{ token: string; file: string } | null> {
    const file = join(dataDir, SETUP_TOKEN_FILE);
    await rm(file, { force: true });
    if (!needsAdministrator) return null;
    await mkdir(dataDir, { recursive: true });
    const token = randomBytes(24).toString('base64url');
    await writeFile(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    this.token = token;
    this.file = file;
    return { token, file };
  }

  allows(ctx: RequestContext, given: string | undefined): boolean {
    if (ctx.local) return true;
    // Compared as digests, so the time taken tells nothing of the token, its length included.
    return this.token !== null && given !== undefined && timingSafeEqual(digest(given), digest(this.token));
  }

  /** The first administrator exists: the token opens nothing any more, and its file goes. */
  async spend(): Promise<void> {
    this.token = null;
    if (this.file) await rm(this.file, { force: true });
    this.file = null;
  }
}
