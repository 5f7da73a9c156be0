import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { flowUrgents } from '../../db/schema.js';

export type UrgentRow = typeof flowUrgents.$inferSelect;

export async function insertUrgent(tx: Executor, row: Omit<typeof flowUrgents.$inferInsert, 'id'>) {
  const id = newId();
  await tx.insert(flowUrgents).values({ ...row, id });
  return id;
}

export async function findUrgent(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(flowUrgents)
    .where(and(eq(flowUrgents.tenantId, tenantId), eq(flowUrgents.id, id)));
  return row;
}

/** The urgings of an instance, latest first. */
export async function urgentsOf(db: Executor, tenantId: string, instanceId: string) {
  return db
    .select()
    .from(flowUrgents)
    .where(and(eq(flowUrgents.tenantId, tenantId), eq(flowUrgents.instanceId, instanceId)))
    .orderBy(desc(flowUrgents.createdAt), desc(flowUrgents.id));
}
