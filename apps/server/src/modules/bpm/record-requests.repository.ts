import { and, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { flowInstances } from '../../db/schema.js';
import { participates, toInstanceRow } from './lists.repository.js';

/**
 * The requests (drafts left out) started from record `businessKey` of business object `boAlias`, latest first,
 * at most 200; with `participantId`, only those that user takes part in (undefined: all, an administrator's view).
 */
export async function requestsOfRecord(
  db: Executor,
  tenantId: string,
  record: { businessKey: string; boAlias: string },
  participantId: string | undefined,
) {
  const rows = await db
    .select()
    .from(flowInstances)
    .where(
      and(
        eq(flowInstances.tenantId, tenantId),
        eq(flowInstances.boAlias, record.boAlias),
        eq(flowInstances.businessKey, record.businessKey),
        ne(flowInstances.status, 'draft'),
        participantId === undefined ? undefined : participates(tenantId, participantId, flowInstances.id),
      ),
    )
    .orderBy(desc(flowInstances.createdAt), desc(flowInstances.id))
    .limit(200);
  return rows.map(toInstanceRow);
}
