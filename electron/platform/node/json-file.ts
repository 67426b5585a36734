import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { z } from 'zod';

/**
 * A small JSON file read through its schema: a missing, corrupt or foreign file reads as null rather
 * than crashing the app. Writes go through a temporary file so a crash never leaves half a file.
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
    await writeFile(temp, JSON.stringify(value), { mode: this.mode });
    await rename(temp, this.path);
  }

  async remove(): Promise<void> {
    await rm(this.path, { force: true });
  }
}
