import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every file-system step the station takes, in order: what a power cut could interrupt between. */
const steps: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const name = (path: unknown) => String(path).split('/').at(-1) ?? '';
  return {
    ...fs,
    writeFile: async (...args: Parameters<typeof fs.writeFile>) => {
      steps.push(`write ${name(args[0])}`);
      return fs.writeFile(...args);
    },
    rename: async (from: string, to: string) => {
      steps.push(`rename ${name(from)} -> ${name(to)}`);
      return fs.rename(from, to);
    },
    open: async (...args: Parameters<typeof fs.open>) => {
      const handle = await fs.open(...args);
      const of = name(args[0]);
      const write = handle.writeFile.bind(handle);
      const sync = handle.sync.bind(handle);
      return Object.assign(handle, {
        writeFile: async (...w: Parameters<typeof handle.writeFile>) => {
          steps.push(`write ${of}`);
          return write(...w);
        },
        sync: async () => {
          steps.push(`fsync ${of}`);
          return sync();
        },
      });
    },
  };
});

const { FilePendingStore } = await import('../../../electron/platform/node/file-pending-store');

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the pending-command file (a sale not yet answered)', () => {
  it('is on the disk before it replaces the old one, and the rename is on the disk too: write, fsync the file, rename, fsync the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'playdesk-durable-'));
    dirs.push(dir);
    const station = join(dir, 'station');
    const command = { name: 'sale/sale/create', userId: 1, key: 'k-1', body: { total: 5 }, since: 'now' } as const;
    await new FilePendingStore(join(station, 'pending-commands.json')).save([command]);

    const temp = steps.find((step) => step.startsWith('write'))?.split(' ')[1] ?? '';
    expect(temp).toMatch(/^pending-commands\.json\..+\.tmp$/);
    expect(steps).toEqual([
      `write ${temp}`,
      `fsync ${temp}`,
      `rename ${temp} -> pending-commands.json`,
      'fsync station',
    ]);
    expect(JSON.parse(readFileSync(join(station, 'pending-commands.json'), 'utf8'))).toEqual([command]);
  });
});
