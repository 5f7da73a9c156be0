import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { flowInstances } from '../../db/schema.js';
import { participates } from '../bpm/lists.repository.js';

/** An instance of the tenant; with `participantId`, only when that user takes part in it. */
export async function findInstance(db: Executor, tenantId: string, id: string, participantId?: string) {
  const [row] = await db
    .select()
    .from(flowInstances)
    .where(
      and(
        eq(flowInstances.tenantId, tenantId),
        eq(flowInstances.id, id),
        participantId === undefined ? undefined : participates(tenantId, participantId, flowInstances.id),
      ),
    );
  return row;
}
