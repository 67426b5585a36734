import { defineConfig } from 'vitest/config';
import { apiResultChannels } from './scripts/api-result-channels';

// The runner's self-check (tests/unit/runner/exit-code.test.ts) adds a file that fails on purpose.
const selfCheck = process.env.PLAYDESK_RUNNER_SELF_CHECK === '1' ? ['tests/fixtures/runner/*.fixture.ts'] : [];

export default defineConfig({
  test: {
    projects: [
      {
        // The page's bridge (renderer/bridge/web-bridge.ts) imports what the build derives (here and below).
        plugins: [apiResultChannels()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [apiResultChannels()],
        test: {
          // Screens drawn in happy-dom with Testing Library (see tests/component/render.tsx). happy-dom, not
          // jsdom: jsdom 31 asks for a newer @napi-rs/canvas than the one the receipt printer pins, and
          // happy-dom starts several times faster, which counts with tests that each draw a whole screen.
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['tests/component/setup.ts'],
          // antd's first draw of a screen (its styles made in JS) takes seconds on a busy machine.
          testTimeout: 30_000,
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
