import { and, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { flowInstances } from '../../db/schema.js';

/** The ids of the requests (drafts left out) started from a record, latest first; at most 200. */
export async function requestIdsOfRecord(db: Executor, tenantId: string, businessKey: string) {
  const rows = await db
    .select({ id: flowInstances.id })
    .from(flowInstances)
    .where(
      and(
        eq(flowInstances.tenantId, tenantId),
        eq(flowInstances.businessKey, businessKey),
        ne(flowInstances.status, 'draft'),
      ),
    )
    .orderBy(desc(flowInstances.createdAt), desc(flowInstances.id))
    .limit(200);
  return rows.map((r) => r.id);
}
