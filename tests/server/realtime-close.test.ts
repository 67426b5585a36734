import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openAdapterPool, openDatabase } from '../../server/db/client';
import { LocalFileStore } from '../../server/files/file-store';
import { freshDatabaseUrl } from './harness';

describe('stopping a server', () => {
  it('stops, and its realtime pool ends, when the server is stopped while the adapter is still taking its connection', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const database = await openDatabase(databaseUrl);
    const media = mkdtempSync(join(tmpdir(), 'playdesk-close-'));
    try {
      for (let round = 0; round < 3; round++) {
        const adapterPool = openAdapterPool(databaseUrl);
        const app = buildApp({
          db: database.db,
          tokenKey: randomBytes(32),
          files: new LocalFileStore(media),
          logLevel: 'silent',
          adapterPool,
        });
        // At once: the adapter's LISTEN connection is still on its way (as for a server stopped as it
        // started, or as the database came back). Before the fix its pool's end() never returned.
        await app.fastify.close();
        await adapterPool.end();
        expect(adapterPool.totalCount).toBe(0);
      }
    } finally {
      await database.close();
      rmSync(media, { recursive: true, force: true });
    }
  });
});
