import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDatabase } from '../../server/db/embedded';

/** One real PostgreSQL cluster for the whole server test run; each test file makes its own database. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'playdesk-test-pg-'));
  const database = await startEmbeddedDatabase(dir);
  project.provide('databaseUrl', database.url);
  return async () => {
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}
