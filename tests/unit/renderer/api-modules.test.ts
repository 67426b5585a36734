import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nameOf, type Endpoint } from '../../../shared/api/endpoint';

/**
 * renderer/api is grouped as shared/api is: renderer/api/<module>.ts calls only the endpoints that
 * shared/api/<module>.ts declares, so an endpoint's renderer side is found where its contract is.
 */
const apiFiles = readdirSync('renderer/api').filter((f) => f !== 'base.ts');

/** Endpoint names written in a renderer module: quoted strings with a slash that are not import paths. */
function namesIn(file: string): string[] {
  const source = readFileSync(`renderer/api/${file}`, 'utf8');
  return [...source.matchAll(/'([a-z][^'\s]*\/[^'\s]*)'/g)].map((m) => m[1] as string);
}

async function declaredBy(file: string): Promise<string[]> {
  const contract: Record<string, unknown> = await import(`../../../shared/api/${file}`);
  return Object.values(contract)
    .filter((v): v is Endpoint => typeof v === 'object' && v !== null && 'path' in v && 'permission' in v)
    .map(nameOf);
}

describe('renderer/api mirrors shared/api', () => {
  it.each(apiFiles)('renderer/api/%s has its contract module in shared/api', (file) => {
    expect(readdirSync('shared/api')).toContain(file);
  });

  it.each(apiFiles)('renderer/api/%s calls only endpoints its shared/api module declares', async (file) => {
    const names = namesIn(file);
    expect(names).not.toHaveLength(0);
    const declared = await declaredBy(file);
    expect(names.filter((n) => !declared.includes(n))).toEqual([]);
  });

  // All modules inject into one api: a second definition under a taken name is dropped, and its hook
  // silently calls the first one's endpoint (the kid profile's visits once read the visits report).
  it('no two renderer/api modules define an endpoint of the same name', () => {
    const defined = apiFiles.flatMap((file) =>
      [...readFileSync(`renderer/api/${file}`, 'utf8').matchAll(/^\s+(\w+): (?:query|fixedQuery|mutation)\(/gm)].map(
        (m) => m[1] as string,
      ),
    );
    expect(defined.filter((name, i) => defined.indexOf(name) !== i)).toEqual([]);
  });
});
