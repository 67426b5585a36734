import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';

/**
 * A small JSON file read through its schema: a missing, corrupt or foreign file reads as null rather
 * than crashing the app. Writes go through a temporary file so a crash never leaves half a file, and
 * reach the disk before and after the rename: without it a power cut can leave the new name on an
 * empty file (a pending sale forgotten, then sold twice).
 */
export class JsonFile<S extends z.ZodType> {
  constructor(
    private readonly path: string,
    private readonly schema: S,
    private readonly mode = 0o600,
  ) {}

  async read(): Promise<z.output<S> | null> {
    try {
      const parsed = this.schema.safeParse(JSON.parse(await readFile(this.path, 'utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async write(value: z.input<S>): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${process.pid}.tmp`;
    const file = await open(temp, 'w', this.mode);
    try {
      await file.writeFile(JSON.stringify(value));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, this.path);
    await syncFolder(dirname(this.path));
  }

  async remove(): Promise<void> {
    await rm(this.path, { force: true });
  }
}

/**
 * Makes a rename in this folder survive a power cut. Windows cannot open a folder to flush it; NTFS
 * journals the rename itself.
 */
export async function syncFolder(path: string): Promise<void> {
  if (process.platform === 'win32') return;
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
