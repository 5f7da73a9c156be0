import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
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

async function openPostgres(url: string, options: DatabaseOptions): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 20 });
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
