import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { flowInstances, flowTasks } from '../../db/schema.js';

/** Statuses of a request still on its way: with an approver, sent back, or back with its initiator. */
export const IN_FLIGHT_STATUSES = ['running', 'back', 'backToStart', 'revokeToStart'];

/** Tasks the user handled since `since` (an index range: bpm_task_done_idx). */
export async function handledSince(db: Executor, tenantId: string, userId: string, since: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(flowTasks)
    .where(
      and(
        eq(flowTasks.tenantId, tenantId),
        eq(flowTasks.completedBy, userId),
        eq(flowTasks.status, 'done'),
        gte(flowTasks.completedAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** The user's requests still on their way. */
export async function requestsInFlight(db: Executor, tenantId: string, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(flowInstances)
    .where(
      and(
        eq(flowInstances.tenantId, tenantId),
        eq(flowInstances.initiatorId, userId),
        inArray(flowInstances.status, IN_FLIGHT_STATUSES),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The user's requests started since `since`, counted by month (YYYY-MM in the server's time zone) and
 * status; drafts are not requests.
 */
export async function requestsByMonth(db: Executor, tenantId: string, userId: string, since: Date) {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const month = sql<string>`to_char(${flowInstances.createdAt} at time zone ${zone}, 'YYYY-MM')`;
  const rows = await db
    .select({ month, status: flowInstances.status, n: count() })
    .from(flowInstances)
    .where(
      and(
        eq(flowInstances.tenantId, tenantId),
        eq(flowInstances.initiatorId, userId),
        gte(flowInstances.createdAt, since),
        sql`${flowInstances.status} <> 'draft'`,
      ),
    )
    .groupBy(sql`1`, sql`2`);
  return rows.map((row) => ({ month: row.month, status: row.status, n: Number(row.n) }));
}
