import { and, asc, count, eq, lte } from 'drizzle-orm';
import type { Db, Executor } from '../db/client.js';
import { scheduledJobs } from '../db/schema.js';
import type { JobKind, JobPayloads } from './queue.js';

export type JobRow = typeof scheduledJobs.$inferSelect;

/**
 * What a kind of job does. `run` works in the claiming transaction (inside a savepoint): its changes and
 * the job's completion commit together, so a job never takes effect twice. `failed` records a failed
 * attempt in that transaction after the savepoint is rolled back; `final` when no attempt is left.
 */
export interface JobHandler<K extends JobKind> {
  run(tx: Executor, job: JobRow & { payload: JobPayloads[K] }): Promise<void>;
  failed?(
    tx: Executor,
    job: JobRow & { payload: JobPayloads[K] },
    error: unknown,
    final: boolean,
  ): Promise<void>;
}

export type JobHandlers = { [K in JobKind]: JobHandler<K> };

/** Seconds to wait before the next attempt: 5 s, 25 s, 2 min, ... capped at an hour. */
const retryDelayMs = (attempts: number) => Math.min(5_000 * 5 ** (attempts - 1), 3_600_000);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/** Claims and runs one due job; false when none is due (or every due one is being run elsewhere). */
async function runOne(db: Db, handlers: JobHandlers, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(scheduledJobs)
      .where(and(eq(scheduledJobs.status, 'pending'), lte(scheduledJobs.runAt, now)))
      .orderBy(asc(scheduledJobs.runAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!job) return false;
    const handler = handlers[job.kind as JobKind] as JobHandler<JobKind> | undefined;
    const attempts = job.attempts + 1;
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await tx.transaction((savepoint) => handler.run(savepoint, job as never));
      await tx
        .update(scheduledJobs)
        .set({ status: 'done', attempts, finishedAt: new Date() })
        .where(eq(scheduledJobs.id, job.id));
    } catch (error) {
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
    return true;
  });
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
