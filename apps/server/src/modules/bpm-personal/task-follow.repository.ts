import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { flowTaskFollows } from '../../db/schema.js';

const followOf = (tenantId: string, userId: string, instanceId: string) =>
  and(
    eq(flowTaskFollows.tenantId, tenantId),
    eq(flowTaskFollows.userId, userId),
    eq(flowTaskFollows.instanceId, instanceId),
  );

/** The nodes of the instance the user follows; none when they do not follow it. */
export async function followedNodes(db: Executor, tenantId: string, userId: string, instanceId: string) {
  const [row] = await db
    .select({ nodeIds: flowTaskFollows.nodeIds })
    .from(flowTaskFollows)
    .where(followOf(tenantId, userId, instanceId));
  return (row?.nodeIds as string[] | undefined) ?? [];
}

/** Follows these nodes of the instance (replacing what the user followed there before). */
export async function follow(
  db: Executor,
  tenantId: string,
  userId: string,
  instanceId: string,
  nodeIds: string[],
) {
  await db
    .insert(flowTaskFollows)
    .values({ tenantId, id: newId(), userId, instanceId, nodeIds })
    .onConflictDoUpdate({
      target: [flowTaskFollows.tenantId, flowTaskFollows.instanceId, flowTaskFollows.userId],
      set: { nodeIds },
    });
}

export async function unfollow(db: Executor, tenantId: string, userId: string, instanceId: string) {
  await db.delete(flowTaskFollows).where(followOf(tenantId, userId, instanceId));
}
