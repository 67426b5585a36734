import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../server/start';

describe('the embedded database under a data directory', () => {
  it('serves, refuses a second server on the same directory with a clear message, and keeps data across restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'playdesk-datadir-'));
    const admin = { adminLogin: 'owner@x.test', adminPassword: 'owner-pass' };
    try {
      const first = await startServer({ port: 0, dataDir, logLevel: 'silent', ...admin });
      try {
        await expect(startServer({ port: 0, dataDir, logLevel: 'silent' })).rejects.toThrow(
          /already in use by another PlayDesk server/,
        );
        const res = await fetch(`${first.url}/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: admin.adminLogin, password: admin.adminPassword }),
        });
        expect(res.status).toBe(200);
      } finally {
        await first.close();
      }
      const again = await startServer({ port: 0, dataDir, logLevel: 'silent' });
      try {
        const res = await fetch(`${again.url}/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: admin.adminLogin, password: admin.adminPassword }),
        });
        expect(await res.json()).toMatchObject({ status: true });
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
