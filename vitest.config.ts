import { defineConfig } from 'vitest/config';
import { apiResultChannels } from './scripts/api-result-channels';

// The runner's self-check (tests/unit/runner/exit-code.test.ts) adds a file that fails on purpose.
const selfCheck = process.env.PLAYDESK_RUNNER_SELF_CHECK === '1' ? ['tests/fixtures/runner/*.fixture.ts'] : [];

export default defineConfig({
  test: {
    projects: [
      {
        // The page's bridge (renderer/bridge/web-bridge.ts) imports what the build derives.
        plugins: [apiResultChannels()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', ...selfCheck],
          environment: 'node',
          // One embedded PostgreSQL cluster for the whole run; each test file gets its own database.
          globalSetup: ['tests/server/global-setup.ts'],
          setupFiles: ['tests/server/no-busy-connection.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Server files run after the unit tests, not beside them: both want the two cores.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
