import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hydratePlatformSymlinks, platformPackageDir } from '../../../server/db/embedded';

describe("the embedded PostgreSQL's platform package", () => {
  // Its package.json is hidden by its `exports`: a lookup through it found nothing, so the symlinks its
  // libraries need (libicuuc.so.60 → .so.60.2) were never restored where npm runs no install script.
  it('is found, and every library link it lists is in place once hydrated', () => {
    hydratePlatformSymlinks();
    const dir = platformPackageDir();
    expect(dir).not.toBeNull();
    const links = JSON.parse(readFileSync(join(dir!, 'native', 'pg-symlinks.json'), 'utf8')) as { target: string }[];
    expect(links.length).toBeGreaterThan(0);
    for (const { target } of links)
      expect(existsSync(join(dir!, target)) || lstatSync(join(dir!, target)).isSymbolicLink(), target).toBe(true);
  });
});
