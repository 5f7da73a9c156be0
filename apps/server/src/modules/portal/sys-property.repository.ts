import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sysProperties } from '../../db/schema.js';

export type SysPropertyRow = typeof sysProperties.$inferSelect;

export async function findProperty(db: Executor, tenantId: string, alias: string) {
  const [row] = await db
    .select()
    .from(sysProperties)
    .where(and(eq(sysProperties.tenantId, tenantId), eq(sysProperties.alias, alias)));
  return row;
}

/** Sets a property of the tenant, replacing its earlier value. */
export async function upsertProperty(
  db: Executor,
  row: Omit<SysPropertyRow, 'updatedAt'>,
): Promise<SysPropertyRow> {
  const changes = {
    value: row.value,
    encrypted: row.encrypted,
    updatedBy: row.updatedBy,
    updatedAt: new Date(),
  };
  const [saved] = await db
    .insert(sysProperties)
    .values({ ...row, updatedAt: changes.updatedAt })
    .onConflictDoUpdate({ target: [sysProperties.tenantId, sysProperties.alias], set: changes })
    .returning();
  return saved!;
}
