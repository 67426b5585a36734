import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDesktop } from '../../../scripts/build-electron';

/**
 * The desktop bundle cannot be started here (no Electron binary), so what can break it silently is
 * checked on the built files: it builds cleanly, the native addons stay packages, the fonts travel along.
 */
const out = mkdtempSync(join(tmpdir(), 'playdesk-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the desktop bundle', () => {
  it('builds without warnings, with the native addons loaded from their packages and the receipt fonts beside it', async () => {
    expect(await buildDesktop(out)).toEqual([]);
    const main = readFileSync(join(out, 'main.cjs'), 'utf8');
    expect(main).toContain('require("@napi-rs/canvas")');
    expect(main).toContain('require("serialport")');
    expect(main).not.toMatch(/\.node"\)/);
    for (const font of ['NotoSans-Regular.ttf', 'NotoSansArabic-Bold.ttf']) expect(existsSync(join(out, 'fonts', font))).toBe(true);
    expect(existsSync(join(out, 'server.mjs'))).toBe(true);
    expect(existsSync(join(out, 'migrations'))).toBe(true);
  }, 60_000);
});
