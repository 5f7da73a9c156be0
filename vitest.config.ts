import os from 'node:os';
import { defineConfig } from 'vitest/config';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Projects: `unit` (pure code, node), `unit-web` (React in jsdom), and `integration-*` (the API through
 * Fastify inject on a real database: PGlite always, PostgreSQL when TEST_DATABASE_URL is set).
 * Integration test files end in `.int.test.ts`.
 */
export default defineConfig({
  test: {
    // vitest's default leaves one core to its main process, which mostly waits: on a 2-core machine that is one
    // worker. Two take the unit run from 127 s to 78 s there (the integration workers mostly wait on the database).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'unit-web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // Ant Design in jsdom is slow to render on a busy machine.
          testTimeout: 20_000,
        },
      },
      ...(['pglite', ...(onPostgres ? ['postgres'] : [])] as const).map((engine) => ({
        test: {
          name: `integration-${engine}`,
          environment: 'node',
          include: ['apps/server/src/**/*.int.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          setupFiles: ['apps/server/test/driver-warnings.ts'],
          provide: { engine },
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
