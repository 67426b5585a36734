import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { stageRelease } from '../../../scripts/release-stage';

/** latest.yml as electron-builder writes it for the NSIS installer. */
const LATEST = `version: 0.2.0
files:
  - url: PlayDesk-Setup-0.2.0.exe
    sha512: c2hhNTEyLW9mLXRoZS1pbnN0YWxsZXI=
    size: 104857600
path: PlayDesk-Setup-0.2.0.exe
sha512: c2hhNTEyLW9mLXRoZS1pbnN0YWxsZXI=
releaseDate: '2026-11-26T20:00:00.000Z'
`;

describe('npm run release:stage', () => {
  it("sets the feed's staged rollout and keeps the rest of latest.yml", () => {
    const staged = parse(stageRelease(LATEST, '10')) as Record<string, unknown>;
    expect(staged).toEqual({ ...(parse(LATEST) as object), stagingPercentage: 10 });
    expect(parse(stageRelease(stageRelease(LATEST, '10'), '50'))).toMatchObject({ stagingPercentage: 50 });
    expect(parse(stageRelease(LATEST, '0'))).toMatchObject({ stagingPercentage: 0 });
    expect(stageRelease(LATEST, '100')).toContain("releaseDate: '2026-11-26T20:00:00.000Z'");
  });

  it('refuses a share that is not a whole percent, and a file that is not a feed', () => {
    for (const bad of [undefined, '', '-5', '101', '12.5', '1e2', 'ten', '50%'])
      expect(() => stageRelease(LATEST, bad), String(bad)).toThrow();
    expect(() => stageRelease('version: 0.2.0\n', '10')).toThrow();
    expect(() => stageRelease('files: [\n', '10')).toThrow(/not YAML/);
  });

  it('writes release/latest.yml in the folder it runs in', () => {
    const folder = mkdtempSync(join(tmpdir(), 'playdesk-release-'));
    mkdirSync(join(folder, 'release'));
    writeFileSync(join(folder, 'release', 'latest.yml'), LATEST);
    const tsx = resolve('node_modules/.bin/tsx');
    execFileSync(tsx, [resolve('scripts/release-stage.ts'), '25'], { cwd: folder, stdio: 'pipe' });
    expect(parse(readFileSync(join(folder, 'release', 'latest.yml'), 'utf8'))).toMatchObject({ stagingPercentage: 25 });
    expect(() =>
      execFileSync(tsx, [resolve('scripts/release-stage.ts'), '250'], { cwd: folder, stdio: 'pipe' }),
    ).toThrow(/0 to 100|too big|100/);
  });
});
