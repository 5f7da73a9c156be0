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
/** Texts seen once are remembered up to this many, so that one-off texts never take a name. */
const SEEN_LIMIT = 5000;

/** node-postgres's record of the statements a connection has prepared. */
interface PreparedRecord {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

/**
 * A node-postgres client that prepares every parameterised statement used again under a name of its
 * text, so that the server parses and plans it once per connection instead of on every call. A text gets
 * a name on its second use (one-off texts, e.g. an IN list of an unusual length, never do), per process
 * in that order, up to PREPARED_LIMIT names.
 */
function preparingClient(driver: typeof pg) {
  const seenOnce = new Set<string>();
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    const name = names.get(text);
    if (name !== undefined || names.size >= PREPARED_LIMIT) return name;
    if (!seenOnce.delete(text)) {
      if (seenOnce.size < SEEN_LIMIT) seenOnce.add(text);
      return undefined;
    }
    const next = `eip_${names.size + 1}`;
    names.set(text, next);
    return next;
  };
  return class PreparingClient extends driver.Client {
    override query(...args: unknown[]): never {
      const [config, values] = args as [{ text?: unknown; name?: string } | string, unknown[] | undefined];
      const name =
        typeof config === 'object' && !config.name && typeof config.text === 'string' && values?.length
          ? nameOf(config.text)
          : undefined;
      if (name) args[0] = { ...(config as object), name };
      const result = (super.query as (...a: unknown[]) => never)(...args) as unknown;
      if (name && result instanceof Promise) {
        result.catch((error: unknown) => {
          // A value the driver could not encode fails the call before it reaches the server, and the
          // driver then closes the statement without forgetting it: forget it, so the next use prepares
          // it again. An error from the server (it has a severity) leaves the statement prepared.
          if (typeof error === 'object' && error !== null && 'severity' in error) return;
          const record = (this as unknown as { connection: PreparedRecord }).connection;
          delete record.parsedStatements[name];
          delete record.submittedNamedStatements[name];
        });
      }
      return result as never;
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
