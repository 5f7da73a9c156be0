import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import type { JobHandlers } from '../../jobs/runner.js';

/** How often the records past the retention are archived. */
export const AUDIT_ARCHIVE_EVERY_MS = 24 * 60 * 60_000;
/** Records moved in one transaction: a backlog of years goes in many short ones. */
const BATCH = 5_000;
const DAY_MS = 24 * 60 * 60_000;

/**
 * Moves the audit records older than the retention from audit_log to audit_log_archive, unchanged, in
 * batches of their own transactions; answers how many moved. The database lets only this move remove a
 * record, and never one younger than 180 days (migration 0031_audit_archive).
 */
export async function archiveAuditLog(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let moved = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('eip.audit_archiving', 'on', true)`);
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`with moved as (
              delete from audit_log where id in (
                select id from audit_log where created_at < ${before}::timestamptz order by id limit ${BATCH}
              )
              returning id, tenant_id, user_id, account, action, target, client_ip, result, request_id, created_at
            )
            insert into audit_log_archive
              (id, tenant_id, user_id, account, action, target, client_ip, result, request_id, created_at)
            select * from moved
            returning id`,
      );
      return rows.length;
    });
    moved += batch;
    if (batch < BATCH) return moved;
  }
}

export const auditJobHandlers = (retentionDays: number): JobHandlers => ({
  'audit.archive': {
    everyMs: AUDIT_ARCHIVE_EVERY_MS,
    outside: (db) => archiveAuditLog(db, retentionDays),
    run: async () => undefined,
  },
});
