import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tenants } from '../../db/schema.js';

export type TenantRow = typeof tenants.$inferSelect;

export async function findTenantById(db: Executor, id: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, id));
  return row;
}

export async function findTenantByCode(db: Executor, code: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.code, code));
  return row;
}
