import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a data directory whose embedded database was migrated and seeded by a first start, then stopped */
    seededDataDir: string;
  }
}

/**
 * Global setup: the server migrates and seeds a new embedded database once (≈ 10 s of a start), and every
 * test file's server starts on a copy of that data directory, as `npm start` does on its second run.
 */
export default async function seedDataDirectory(project: TestProject) {
  // on a PostgreSQL database of the caller's, every server starts on that database, not on a data directory
  if (process.env.E2E_DATABASE_URL) return;
  const dataDir = await mkdtemp(join(tmpdir(), 'eip-e2e-seeded-'));
  const server = await startServer({ dataDir, fresh: true });
  await server.stop();
  project.provide('seededDataDir', dataDir);
  return () => rm(dataDir, { recursive: true, force: true });
}
