import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { flowServiceCalls } from '../../db/schema.js';

export type ServiceCallRow = typeof flowServiceCalls.$inferSelect;

/** A service task's call, waiting (-1) until its job runs. */
export async function insertServiceCall(
  tx: Executor,
  row: { tenantId: string; instanceId: string; tokenId: string; nodeId: string },
): Promise<string> {
  const id = newId();
  await tx.insert(flowServiceCalls).values({ ...row, id, status: -1 });
  return id;
}

export async function findServiceCall(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(flowServiceCalls)
    .where(and(eq(flowServiceCalls.tenantId, tenantId), eq(flowServiceCalls.id, id)));
  return row;
}

export async function findServiceCallOfToken(db: Executor, tenantId: string, tokenId: string) {
  const [row] = await db
    .select()
    .from(flowServiceCalls)
    .where(and(eq(flowServiceCalls.tenantId, tenantId), eq(flowServiceCalls.tokenId, tokenId)));
  return row;
}

export async function updateServiceCall(
  tx: Executor,
  tenantId: string,
  id: string,
  set: Partial<Pick<ServiceCallRow, 'status' | 'attempts' | 'lastError' | 'result'>>,
) {
  await tx
    .update(flowServiceCalls)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(flowServiceCalls.tenantId, tenantId), eq(flowServiceCalls.id, id)));
}

/** The calls of an instance's service tasks, latest last (the node opinions show their status). */
export async function serviceCallsOf(db: Executor, tenantId: string, instanceId: string) {
  return db
    .select()
    .from(flowServiceCalls)
    .where(and(eq(flowServiceCalls.tenantId, tenantId), eq(flowServiceCalls.instanceId, instanceId)))
    .orderBy(flowServiceCalls.createdAt);
}

/** The latest call of a service task node of an instance (a node entered again makes a new call). */
export async function latestCallOfNode(db: Executor, tenantId: string, instanceId: string, nodeId: string) {
  const [row] = await db
    .select()
    .from(flowServiceCalls)
    .where(
      and(
        eq(flowServiceCalls.tenantId, tenantId),
        eq(flowServiceCalls.instanceId, instanceId),
        eq(flowServiceCalls.nodeId, nodeId),
      ),
    )
    .orderBy(desc(flowServiceCalls.createdAt))
    .limit(1);
  return row;
}

/** Drops the calls of cleared tokens: a call whose token is gone has nothing left to do. */
export async function deleteServiceCallsOfTokens(tx: Executor, tenantId: string, tokenIds: string[]) {
  if (tokenIds.length === 0) return;
  await tx
    .delete(flowServiceCalls)
    .where(and(eq(flowServiceCalls.tenantId, tenantId), inArray(flowServiceCalls.tokenId, tokenIds)));
}
