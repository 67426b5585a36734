import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RotatingLog } from '../../../electron/services/rotating-log';
import { RENDERER_ERRORS_PER_MINUTE, StationLogs } from '../../../electron/services/station-logs';

const folder = () => mkdtempSync(join(tmpdir(), 'playdesk-log-'));
/** A 100-byte line numbered `n` (99 characters and its newline). */
const line = (n: number) => `line ${String(n).padStart(4, '0')} `.padEnd(99, '.');

describe('a rotating log', () => {
  it('moves a full file aside, keeps the set number of files and deletes the oldest', () => {
    const dir = folder();
    const log = new RotatingLog(dir, 'main', { maxBytes: 1000, files: 3 });
    for (let n = 1; n <= 50; n += 1) log.write(line(n));
    expect(readdirSync(dir).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log']);
    const lines = (name: string) => readFileSync(join(dir, name), 'utf8').trimEnd().split('\n');
    // Ten 100-byte lines fill a file; lines 1–20 went with the files deleted.
    expect(lines('main.2.log').map((l) => l.slice(0, 9))).toEqual(
      Array.from({ length: 10 }, (_, i) => `line ${String(i + 21).padStart(4, '0')}`),
    );
    expect(lines('main.1.log')[0]).toBe(line(31));
    expect(lines('main.log')).toEqual(Array.from({ length: 10 }, (_, i) => line(i + 41)));
    for (const name of readdirSync(dir)) expect(readFileSync(join(dir, name)).length).toBeLessThanOrEqual(1000);
  });

  it('goes on from a file an earlier run left, by its size on disk', () => {
    const dir = folder();
    writeFileSync(join(dir, 'server.log'), `${line(0)}\n`.repeat(9));
    new RotatingLog(dir, 'server', { maxBytes: 1000, files: 2 }).write(line(1));
    new RotatingLog(dir, 'server', { maxBytes: 1000, files: 2 }).write(line(2));
    expect(readFileSync(join(dir, 'server.log'), 'utf8')).toBe(`${line(2)}\n`);
    expect(readFileSync(join(dir, 'server.1.log'), 'utf8').trimEnd().split('\n')).toHaveLength(10);
  });

  it('drops and counts what it cannot write, without throwing, and says so once it can', () => {
    const dir = folder();
    // A file where the folder should be: every append fails, as on a full or vanished disk.
    const blocked = join(dir, 'blocked');
    writeFileSync(blocked, '');
    const log = new RotatingLog(join(blocked, 'logs'), 'main');
    expect(() => log.write('lost 1')).not.toThrow();
    log.write('lost 2');
    expect(log.droppedLines).toBe(2);
    const moved = new RotatingLog(dir, 'main');
    moved.write('kept');
    expect(readFileSync(join(dir, 'main.log'), 'utf8')).toBe('kept\n');
  });

  it('writes a page in a render loop at most its allowance a minute, and counts the rest', () => {
    const dir = folder();
    let now = 0;
    const logs = new StationLogs(dir, { now: () => now });
    for (let i = 0; i < 500; i += 1) logs.rendererError({ kind: 'render', message: `boom ${i}` });
    now = 61_000;
    logs.rendererError({ kind: 'error', message: 'later' });
    const lines = readFileSync(join(dir, 'renderer.log'), 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(RENDERER_ERRORS_PER_MINUTE + 2);
    expect(lines.at(-2)).toContain(`${500 - RENDERER_ERRORS_PER_MINUTE} more renderer errors not written`);
    expect(lines.at(-1)).toContain('error: later');
  });
});
