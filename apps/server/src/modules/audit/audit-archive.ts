import { inArray, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client.js';
import { auditLog } from '../../db/schema.js';
import type { JobHandlers } from '../../jobs/runner.js';

/** How often the records past the retention are archived. */
export const AUDIT_ARCHIVE_EVERY_MS = 24 * 60 * 60_000;
/** Records moved in one transaction: a backlog of years goes in many short ones. */
const BATCH = 5_000;

/**
 * Moves the audit records older than the retention (by the database's clock) from audit_log to
 * audit_log_archive, unchanged: each batch copies, then removes, in a transaction of its own. Answers how
 * many moved. The database removes a record only once its exact copy is archived, and never one younger
 * than 180 days (migration 0031_audit_archive).
 */
export async function archiveAuditLog(db: Db, retentionDays: number): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const copied = await queryRows<{ id: number }>(
        tx,
        sql`insert into audit_log_archive
              (id, tenant_id, user_id, account, action, target, client_ip, result, request_id, created_at, hash)
            select id, tenant_id, user_id, account, action, target, client_ip, result, request_id, created_at, hash
            from audit_log
            where created_at < now() - make_interval(days => ${retentionDays}::int)
            order by id
            limit ${BATCH}
            returning id`,
      );
      const ids = copied.map((row) => Number(row.id));
      if (ids.length) await tx.delete(auditLog).where(inArray(auditLog.id, ids));
      return ids.length;
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
