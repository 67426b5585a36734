import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { nodeVersionProblem } from '../../../scripts/check-node';

/**
 * Electron supports its three newest majors; an older one gets no security fixes. It is a
 * devDependency, so `npm audit` does not see it: this test does. When Electron ships a new major,
 * NEWEST_ELECTRON moves (https://www.electronjs.org/docs/latest/tutorial/electron-timelines) and the
 * installed version must then still be inside the window.
 */
const NEWEST_ELECTRON = 45;
const SUPPORTED_ELECTRON_MAJORS = 3;

const project = join(import.meta.dirname, '..', '..', '..');
const manifest = z.object({
  version: z.string().optional(),
  engines: z.object({ node: z.string() }).optional(),
  dependencies: z.record(z.string(), z.string()).optional(),
  devDependencies: z.record(z.string(), z.string()).optional(),
});
const readManifest = (path: string) => manifest.parse(JSON.parse(readFileSync(join(project, path), 'utf8')));
/** The first number of a version or range: "^24.9.0" → 24, ">=24" → 24, "45.5.0" → 45. */
const majorOf = (version: string | undefined) => Number(/\d+/.exec(version ?? '')?.[0]);

const ours = readManifest('package.json');
const electron = readManifest('node_modules/electron/package.json');

describe('the toolchain', () => {
  it('installs an Electron major that Electron still supports', () => {
    const oldestSupported = NEWEST_ELECTRON - SUPPORTED_ELECTRON_MAJORS + 1;
    expect(majorOf(electron.version), `electron ${electron.version}`).toBeGreaterThanOrEqual(oldestSupported);
    expect(majorOf(electron.version), 'a newer Electron is installed: move NEWEST_ELECTRON').toBeLessThanOrEqual(
      NEWEST_ELECTRON,
    );
  });

  it('asks for the Node major inside Electron, and types the code against it', () => {
    // Electron's package types its API with the @types/node of the Node it embeds.
    const embedded = majorOf(electron.dependencies?.['@types/node']);
    expect(embedded).toBeGreaterThan(0);
    expect({
      engines: majorOf(ours.engines?.node),
      types: majorOf(ours.devDependencies?.['@types/node']),
    }).toEqual({ engines: embedded, types: embedded });
  });

  it('stops npm test on an older Node and says which one it needs', () => {
    const problem = nodeVersionProblem('20.20.2', '>=24');
    expect(problem).toMatch(/needs Node 24 or newer/);
    expect(problem).toMatch(/this is Node 20\.20\.2/);
    expect(nodeVersionProblem('24.21.0', '>=24')).toBeNull();
    expect(nodeVersionProblem('26.1.0', '>=24')).toBeNull();
    expect(nodeVersionProblem(process.versions.node, ours.engines?.node ?? '')).toBeNull();
  });
});
