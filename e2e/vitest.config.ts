import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests against a started server: one file at a time (each starts its own server on a copy of the
 * database the global setup seeded); the first test of a file waits for that start, so tests get long timeouts.
 */
export default defineConfig({
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'node',
    include: ['**/*.e2e.test.ts'],
    exclude: ['**/node_modules/**', 'artifacts/**'],
    globalSetup: ['support/seeded-data.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    // A browser on a shared 2-core machine now and then loses a click or a frame; a test that fails is run once
    // more, and vitest's report names every retried test, so a real failure (twice) still fails the run.
    retry: 1,
    hookTimeout: 60_000,
  },
});
