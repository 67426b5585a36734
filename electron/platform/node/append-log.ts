import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AppendLog } from '../ports';
import { syncFolder } from './json-file';

/** The first 16 hex digits of the line's SHA-256: a line cut short or scrambled does not match it. */
const checksum = (json: string) => createHash('sha256').update(json).digest('hex').slice(0, 16);
const lineOf = (record: unknown) => {
  const json = JSON.stringify(record);
  return `${checksum(json)} ${json}\n`;
};

/**
 * One JSON record a line, each behind its checksum, appended and fsync'd before `append` resolves
 * (the folder too when the file is new, so its name survives a power cut). A line a crash cut short
 * is skipped and logged, and cut off the file before the next append so that one starts on a line
 * of its own; every other record is kept.
 */
export class FileAppendLog implements AppendLog {
  /** Checked once: after that every line of the file is one this process wrote whole. */
  private checked = false;

  constructor(
    private readonly path: string,
    private readonly log: (message: string, detail?: unknown) => void = () => undefined,
  ) {}

  async read(): Promise<unknown[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch {
      return [];
    }
    const records: unknown[] = [];
    for (const [i, line] of text.split('\n').entries()) {
      if (line === '') continue;
      const space = line.indexOf(' ');
      const json = line.slice(space + 1);
      try {
        if (space !== 16 || checksum(json) !== line.slice(0, 16)) throw new Error('checksum');
        records.push(JSON.parse(json));
      } catch {
        this.log('offline queue: a torn or corrupt line was skipped', { file: this.path, line: i + 1 });
      }
    }
    return records;
  }

  async append(record: unknown): Promise<void> {
    await this.cutTornTail();
    await mkdir(dirname(this.path), { recursive: true });
    const file = await open(this.path, 'a', 0o600);
    let created: boolean;
    try {
      created = (await file.stat()).size === 0;
      await file.appendFile(lineOf(record));
      await file.sync();
    } finally {
      await file.close();
    }
    if (created) await syncFolder(dirname(this.path));
  }

  async rewrite(records: unknown[]): Promise<void> {
    await mkdir(dirname(this.path), { recursive: true });
    const temp = `${this.path}.${process.pid}.tmp`;
    const file = await open(temp, 'w', 0o600);
    try {
      await file.writeFile(records.map(lineOf).join(''));
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(temp, this.path);
    await syncFolder(dirname(this.path));
    this.checked = true;
  }

  /** A last line without its newline was being written when the process died: it goes. */
  private async cutTornTail(): Promise<void> {
    if (this.checked) return;
    this.checked = true;
    let file;
    try {
      file = await open(this.path, 'r+');
    } catch {
      return;
    }
    try {
      const text = await file.readFile('utf8');
      if (text === '' || text.endsWith('\n')) return;
      const keep = Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1));
      this.log('offline queue: a torn last line was cut off', { file: this.path });
      await file.truncate(keep);
      await file.sync();
    } finally {
      await file.close();
    }
  }
}
