import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface RotationLimits {
  /** A file reaching this size is moved aside and a new one begun. */
  maxBytes: number;
  /** Files kept per log, the current one included: the oldest beyond them is deleted. */
  files: number;
}

export const DEFAULT_ROTATION: RotationLimits = { maxBytes: 1024 * 1024, files: 5 };

/**
 * One log as `<name>.log`, `<name>.1.log` (the one before) … up to `limits.files` files. Each line is
 * one synchronous append, so lines never interleave and the last one before a crash is on disk. A write
 * that fails (the disk full, the folder gone) is dropped and counted, never thrown: logging must not take
 * down what it logs; the count is written once writing works again.
 */
export class RotatingLog {
  private size: number | null = null;
  private dropped = 0;

  constructor(
    private readonly dir: string,
    private readonly name: string,
    private readonly limits: RotationLimits = DEFAULT_ROTATION,
  ) {}

  /** The file names this log may have, newest first. */
  fileNames(): string[] {
    return Array.from({ length: this.limits.files }, (_, i) => this.fileName(i));
  }

  get droppedLines(): number {
    return this.dropped;
  }

  write(line: string): void {
    const text = line.endsWith('\n') ? line : `${line}\n`;
    try {
      const pending = this.dropped > 0 ? `[${this.dropped} lines dropped: the log could not be written]\n` : '';
      const bytes = Buffer.byteLength(pending + text);
      const size = this.currentSize();
      if (size > 0 && size + bytes > this.limits.maxBytes) this.rotate();
      appendFileSync(join(this.dir, this.fileName(0)), pending + text);
      this.size = (this.size ?? 0) + bytes;
      this.dropped = 0;
    } catch {
      this.dropped += 1;
      // Read again next time: whatever failed may have left the file other than counted.
      this.size = null;
    }
  }

  private fileName(index: number): string {
    return index === 0 ? `${this.name}.log` : `${this.name}.${index}.log`;
  }

  private currentSize(): number {
    if (this.size !== null) return this.size;
    mkdirSync(this.dir, { recursive: true });
    try {
      this.size = statSync(join(this.dir, this.fileName(0))).size;
    } catch {
      this.size = 0;
    }
    return this.size;
  }

  private rotate(): void {
    rmSync(join(this.dir, this.fileName(this.limits.files - 1)), { force: true });
    for (let i = this.limits.files - 2; i >= 0; i -= 1) {
      try {
        renameSync(join(this.dir, this.fileName(i)), join(this.dir, this.fileName(i + 1)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    this.size = 0;
  }
}
