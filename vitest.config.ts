import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One embedded PostgreSQL cluster for the whole run; each test file gets its own database.
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Server files run after the unit tests, not beside them: both want the two cores.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
