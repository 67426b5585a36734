import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { UPLOAD_SUFFIX_LENGTH } from '../../shared/domain/constants';

export interface StoredEntry {
  fileName: string;
  size: number;
  modifiedAt: Date;
}

/** Where media files live: a local folder by default; an S3-compatible store can take its place. */
export interface FileStore {
  put(dir: string, originalName: string, extension: string, bytes: Buffer): Promise<string>;
  get(dir: string, fileName: string): Promise<Buffer | null>;
  has(dir: string, fileName: string): Promise<boolean>;
  list(dir: string): Promise<StoredEntry[]>;
}

const SUFFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Spec 5: stored names get a random 10-character suffix; the readable stem is reduced to safe characters. */
export function storedFileName(originalName: string, extension: string): string {
  const stem =
    originalName
      .replace(/\.[^.]*$/, '')
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'file';
  const bytes = randomBytes(UPLOAD_SUFFIX_LENGTH);
  const suffix = [...bytes].map((b) => SUFFIX_ALPHABET[b % SUFFIX_ALPHABET.length]).join('');
  return `${stem}-${suffix}.${extension}`;
}

export class LocalFileStore implements FileStore {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** Names are never trusted as paths: anything resolving outside the root is refused. */
  private inside(...parts: string[]): string {
    const path = resolve(join(this.root, ...parts));
    if (path !== this.root && !path.startsWith(this.root + sep)) throw new Error('path outside the media folder');
    return path;
  }

  /**
   * Kids' medical reports and staff's identity scans: the folder is the server account's alone (0700,
   * closed again if an earlier version left it open) and so is every file (0600).
   */
  async put(dir: string, originalName: string, extension: string, bytes: Buffer): Promise<string> {
    const folder = this.inside(dir);
    await mkdir(this.root, { recursive: true, mode: 0o700 });
    await chmod(this.root, 0o700);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const fileName = storedFileName(originalName, extension);
    await writeFile(this.inside(dir, fileName), bytes, { flag: 'wx', mode: 0o600 });
    return fileName;
  }

  async get(dir: string, fileName: string): Promise<Buffer | null> {
    try {
      return await readFile(this.inside(dir, fileName));
    } catch {
      return null;
    }
  }

  async has(dir: string, fileName: string): Promise<boolean> {
    try {
      return (await stat(this.inside(dir, fileName))).isFile();
    } catch {
      return false;
    }
  }

  async list(dir: string): Promise<StoredEntry[]> {
    let names: string[];
    try {
      names = await readdir(this.inside(dir));
    } catch {
      return [];
    }
    const entries = await Promise.all(
      names.map(async (fileName) => {
        const info = await stat(this.inside(dir, fileName));
        return { fileName, size: info.size, modifiedAt: info.mtime };
      }),
    );
    return entries.sort((a, b) => b.modifiedAt.getTime() - a.modifiedAt.getTime());
  }
}
