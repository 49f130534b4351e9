import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure logic next to the code, no I/O), `integration` (the Koa app,
 * workers, Postgres, Redis and the triple store, for real) and `e2e` (Debian's Chromium
 * driven by playwright-core against the running app). `npm test` runs all three.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{shared,api,workers,web}/src/**/*.test.{ts,tsx}', 'infra/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          setupFiles: ['tests/e2e/support/contract-drift-setup.ts'],
          environment: 'node',
          fileParallelism: false,
          // Generous: a test's time is not a measure (the benches are), and CI's two cores run the
          // integration tests beside these.
          testTimeout: 240_000,
          hookTimeout: 240_000,
          // A page reaches the state a poll waits for within a second on a quiet machine; CI's two loaded cores may take several.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
