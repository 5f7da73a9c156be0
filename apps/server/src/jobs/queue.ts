import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { newId } from '../db/ids.js';
import { scheduledJobs } from '../db/schema.js';

/** What a notification mail says: an inner message's fields (see notify in the workflow engine). */
export interface MailedMessage {
  receiverId: string;
  subject: string;
  content: string;
  link: string;
  type: 'task' | 'due' | 'urgent';
}

/** The kinds of jobs and what each carries. */
export interface JobPayloads {
  /** a task's due time has come: remind its candidates */
  'task.due': { taskId: string };
  /** an urging is repeated while the urged tasks are still open */
  'urgent.remind': { urgentId: string; instanceId: string };
  /** a notification mail to one person (a node whose notify types include mail) */
  'notify.mail': { message: MailedMessage; innerIfUnsent: boolean };
  /** a service task's call (and its retries) */
  'service.call': { serviceCallId: string };
  /** periodic: removes the files nothing has referred to for a day (modules/portal/file-cleanup.ts) */
  'file.cleanup': Record<string, never>;
  /** periodic: forgets the activity of sign-in tokens past their lifetime (modules/auth/session-cleanup.ts) */
  'session.cleanup': Record<string, never>;
  /** periodic: moves the audit records past the retention to the archive (modules/audit/audit-archive.ts) */
  'audit.archive': Record<string, never>;
  /** a sync of one mail account from its IMAP server (modules/mail/sync.ts) */
  'mail.sync': { accountId: string };
}
export type JobKind = keyof JobPayloads;

export interface NewJob<K extends JobKind> {
  tenantId: string;
  kind: K;
  payload: JobPayloads[K];
  runAt: Date;
  maxAttempts?: number;
  /** a pending job with the same key is replaced (a task's due reminder after a delay) */
  dedupeKey?: string;
}

/**
 * Schedules a job in the caller's transaction: it exists exactly when the change that asked for it commits.
 * Answers its id.
 */
export async function scheduleJob<K extends JobKind>(tx: Executor, job: NewJob<K>) {
  if (job.dedupeKey) await cancelJobs(tx, job.tenantId, job.dedupeKey);
  const id = newId();
  await tx.insert(scheduledJobs).values({
    id,
    tenantId: job.tenantId,
    kind: job.kind,
    payload: job.payload,
    runAt: job.runAt,
    maxAttempts: job.maxAttempts ?? 1,
    dedupeKey: job.dedupeKey ?? null,
  });
  return id;
}

/** Drops the pending job of a key (a handled task needs no reminder). */
export async function cancelJobs(tx: Executor, tenantId: string, dedupeKey: string) {
  await tx
    .delete(scheduledJobs)
    .where(
      and(
        eq(scheduledJobs.tenantId, tenantId),
        eq(scheduledJobs.dedupeKey, dedupeKey),
        sql`${scheduledJobs.status} = 'pending'`,
      ),
    );
}

/** The tenant id of jobs that work across tenants (periodic housekeeping). */
export const SYSTEM_JOBS = '*';

/**
 * Makes sure a periodic job of this kind exists (its handler has `everyMs`): several processes starting
 * at once make one, through the dedupe key; the first run is `firstRunAt`.
 */
export async function schedulePeriodicJob(db: Executor, kind: JobKind, firstRunAt: Date) {
  await db
    .insert(scheduledJobs)
    .values({
      id: newId(),
      tenantId: SYSTEM_JOBS,
      kind,
      payload: {},
      runAt: firstRunAt,
      dedupeKey: `periodic:${kind}`,
    })
    .onConflictDoNothing();
}
