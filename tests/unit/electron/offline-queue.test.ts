import { afterEach, describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every write and fsync the queue makes, in order: what a power cut could interrupt between. */
const steps: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const name = (path: unknown) => String(path).split('/').at(-1) ?? '';
  return {
    ...fs,
    open: async (...args: Parameters<typeof fs.open>) => {
      const handle = await fs.open(...args);
      const of = name(args[0]);
      const append = handle.appendFile.bind(handle);
      const sync = handle.sync.bind(handle);
      return Object.assign(handle, {
        appendFile: async (...w: Parameters<typeof handle.appendFile>) => {
          steps.push(`append ${of}`);
          return append(...w);
        },
        sync: async () => {
          steps.push(`fsync ${of}`);
          return sync();
        },
      });
    },
  };
});

const { FileAppendLog } = await import('../../../electron/platform/node/append-log');

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'playdesk-queue-'));
  dirs.push(dir);
  return dir;
};

describe("the offline queue's file", () => {
  it('is on the disk before an append resolves: the line, then its fsync (and the folder the first time)', async () => {
    const dir = join(folder(), 'offline');
    const log = new FileAppendLog(join(dir, 'queue.log'));
    steps.length = 0;
    await log.append({ n: 1 });
    expect(steps).toEqual(['append queue.log', 'fsync queue.log', 'fsync offline']);
    steps.length = 0;
    await log.append({ n: 2 });
    expect(steps).toEqual(['append queue.log', 'fsync queue.log']);
    expect(await log.read()).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('skips a torn last line (and says so), keeps every other, and the next append starts a line of its own', async () => {
    const path = join(folder(), 'queue.log');
    const seen: string[] = [];
    const log = new FileAppendLog(path, (message) => seen.push(message));
    for (let n = 0; n < 3; n++) await log.append({ n });
    appendFileSync(path, readFileSync(path, 'utf8').split('\n')[0]!.slice(0, -1));

    const reopened = new FileAppendLog(path, (message) => seen.push(message));
    expect(await reopened.read()).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect(seen).toEqual(['offline queue: a torn or corrupt line was skipped']);
    await reopened.append({ n: 3 });
    expect(await reopened.read()).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]);
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(5);
  });

  it('skips a line whose checksum does not match (a scrambled byte), never the whole file', async () => {
    const path = join(folder(), 'queue.log');
    const log = new FileAppendLog(path);
    for (let n = 0; n < 3; n++) await log.append({ n });
    const lines = readFileSync(path, 'utf8').split('\n');
    lines[1] = lines[1]!.replace('"n":1', '"n":7');
    writeFileSync(path, lines.join('\n'));
    expect(await new FileAppendLog(path).read()).toEqual([{ n: 0 }, { n: 2 }]);
  });

  it('keeps every record acknowledged before its writer was killed (SIGKILL) mid-way, in order', async () => {
    const path = join(folder(), 'queue.log');
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/append-log-writer.ts', path], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let acknowledged = -1;
    await new Promise<void>((resolve) => {
      let buffered = '';
      child.stdout.on('data', (chunk: Buffer) => {
        buffered += chunk.toString();
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        acknowledged = Number(lines.at(-1) ?? acknowledged);
        if (acknowledged >= 40) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const records = (await new FileAppendLog(path).read()) as { n: number }[];
    const ns = records.map((r) => r.n);
    expect(ns.slice(0, acknowledged + 1)).toEqual([...Array(acknowledged + 1).keys()]);
    // At most the one being written when it died besides; never a record out of order.
    expect(ns).toEqual([...Array(ns.length).keys()]);
  }, 60_000);
});
