import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import type { SQLWrapper } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.js';

export interface BenchDatabase {
  engine: 'postgres' | 'pglite';
  /** what the output says about it, without credentials */
  description: string;
  /** DATABASE_URL for the server; unset means PGlite in `{dataDir}/pg` */
  url: string | undefined;
  /** the URL the run's database was created from (BENCH_DATABASE_URL or TEST_DATABASE_URL), for pgbench */
  adminUrl: string | undefined;
  /** a temporary data directory (secret key, PGlite files), removed by `remove` */
  dataDir: string;
  /** drops the run's PostgreSQL database and removes the data directory; safe to call twice */
  remove(): Promise<void>;
}

export function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function waitForDisconnect(admin: pg.Client, name: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    );
    if (rows[0]!.n === 0) return;
    await setTimeout(50);
  }
}

/**
 * PostgreSQL when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set: a database named for this run is
 * created there and dropped by `remove`, so the shared server is left as it was found. Otherwise
 * PGlite in a temporary directory.
 */
export async function createBenchDatabase(env: NodeJS.ProcessEnv): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'eip-bench-'));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const adminUrl = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
  if (!adminUrl) {
    return {
      engine: 'pglite',
      description: `PGlite (embedded) in ${dataDir}`,
      url: undefined,
      adminUrl: undefined,
      dataDir,
      remove: async () => removeDataDir(),
    };
  }

  const name = `eip_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  let version: string;
  try {
    version = (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]!.server_version;
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    await admin.end();
    removeDataDir();
    throw error;
  }
  const server = new URL(adminUrl);
  let removed = false;
  return {
    engine: 'postgres',
    description: `PostgreSQL ${version} at ${server.host}, database ${name} (dropped at the end)`,
    url: withDatabase(adminUrl, name),
    adminUrl,
    dataDir,
    async remove() {
      if (removed) return;
      removed = true;
      try {
        // A closed pool's connections linger for a moment; ending them by force would make their pool
        // report an error, so wait for them to go and force only what is left after that.
        await waitForDisconnect(admin, name, 5_000);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
        removeDataDir();
      }
    },
  };
}

/** The rows of a raw SQL query, on node-postgres and PGlite alike (both answer `{ rows }`). */
export async function queryRows<T>(db: Db, query: SQLWrapper): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
