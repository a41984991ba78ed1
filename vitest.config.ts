import { defineConfig } from 'vitest/config'

// Four projects, run in this order by scripts/test.ts:
//  unit      — pure code and the gateway against an in-memory PGlite (plus PostgreSQL when TEST_DATABASE_URL is set)
//  component — web components rendered in happy-dom with Testing Library (*.component.test.tsx), in seconds
//  devnet    — anything that needs a running local chain (*.devnet.test.ts)
//  e2e       — real Chromium driven by playwright-core against the whole stack (apps/web/e2e)
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/web/build/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: ['**/*.devnet.test.ts', '**/*.component.test.tsx', '**/node_modules/**'],
          testTimeout: 30_000,
          // Many files start a gateway on PGlite in beforeAll: 10 s (Vitest's default) is tight on a loaded machine.
          hookTimeout: 60_000,
          // Vitest's default on 2 cores is one worker: two run the suite in ~60% of the time.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'component',
          include: ['apps/web/src/**/*.component.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/componentSetup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'devnet',
          include: ['**/*.devnet.test.ts'],
          exclude: ['**/node_modules/**'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Mostly waiting on anvil and the database: two files at once on 2 cores (~280 s → ~190 s).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Two files at a time, each with its own stack and Chromium (most of a browser test is waiting).
          maxWorkers: 2,
          globalSetup: ['apps/web/e2e/globalSetup.ts'],
          // A count or value that a page reaches asynchronously is polled for (Vitest's default gives up after 1 s; 30 s is the longest a page waits here).
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
})
