import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { listenDirect, type ListenHandlers } from './listener.js';

/**
 * The database as the repositories see it. It is opened without drizzle's relational query API (no
 * schema): nothing uses it, and every transaction would build a query object per table for it.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** LISTEN on a channel (PGlite: in-process; PostgreSQL: a dedicated direct connection); answers the stop */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; unset: PGlite in `{dataDir}/pg` */
  url?: string;
  dataDir: string;
  /** where the committed migrations are */
  migrationsDir: string;
  poolSize?: number;
  /**
   * a direct connection to PostgreSQL for what a transaction-mode pooler breaks (migrations under a session
   * lock, LISTEN); unset: `url`
   */
  directUrl?: string;
  /** `url` is a pooler in transaction mode (PgBouncer): no named prepared statements */
  transactionPooler?: boolean;
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
  const db = runCommitHooks(drizzle(client));
  return {
    db,
    engine: 'pglite',
    migrate: () => migrate(db, { migrationsFolder: options.migrationsDir }),
    // one in-process connection: nothing is ever missed, so there is never a resync
    listen: (channel, { onNotify }) => client.listen(channel, onNotify),
    close: () => client.close(),
  };
}

/** At most this many distinct statements are prepared; statements beyond them are sent unnamed. */
const PREPARED_LIMIT = 500;
/** Texts seen once are remembered up to this many, so that one-off texts never take a name. */
const SEEN_LIMIT = 5000;
/**
 * A statement whose text holds this comment is never prepared under a name: PostgreSQL plans it for each
 * call's values, as a named statement's cached generic plan would serve some values badly (e.g. a search that
 * is best started from the text's index for one user and from the user's own rows for another).
 */
export const PLAN_PER_CALL = '/* plan per call */';

/** drizzle's BEGIN of a transaction: the text `begin`, no values, no callback. */
const isBegin = (args: unknown[]) => {
  const [config, values] = args as [{ text?: unknown } | string, unknown];
  return (
    typeof config === 'object' &&
    config.text === 'begin' &&
    args.length <= 2 &&
    (values === undefined || (Array.isArray(values) && values.length === 0))
  );
};

/**
 * A node-postgres client that spares round trips and server work:
 * - it prepares every parameterised statement used again under a name of its text, so that the server
 *   parses and plans it once per connection instead of on every call. A text gets a name on its second
 *   use (one-off texts, e.g. an IN list of an unusual length, never do), per process in that order, up
 *   to PREPARED_LIMIT names; a text marked PLAN_PER_CALL never does;
 * - a transaction's BEGIN waits for the transaction's first statement and goes to the server in the same
 *   write (the connection is in pipeline mode, so the statement need not wait for BEGIN's answer): a
 *   round trip less for every transaction, and on a machine where a socket write costs about 0.1 ms of
 *   CPU that is a tenth of a completed task's cost. BEGIN does not fail on a working connection (nothing
 *   here cancels queries); were it to fail and the connection to survive, the statement would have run
 *   on its own, and the call fails all the same.
 */
function preparingClient(driver: typeof pg, prepare: boolean) {
  const seenOnce = new Set<string>();
  const names = new Map<string, string>();
  /** names given so far: a retired name is never given again */
  let given = 0;
  const nameOf = (text: string) => {
    const name = names.get(text);
    if (name !== undefined) return name;
    if (!prepare || given >= PREPARED_LIMIT || text.includes(PLAN_PER_CALL)) return undefined;
    if (!seenOnce.delete(text)) {
      if (seenOnce.size < SEEN_LIMIT) seenOnce.add(text);
      return undefined;
    }
    const next = `eip_${++given}`;
    names.set(text, next);
    return next;
  };
  return class PreparingClient extends driver.Client {
    private beginWaiting = false;

    override query(...args: unknown[]): never {
      if (isBegin(args)) {
        this.beginWaiting = true;
        return Promise.resolve({ command: 'BEGIN', rows: [], fields: [], rowCount: null }) as never;
      }
      if (this.beginWaiting) {
        this.beginWaiting = false;
        const { stream } = (this as unknown as { connection: { stream: { cork(): void; uncork(): void } } })
          .connection;
        stream.cork();
        const begun = (super.query as (...a: unknown[]) => Promise<unknown>)('begin');
        const answer = this.query(...args) as unknown as Promise<unknown>;
        stream.uncork();
        return Promise.all([begun, answer]).then(([, result]) => result) as never;
      }
      const [config, values] = args as [{ text?: unknown; name?: string } | string, unknown[] | undefined];
      const text =
        typeof config === 'object' && !config.name && typeof config.text === 'string' && values?.length
          ? config.text
          : undefined;
      const name = text === undefined ? undefined : nameOf(text);
      if (name) args[0] = { ...(config as object), name };
      const result = (super.query as (...a: unknown[]) => never)(...args) as unknown;
      if (name && text && result instanceof Promise) {
        result.catch((error: unknown) => {
          // A value the driver could not encode fails the call before it reaches the server; the driver
          // then closes the statement on the server, but its record of the connection's statements may
          // still (or again, once the server's answer to the Parse arrives) call it prepared. The text
          // therefore gets a new name next time. An error from the server (it has a severity) leaves
          // the statement as it was.
          if (typeof error === 'object' && error !== null && 'severity' in error) return;
          if (names.get(text) === name) names.delete(text);
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
    Client: preparingClient(driver, !options.transactionPooler),
    // queries are sent without waiting for the answer before: only BEGIN and the statement after it
    // use that (everything else awaits each answer), see preparingClient
    pipeline: true,
  });
  // An idle connection dropped by the server (restart, failover, terminate) is replaced on next use;
  // without a listener node-postgres would end the process.
  pool.on('error', () => {});
  const db = runCommitHooks(drizzle(pool));
  const directUrl = options.directUrl ?? url;
  return {
    db,
    engine: 'postgres',
    async migrate() {
      // Several server processes may start at once: one migrates, the others wait for it. The session
      // lock needs a session of its own, which a transaction-mode pooler does not give: a direct one.
      const client = new driver.Client({ connectionString: directUrl });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock(hashtext($1))', ['eip-migrations']);
        await migrate(drizzle(client), { migrationsFolder: options.migrationsDir });
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', ['eip-migrations']).catch(() => {});
        await client.end();
      }
    },
    listen: (channel, handlers) => listenDirect(driver, directUrl, channel, handlers),
    close: () => pool.end(),
  };
}

/**
 * Work that a scope (e.g. an audited call) adds to the top-level transactions begun within it: run in the
 * transaction after its own work and before its commit, so that it commits or rolls back with it.
 */
export interface CommitHook {
  /** `answer`: what the transaction's work answered */
  beforeCommit(tx: Tx, answer: unknown): Promise<void>;
  /** transaction tx has ended: committed, or rolled back (its hook's work with it) */
  ended(tx: Tx, committed: boolean): void;
}

const hooks = new AsyncLocalStorage<CommitHook>();

/** Runs `work` with `hook` on every top-level transaction it begins (a nested one is a savepoint of its parent). */
export const withCommitHook = <T>(hook: CommitHook, work: () => Promise<T>): Promise<T> =>
  hooks.run(hook, work);

/** Makes `db.transaction` run the commit hook of the scope it is called in, if any. */
function runCommitHooks<D extends Db>(db: D): D {
  const begin: Db['transaction'] = db.transaction.bind(db);
  (db as Db).transaction = async (work, config) => {
    const hook = hooks.getStore();
    if (!hook) return begin(work, config);
    let opened: Tx | undefined;
    let committed = false;
    try {
      const answer = await begin(async (tx) => {
        opened = tx;
        const answer = await work(tx);
        await hook.beforeCommit(tx, answer);
        return answer;
      }, config);
      committed = true;
      return answer;
    } finally {
      if (opened) hook.ended(opened, committed);
    }
  };
  return db;
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The rows of a raw statement, on either engine (both answer `{ rows }` of objects). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A count of each of many users with one grouped statement: `statement` gets the ids as a text[] parameter and
 * answers rows ("userId", n), one per user with something to count; the others count 0.
 */
export async function countsByUser(
  db: Executor,
  userIds: readonly string[],
  statement: (ids: SQL) => SQL,
): Promise<Map<string, number>> {
  const counted = new Map(userIds.map((id) => [id, 0]));
  if (!userIds.length) return counted;
  const rows = await queryRows<{ userId: string; n: number }>(
    db,
    statement(sql`${sql.param(userIds)}::text[]`),
  );
  for (const row of rows) counted.set(row.userId, Number(row.n));
  return counted;
}
