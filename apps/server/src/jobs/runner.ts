import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { scheduledJobs } from '../db/schema.js';
import type { JobKind, JobPayloads } from './queue.js';

export type JobRow = typeof scheduledJobs.$inferSelect;

/**
 * What a kind of job does. `run` works in the claiming transaction (inside a savepoint): its changes and
 * the job's completion commit together, so a job never takes effect twice. `failed` records a failed
 * attempt in that transaction after the savepoint is rolled back; `final` when no attempt is left.
 *
 * `outside`, when a kind has it, is work that talks to the world (a mail server): it runs before `run`
 * with no transaction open, so that a slow peer holds no lock and no connection (on the embedded
 * database an open transaction holds up every request). Its job is leased meanwhile: no other runner
 * takes it before LEASE_MS, and a process that dies in between leaves it to run again after that (at
 * least once). `run` then gets what `outside` answered; a throw of `outside` counts as a failed attempt.
 */
export interface JobHandler<K extends JobKind> {
  outside?(db: Db, job: JobRow & { payload: JobPayloads[K] }): Promise<unknown>;
  run(tx: Executor, job: JobRow & { payload: JobPayloads[K] }, outcome: unknown): Promise<void>;
  failed?(
    tx: Executor,
    job: JobRow & { payload: JobPayloads[K] },
    error: unknown,
    final: boolean,
  ): Promise<void>;
  /**
   * A periodic job: after each run, success or failure, the same row is due again this many
   * milliseconds later (see `schedulePeriodicJob`); it never ends as done or failed.
   */
  everyMs?: number;
}

/** The kinds a runner runs, with their handlers: a runner claims only jobs of these kinds. */
export type JobHandlers = { [K in JobKind]?: JobHandler<K> };

/** Seconds to wait before the next attempt: 5 s, 25 s, 2 min, ... capped at an hour. */
const retryDelayMs = (attempts: number) => Math.min(5_000 * 5 ** (attempts - 1), 3_600_000);

/** How long a job whose `outside` work is under way stays with the runner that took it. */
const LEASE_MS = 10 * 60_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** What `outside` came to: its answer, or its error. */
type Outcome = { value: unknown } | { error: unknown };

/** The earliest due job of these kinds nobody else holds, locked. */
async function claimDue(tx: Executor, now: Date, kinds: string[]) {
  const [job] = await tx
    .select()
    .from(scheduledJobs)
    .where(
      and(
        eq(scheduledJobs.status, 'pending'),
        lte(scheduledJobs.runAt, now),
        inArray(scheduledJobs.kind, kinds),
      ),
    )
    .orderBy(asc(scheduledJobs.runAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return job;
}

/** Runs a claimed job's `run` and records the attempt: done, due again later, or failed for good. */
async function finish(
  tx: Executor,
  handler: JobHandler<JobKind> | undefined,
  job: JobRow,
  now: Date,
  outcome: Outcome,
) {
  const attempts = job.attempts + 1;
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    if ('error' in outcome) throw outcome.error;
    await tx.transaction((savepoint) => handler.run(savepoint, job as never, outcome.value));
    await tx
      .update(scheduledJobs)
      .set(
        handler.everyMs
          ? { runAt: new Date(now.getTime() + handler.everyMs), attempts: 0, lastError: null }
          : { status: 'done', attempts, finishedAt: new Date() },
      )
      .where(eq(scheduledJobs.id, job.id));
  } catch (error) {
    if (handler?.everyMs) {
      await tx
        .update(scheduledJobs)
        .set({ runAt: new Date(now.getTime() + handler.everyMs), lastError: messageOf(error) })
        .where(eq(scheduledJobs.id, job.id));
      return;
    }
    const final = attempts >= job.maxAttempts;
    await handler?.failed?.(tx, job as never, error, final);
    await tx
      .update(scheduledJobs)
      .set({
        attempts,
        lastError: messageOf(error),
        ...(final
          ? { status: 'failed', finishedAt: new Date() }
          : { runAt: new Date(now.getTime() + retryDelayMs(attempts)) }),
      })
      .where(eq(scheduledJobs.id, job.id));
  }
}

/** Claims and runs one due job; false when none is due (or every due one is being run elsewhere). */
async function runOne(db: Db, handlers: JobHandlers, now: Date): Promise<boolean> {
  const kinds = Object.keys(handlers);
  if (kinds.length === 0) return false;
  const claimed = await db.transaction(async (tx) => {
    const job = await claimDue(tx, now, kinds);
    if (!job) return null;
    const handler = handlers[job.kind as JobKind] as JobHandler<JobKind> | undefined;
    if (!handler?.outside) {
      await finish(tx, handler, job, now, { value: undefined });
      return { job, leasedUntil: null };
    }
    const leasedUntil = new Date(now.getTime() + LEASE_MS);
    await tx.update(scheduledJobs).set({ runAt: leasedUntil }).where(eq(scheduledJobs.id, job.id));
    return { job, leasedUntil };
  });
  if (!claimed) return false;
  const { job, leasedUntil } = claimed;
  if (!leasedUntil) return true;
  const handler = handlers[job.kind as JobKind] as JobHandler<JobKind>;
  const outcome: Outcome = await handler.outside!(db, job as never).then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(scheduledJobs).where(eq(scheduledJobs.id, job.id)).for('update');
    // the lease ran out and another runner took the job meanwhile: its result stands
    if (current?.status !== 'pending' || current.runAt.getTime() !== leasedUntil.getTime()) return;
    await finish(tx, handler, job, now, outcome);
  });
  return true;
}

/** Runs every job due by `now`, one transaction each; answers how many ran. */
export async function runDueJobs(db: Db, handlers: JobHandlers, now = new Date()): Promise<number> {
  let ran = 0;
  while (await runOne(db, handlers, now)) ran += 1;
  return ran;
}

/** How many jobs wait (due or not): the health of the queue. */
export async function pendingJobCount(db: Executor) {
  const [row] = await db
    .select({ n: count() })
    .from(scheduledJobs)
    .where(eq(scheduledJobs.status, 'pending'));
  return row?.n ?? 0;
}

/**
 * Polls for due jobs in the background of a server process. Several processes share the queue: each
 * job is claimed by one of them. `stop` waits for the round in progress.
 */
export function startJobRunner(
  db: Db,
  handlers: JobHandlers,
  options: { intervalMs: number; onError: (error: unknown) => void },
) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = runDueJobs(db, handlers)
      .catch(options.onError)
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.intervalMs);
      });
  };
  let timer = setTimeout(tick, options.intervalMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
