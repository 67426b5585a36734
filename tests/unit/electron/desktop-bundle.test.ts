import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build } from 'vite-plugin-electron';
import { desktopEntries } from '../../../scripts/desktop-bundle';

/**
 * The desktop bundle cannot be started here (no Electron binary), so what can break it silently is
 * checked on the built files: it builds cleanly, the native addons stay packages, the fonts travel along.
 */
const out = mkdtempSync(join(tmpdir(), 'playdesk-bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Builds the entries `vite build --mode desktop` builds, into `out`; resolves with the warnings. */
async function buildDesktop(): Promise<string[]> {
  const warnings: string[] = [];
  for (const entry of desktopEntries(out, (message) => warnings.push(message))) await build(entry);
  return warnings;
}

describe('the desktop bundle', () => {
  it('builds without warnings, with the native addons loaded from their packages and the receipt fonts beside it', async () => {
    expect(await buildDesktop()).toEqual([]);
    const main = readFileSync(join(out, 'main.cjs'), 'utf8');
    expect(main).toContain('require("@napi-rs/canvas")');
    expect(main).toContain('require("@serialport/bindings-cpp")');
    expect(main).toContain('require("electron-updater")');
    // Updates install when the update service says (at a quit nothing is cut by), their signature checked.
    expect(main).toContain('autoInstallOnAppQuit = false');
    expect(main).not.toMatch(/verifyUpdateCodeSignature\s*=|forceDevUpdateConfig/);
    expect(main).not.toMatch(/\.node"\)/);
    for (const font of ['NotoSans-Regular.ttf', 'NotoSansArabic-Bold.ttf'])
      expect(existsSync(join(out, 'fonts', font))).toBe(true);
    expect(existsSync(join(out, 'server.mjs'))).toBe(true);
    expect(existsSync(join(out, 'migrations'))).toBe(true);
    // CommonJS main and preload (import.meta would not parse there), the server ES modules; Node parses each.
    expect(main).not.toContain('import.meta');
    const chunks = readdirSync(out).filter((file) => file.endsWith('.mjs') && file !== 'server.mjs');
    for (const file of ['main.cjs', 'preload.cjs', 'server.mjs', ...chunks])
      execFileSync(process.execPath, ['--check', join(out, file)]);
    // The server's code past the database's start loads while the database starts: imported when asked, not first.
    const server = readFileSync(join(out, 'server.mjs'), 'utf8');
    const serving = /import\("\.\/(serve-[\w-]+\.mjs)"\)/.exec(server)?.[1];
    expect(chunks).toContain(serving);
    expect(server).not.toMatch(new RegExp(`from "\\./${serving}"`));
    expect(readFileSync(join(out, 'preload.cjs'), 'utf8').match(/require\("[^"]+"\)/g)).toEqual([
      'require("electron")',
    ]);
  }, 60_000);
});
