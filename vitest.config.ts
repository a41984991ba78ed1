import { defineConfig } from 'vitest/config'

// Three projects, run in this order by scripts/test.ts:
//  unit   — pure code and the gateway against an in-memory PGlite (plus PostgreSQL when TEST_DATABASE_URL is set)
//  devnet — anything that needs a running local chain (*.devnet.test.ts)
//  e2e    — real Chromium driven by playwright-core against the whole stack (apps/web/e2e)
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
          exclude: ['**/*.devnet.test.ts', '**/node_modules/**'],
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
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
