import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; unset: PGlite in `{dataDir}/pg` */
  url?: string;
  dataDir: string;
  /** where the committed migrations are */
  migrationsDir: string;
  poolSize?: number;
}

/** Opens PGlite (embedded, one process) or PostgreSQL (node-postgres pool) behind the same drizzle API. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options) : openPglite(options);
}

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dir = path.join(options.dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir);
  const db = drizzle(client, { schema });
  return {
    db,
    engine: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: options.migrationsDir }),
    close: () => client.close(),
  };
}

/** At most this many distinct statements are prepared; statements beyond them are sent unnamed. */
const PREPARED_LIMIT = 500;

/**
 * A node-postgres client that prepares every parameterised statement under a name of its text, so that
 * the server parses and plans it once per connection instead of on every call. Names are handed out per
 * process in order of first use (no two texts share one), up to PREPARED_LIMIT.
 */
function preparingClient(driver: typeof pg) {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (name === undefined && names.size < PREPARED_LIMIT) {
      name = `eip_${names.size + 1}`;
      names.set(text, name);
    }
    return name;
  };
  return class PreparingClient extends driver.Client {
    override query(...args: unknown[]): never {
      const [config, values] = args as [{ text?: unknown; name?: string } | string, unknown[] | undefined];
      if (typeof config === 'object' && !config.name && typeof config.text === 'string' && values?.length) {
        const name = nameOf(config.text);
        if (name) args[0] = { ...config, name };
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const { default: driver } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new driver.Pool({
    connectionString: url,
    max: options.poolSize ?? 20,
    Client: preparingClient(driver),
  });
  // An idle connection dropped by the server (restart, failover, terminate) is replaced on next use;
  // without a listener node-postgres would end the process.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return {
    db,
    engine: 'postgres',
    async migrate() {
      // Several server processes may start at once: one migrates, the others wait for it.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', ['eip-migrations']);
        await migrate(drizzle(client, { schema }), { migrationsFolder: options.migrationsDir });
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['eip-migrations']).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The rows of a raw statement, on either engine (both answer `{ rows }` of objects). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
