import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

export interface PgbenchOptions {
  /** pgbench -s: 100,000 accounts per unit */
  scale: number;
  /** pgbench -c */
  clients: number;
  /** pgbench -j */
  threads: number;
  /** pgbench -T */
  seconds: number;
}

export interface PgbenchResult extends PgbenchOptions {
  /** the built-in TPC-B-like script, as `pgbench` runs it without -b or -f */
  script: 'tpcb-like';
  initSeconds: number;
  transactions: number;
  failed: number;
  latencyMs: number;
  /** transactions per second, without the initial connection time (pgbench's own figure) */
  tps: number;
}

/** The connection of a postgres:// URL as libpq environment variables, so that no password shows in argv. */
function libpqEnvironment(url: string): NodeJS.ProcessEnv {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  const host = parsed.searchParams.get('host') ?? parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  if (host) env.PGHOST = host;
  if (parsed.port) env.PGPORT = parsed.port;
  if (parsed.username) env.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  const sslmode = parsed.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

const number = (output: string, pattern: RegExp): number | undefined => {
  const match = pattern.exec(output);
  return match ? Number(match[1]) : undefined;
};

/** Reads pgbench's summary: tps without the initial connection time, transactions, failures, latency. */
export function parsePgbenchOutput(output: string) {
  const tps =
    number(output, /^tps = ([\d.]+) \(without initial connection time\)/m) ??
    number(output, /^tps = ([\d.]+)/m);
  const transactions = number(output, /^number of transactions actually processed: (\d+)/m);
  if (tps === undefined || transactions === undefined) {
    throw new Error(`pgbench printed no tps:\n${output.slice(-1000)}`);
  }
  return {
    tps,
    transactions,
    failed: number(output, /^number of failed transactions: (\d+)/m) ?? 0,
    latencyMs: number(output, /^latency average = ([\d.]+) ms/m) ?? Number.NaN,
  };
}

/**
 * PostgreSQL's own TPC-B-like benchmark, as the yardstick of what the server can commit: a database of its
 * own (`eip_bench_pgb_…`) is created on the server of `adminUrl`, initialised at a small scale, run once,
 * and dropped by `remove` — also when the run is interrupted, which kills a pgbench still running.
 */
export function createPgbench(adminUrl: string, options: PgbenchOptions) {
  const database = `eip_bench_pgb_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const env = libpqEnvironment(adminUrl);
  let admin: pg.Client | undefined;
  let created = false;
  let removed = false;
  let running: ChildProcess | undefined;
  let initSeconds = Number.NaN;

  function pgbench(args: string[], timeoutMs: number): Promise<string> {
    if (removed) return Promise.reject(new Error('pgbench was stopped'));
    return new Promise((resolve, reject) => {
      const child = spawn('pgbench', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
      running = child;
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      child.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        reject(error.code === 'ENOENT' ? new Error('pgbench is not on the PATH') : error);
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        running = undefined;
        if (code === 0) resolve(output);
        else
          reject(
            new Error(`pgbench ${args[0]} ended with ${signal ?? `code ${code}`}:\n${output.slice(-1000)}`),
          );
      });
    });
  }

  return {
    database,
    options,
    /** Creates the database and fills it: `pgbench -i -s {scale} -q`. Answers the seconds it took. */
    async init(): Promise<number> {
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      // marked first: a remove() arriving meanwhile queues its DROP behind the CREATE on this client
      created = true;
      await admin.query(`CREATE DATABASE ${database}`);
      const start = performance.now();
      await pgbench(['-i', '-s', String(options.scale), '-q', database], 180_000);
      initSeconds = (performance.now() - start) / 1000;
      return initSeconds;
    },
    /** `pgbench -c {clients} -j {threads} -T {seconds}` with the default TPC-B-like script. */
    async run(): Promise<PgbenchResult> {
      if (!created) throw new Error('pgbench database not initialised');
      const output = await pgbench(
        [
          '-c',
          String(options.clients),
          '-j',
          String(options.threads),
          '-T',
          String(options.seconds),
          database,
        ],
        (options.seconds + 60) * 1000,
      );
      return { ...options, script: 'tpcb-like', initSeconds, ...parsePgbenchOutput(output) };
    },
    /** Stops a running pgbench and drops the database; safe to call twice. */
    async remove(): Promise<void> {
      if (removed) return;
      removed = true;
      if (running) {
        const child = running;
        const closed = new Promise((resolve) => child.once('close', resolve));
        child.kill('SIGTERM');
        await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      }
      if (!admin) return;
      try {
        if (created) await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}

export type Pgbench = ReturnType<typeof createPgbench>;
