import type { EventLoopUtilization } from 'node:perf_hooks';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { completeTask } from '../apps/server/src/modules/bpm/engine/complete.js';
import { DEMO_SIGN_PASSWORD } from '../apps/server/src/seed/signatures.js';
import type { AuthContext } from '../apps/server/src/security/tokens.js';
import type { Db } from '../apps/server/src/db/client.js';
import { signIn, type Client } from './client.js';
import { queryRows } from './database.js';
import { explainRecorded, recordQueries, type PlanSummary, type Recorded } from './explain.js';
import type { Pgbench, PgbenchResult } from './pgbench.js';
import { percentiles, type Percentiles } from './stats.js';

/**
 * Demo staff of eight departments with eight different leaders (hujun, linxue, mali, zhengkai, tangyan,
 * zhaolei, wuxia, liuyang): their leave requests wait for those leaders.
 */
export const INITIATORS = ['zhuting', 'heyu', 'luobin', 'xiena', 'fengtao', 'huangmin', 'xuhui', 'chenjing'];

/** PostgreSQL flushes an idle backend's table statistics after at most 10 s (PGSTAT_IDLE_INTERVAL). */
const STATS_SETTLE_MS = 11_000;

export interface CompletionOptions {
  tenantId: string;
  /** the run's database, for the connection that records one completion's statements */
  databaseUrl: string;
  /** where the statements of one completion and their plans are written */
  explainFile: string;
  /** the demo users' password */
  password: string;
  clients: number;
  startSeconds: number;
  maxStarts: number;
  completeSeconds: number;
  /** the event-loop use of the server's thread */
  serverLoop: ServerLoop;
}

export interface Rate {
  completed: number;
  seconds: number;
  perSecond: number;
  latency: Percentiles;
}

/** What one completion cost a table, from pg_stat_user_tables over the completion phase. */
export interface TableActivity {
  table: string;
  seqScans: number;
  seqRowsRead: number;
  indexScans: number;
  /** live rows fetched by those index scans */
  indexRowsFetched: number;
}

export interface CompletionResult {
  clients: number;
  /** the leave requests (days: 1) started over HTTP to prepare the tasks */
  starts: Rate;
  /** LeaderApproval tasks waiting when the completions began */
  prepared: number;
  /** the statements of one completion (engine only: without the HTTP layer's sign-in check and audit), planned */
  statements: PlanSummary[];
  leaders: { account: string; tasks: number; clients: number }[];
  completions: Rate & { clientsRanDry: number };
  /** per completion: committed transactions of the run's database, and table scans (most rows read first) */
  perCompletion: { transactions: number; processCpuMs: number; tables: TableActivity[] };
  /** CPU use during the completions and during pgbench */
  cpu: { completions: CpuUse; pgbench: CpuUse };
  pgbench: PgbenchResult;
  /** completions per second ÷ pgbench tps */
  ratio: number;
}

interface TableCounters {
  relname: string;
  seq_scan: number;
  seq_tup_read: number;
  idx_scan: number;
  idx_tup_fetch: number;
}

async function snapshot(db: Db) {
  const tables = await queryRows<TableCounters>(
    db,
    sql`select relname, seq_scan::float8 as seq_scan, seq_tup_read::float8 as seq_tup_read,
               coalesce(idx_scan, 0)::float8 as idx_scan, coalesce(idx_tup_fetch, 0)::float8 as idx_tup_fetch
        from pg_stat_user_tables`,
  );
  const [database] = await queryRows<{ commits: number }>(
    db,
    sql`select xact_commit::float8 as commits from pg_stat_database where datname = current_database()`,
  );
  return { tables: new Map(tables.map((t) => [t.relname, t])), commits: database!.commits };
}

function perCompletion(
  before: Awaited<ReturnType<typeof snapshot>>,
  after: Awaited<ReturnType<typeof snapshot>>,
  completed: number,
) {
  const tables: TableActivity[] = [];
  for (const [name, end] of after.tables) {
    const start = before.tables.get(name) ?? { seq_scan: 0, seq_tup_read: 0, idx_scan: 0, idx_tup_fetch: 0 };
    const seqScans = end.seq_scan - start.seq_scan;
    const indexScans = end.idx_scan - start.idx_scan;
    if (seqScans === 0 && indexScans === 0) continue;
    tables.push({
      table: name,
      seqScans: seqScans / completed,
      seqRowsRead: (end.seq_tup_read - start.seq_tup_read) / completed,
      indexScans: indexScans / completed,
      indexRowsFetched: (end.idx_tup_fetch - start.idx_tup_fetch) / completed,
    });
  }
  tables.sort(
    (a, b) =>
      b.seqRowsRead + b.indexRowsFetched - (a.seqRowsRead + a.indexRowsFetched) ||
      b.indexScans - a.indexScans,
  );
  return { transactions: (after.commits - before.commits) / completed, tables };
}

/** Event-loop use of the thread that runs the server (cumulative; the meter takes differences). */
export type ServerLoop = () => Promise<EventLoopUtilization>;

/** CPU time of this process (server and clients) and of the whole machine, to tell where the time went. */
async function cpuMeter(serverLoop: ServerLoop) {
  const machine = () =>
    os.cpus().reduce(
      (sum, cpu) => {
        const { idle, ...busy } = cpu.times;
        return { idle: sum.idle + idle, busy: sum.busy + Object.values(busy).reduce((a, b) => a + b, 0) };
      },
      { idle: 0, busy: 0 },
    );
  const start = {
    process: process.cpuUsage(),
    machine: machine(),
    wall: performance.now(),
    loop: await serverLoop(),
  };
  return async () => {
    const used = process.cpuUsage(start.process);
    const end = machine();
    const busy = end.busy - start.machine.busy;
    const seconds = (performance.now() - start.wall) / 1000;
    return {
      /** the share of the time the server's thread was busy */
      eventLoop: performance.eventLoopUtilization(await serverLoop(), start.loop).utilization,
      /** cores' worth of CPU this process used: the server, its pool and the HTTP clients */
      processCores: (used.user + used.system) / 1e6 / seconds,
      /** the share of all the machine's CPUs that was busy, whoever used it */
      machineBusy: busy / (busy + end.idle - start.machine.idle),
      processCpuMs: (used.user + used.system) / 1000,
    };
  };
}

export type CpuUse = Awaited<ReturnType<Awaited<ReturnType<typeof cpuMeter>>>>;

const rate = (durations: number[], seconds: number): Rate => ({
  completed: durations.length,
  seconds,
  perSecond: durations.length / seconds,
  latency: percentiles(durations),
});

/**
 * Completes one task through the engine itself on a connection of its own, recording every statement it sends,
 * and plans each with EXPLAIN: what the server runs for every completion, and which index each one uses.
 */
async function traceCompletion(
  db: Db,
  options: CompletionOptions,
  task: { taskId: string; account: string; userId: string; data: LeaderSigned },
): Promise<PlanSummary[]> {
  const connection = new pg.Client({ connectionString: options.databaseUrl });
  await connection.connect();
  let recorded: Recorded[];
  try {
    const auth: AuthContext = {
      tenantId: options.tenantId,
      tenantCode: 'platform',
      userId: task.userId,
      account: task.account,
      jti: 'bench-trace',
      expiresAt: new Date(Date.now() + 60_000),
      passwordVersion: 0,
    };
    recorded = await recordQueries(
      (recorder) =>
        completeTask(recorder, auth, {
          taskId: task.taskId,
          actionName: 'agree',
          opinion: '同意',
          data: task.data,
        }),
      (config, params) => connection.query(config as pg.QueryConfig, params),
    );
  } finally {
    await connection.end();
  }
  const statements = recorded.filter(({ text }) => !/^(begin|commit|rollback)\b/i.test(text.trim()));
  const plans = await explainRecorded(db, 'completeTask', statements, { analyze: false });
  writeFileSync(options.explainFile, `${plans.map((p) => p.text).join('\n\n')}\n`);
  return plans.map((p) => p.summary);
}

/** The form data that signs the leave request's 领导签字, required at LeaderApproval. */
type LeaderSigned = { leaderSign: Record<string, unknown>[] };

/**
 * Each leader takes their signature once through the seal call (getElectronicSeal with the signing password,
 * as the signature button does), and the grant it records is copied for each of their other tasks in one
 * statement: every completion places a grant of its own, and the bench does not measure the signing
 * password's argon2 check (a sign-in's cost) thousands of times over.
 */
async function leaderSignatures(
  client: Client,
  db: Db,
  tenantId: string,
  leaders: { token: string; userId: string; tasks: number }[],
): Promise<LeaderSigned[]> {
  const encrypt = await client.encryptor();
  return Promise.all(
    leaders.map(async ({ token, userId, tasks }) => {
      const { status, body } = await client.call('getElectronicSeal', {
        token,
        query: { password: encrypt(DEMO_SIGN_PASSWORD) },
      });
      if (status !== 200 || !body.state) throw new Error(`the seal call answered ${status}: ${body.message}`);
      await db.execute(sql`
        insert into sign_grant (tenant_id, id, user_id, seal_id, file_id, password_checked, created_at)
        select g.tenant_id, g.id || '-' || n, g.user_id, g.seal_id, g.file_id, g.password_checked, g.created_at
        from (select * from sign_grant
              where tenant_id = ${tenantId} and user_id = ${userId} and used_at is null
              order by created_at desc limit 1) g,
             generate_series(2, ${tasks}) n`);
      const entry = { index: 0, userId, name: body.value.name, signature: body.value.fileId, createTime: '' };
      return { leaderSign: [entry] };
    }),
  );
}

/** Shares `clients` among the leaders in proportion to their tasks (largest remainder, one at least). */
function shareClients(counts: number[], clients: number): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  const exact = counts.map((n) => (n / total) * clients);
  const shares = exact.map((x) => Math.max(1, Math.floor(x)));
  const byRemainder = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r);
  for (let k = 0; shares.reduce((a, b) => a + b, 0) < clients && k < byRemainder.length; k++) {
    shares[byRemainder[k]!.i]!++;
  }
  return shares;
}

/**
 * The engine's throughput against the server's ceiling. Leave requests of one day are started over HTTP by
 * staff of eight departments (32 clients, bounded by time and count), so that eight leaders have many
 * LeaderApproval tasks waiting; each task is then completed once, with `agree`, by `clients` callers who
 * each take the tasks of their own slice, for a bounded time: every completion ends its instance. pgbench's
 * TPC-B-like rate at the same concurrency, on the same server, is measured right after.
 */
export async function benchCompletions(
  client: Client,
  db: Db,
  pgbench: Pgbench,
  options: CompletionOptions,
  progress: (line: string) => void,
): Promise<CompletionResult> {
  const since = new Date();
  const initiatorTokens = await Promise.all(INITIATORS.map((a) => signIn(client, a, options.password)));

  progress(`starting up to ${options.maxStarts} leave requests, ${options.clients} clients`);
  const startDurations: number[] = [];
  let started = 0;
  const startBegin = performance.now();
  const startDeadline = startBegin + options.startSeconds * 1000;
  await Promise.all(
    Array.from({ length: options.clients }, async (_, worker) => {
      const token = initiatorTokens[worker % initiatorTokens.length]!;
      while (started < options.maxStarts && performance.now() < startDeadline) {
        started++;
        const t = performance.now();
        const { status, body } = await client.call('startInstance', {
          token,
          body: { flowKey: 'leave_request', data: { days: 1, reason: 'bench' } },
        });
        if (status !== 200 || !body.state) throw new Error(`start answered ${status}: ${body.message}`);
        startDurations.push(performance.now() - t);
      }
    }),
  );
  const starts = rate(startDurations, (performance.now() - startBegin) / 1000);

  const waiting = await queryRows<{ taskId: string; account: string; userId: string }>(
    db,
    sql`select t.id as "taskId", u.account, u.id as "userId"
        from bpm_task t
        join bpm_task_candidate c on c.tenant_id = t.tenant_id and c.task_id = t.id
        join uc_user u on u.tenant_id = c.tenant_id and u.id = c.user_id
        where t.tenant_id = ${options.tenantId} and t.node_id = 'LeaderApproval' and t.status = 'pending'
          and t.created_at >= ${since.toISOString()}::timestamptz
        order by t.created_at, t.id`,
  );
  const byLeader = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const { taskId, account } of waiting) {
    if (seen.has(taskId)) continue;
    seen.add(taskId);
    const tasks = byLeader.get(account) ?? [];
    tasks.push(taskId);
    byLeader.set(account, tasks);
  }
  if (seen.size !== starts.completed) {
    throw new Error(`${starts.completed} starts left ${seen.size} LeaderApproval tasks waiting`);
  }
  const leaderAccounts = [...byLeader.keys()].sort();
  const leaderTokens = await Promise.all(leaderAccounts.map((a) => signIn(client, a, options.password)));
  const userIdOf = (account: string) => waiting.find((w) => w.account === account)!.userId;
  const signed = await leaderSignatures(
    client,
    db,
    options.tenantId,
    leaderAccounts.map((account, l) => ({
      token: leaderTokens[l]!,
      userId: userIdOf(account),
      tasks: byLeader.get(account)!.length,
    })),
  );
  // one task is completed apart, on a connection of its own, to record the statements of a completion
  const traced = { account: leaderAccounts[0]!, taskId: byLeader.get(leaderAccounts[0]!)!.pop()! };
  const statements = await traceCompletion(db, options, {
    ...traced,
    userId: userIdOf(traced.account),
    data: signed[0]!,
  });
  const prepared = seen.size - 1;
  const shares = shareClients(
    leaderAccounts.map((a) => byLeader.get(a)!.length),
    options.clients,
  );
  const slices: { token: string; taskIds: string[]; data: LeaderSigned }[] = [];
  leaderAccounts.forEach((account, l) => {
    const tasks = byLeader.get(account)!;
    const share = shares[l]!;
    for (let k = 0; k < share; k++) {
      slices.push({
        token: leaderTokens[l]!,
        taskIds: tasks.filter((_, i) => i % share === k),
        data: signed[l]!,
      });
    }
  });

  progress(`pgbench -i -s ${pgbench.options.scale} in ${pgbench.database}`);
  const preparedAt = performance.now();
  await pgbench.init();
  // the table statistics of the preparation reach pg_stat_user_tables before the first snapshot
  await sleep(Math.max(0, STATS_SETTLE_MS - (performance.now() - preparedAt)));
  await db.execute(sql`checkpoint`).catch(() => undefined);
  const before = await snapshot(db);

  progress(`completing ${prepared} tasks, ${slices.length} clients, at most ${options.completeSeconds} s`);
  const completeDurations: number[] = [];
  let clientsRanDry = 0;
  const meter = await cpuMeter(options.serverLoop);
  const completeBegin = performance.now();
  const completeDeadline = completeBegin + options.completeSeconds * 1000;
  await Promise.all(
    slices.map(async ({ token, taskIds, data }) => {
      for (const taskId of taskIds) {
        if (performance.now() >= completeDeadline) return;
        const t = performance.now();
        const { status, body } = await client.call('completeTask', {
          token,
          body: { taskId, actionName: 'agree', opinion: '同意', data },
        });
        if (status !== 200 || !body.state) throw new Error(`complete answered ${status}: ${body.message}`);
        completeDurations.push(performance.now() - t);
      }
      if (performance.now() < completeDeadline) clientsRanDry++;
    }),
  );
  const completionsEnded = performance.now();
  const completionCpu = await meter();
  const completions = rate(completeDurations, (completionsEnded - completeBegin) / 1000);

  progress(
    `pgbench -c ${pgbench.options.clients} -j ${pgbench.options.threads} -T ${pgbench.options.seconds}`,
  );
  await db.execute(sql`checkpoint`).catch(() => undefined);
  const pgbenchMeter = await cpuMeter(options.serverLoop);
  const pgbenchResult = await pgbench.run();
  const pgbenchCpu = await pgbenchMeter();
  await sleep(Math.max(0, STATS_SETTLE_MS - (performance.now() - completionsEnded)));
  const after = await snapshot(db);

  // read after the last snapshot, so that its own scan is not counted
  const [check] = await queryRows<{ ended: number; pending: number }>(
    db,
    sql`select count(*) filter (where status = 'end')::int as ended,
               count(*) filter (where status = 'running')::int as pending
        from bpm_instance
        where tenant_id = ${options.tenantId} and def_key = 'leave_request'
          and created_at >= ${since.toISOString()}::timestamptz`,
  );
  if (check!.ended !== completions.completed + 1 || check!.pending !== prepared - completions.completed) {
    throw new Error(
      `${completions.completed} completions (and one traced) ended ${check!.ended} instances and left ${check!.pending} running`,
    );
  }

  return {
    clients: slices.length,
    starts,
    prepared,
    statements,
    leaders: leaderAccounts.map((account, l) => ({
      account,
      tasks: byLeader.get(account)!.length,
      clients: shares[l]!,
    })),
    completions: { ...completions, clientsRanDry },
    perCompletion: {
      ...perCompletion(before, after, completions.completed),
      processCpuMs: completionCpu.processCpuMs / completions.completed,
    },
    cpu: { completions: completionCpu, pgbench: pgbenchCpu },
    pgbench: pgbenchResult,
    ratio: completions.perSecond / pgbenchResult.tps,
  };
}
