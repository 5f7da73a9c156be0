import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { DEFAULT_DEMO_PASSWORD } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { migrationsDir } from '../src/boot.js';
import { installProofKeys } from '../src/modules/sign/proof.js';
import { seedDemo } from '../src/seed/seed.js';

declare module 'vitest' {
  export interface ProvidedContext {
    engine: 'pglite' | 'postgres';
    /** pglite: a data directory holding the migrated, seeded template; postgres: the template database URL */
    template: string;
    adminUrl: string;
    runId: string;
  }
}

/**
 * Migrates and seeds one template database per run; each test file then gets its own copy (a copied
 * PGlite directory, or CREATE DATABASE … TEMPLATE on PostgreSQL). PostgreSQL databases made for the
 * run are dropped at the end: the server on the machine is shared and is left as it was found.
 */
export default async function setup(project: TestProject) {
  // the seed signs its leave requests at the leader node (each test app has a key of its own)
  installProofKeys(Buffer.from('the test template seed'), false);
  const engine = project.config.provide.engine;
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  if (engine === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eip-template-'));
    const database = await openDatabase({ dataDir, migrationsDir: migrationsDir() });
    await database.migrate();
    await seedDemo(database.db, DEFAULT_DEMO_PASSWORD, true);
    await database.close();
    project.provide('template', dataDir);
    project.provide('adminUrl', '');
    project.provide('runId', runId);
    return () => rmSync(dataDir, { recursive: true, force: true });
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is needed for the PostgreSQL integration tests');
  const prefix = `eip_test_${runId}`;
  const templateName = `${prefix}_template`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateName}`);
  const templateUrl = withDatabase(adminUrl, templateName);
  const database = await openDatabase({
    url: templateUrl,
    dataDir: os.tmpdir(),
    migrationsDir: migrationsDir(),
    poolSize: 2,
  });
  await database.migrate();
  await seedDemo(database.db, DEFAULT_DEMO_PASSWORD, true);
  await database.close();
  project.provide('template', templateName);
  project.provide('adminUrl', adminUrl);
  project.provide('runId', runId);
  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${prefix}%`],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}
