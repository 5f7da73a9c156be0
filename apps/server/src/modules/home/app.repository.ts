import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sysApps } from '../../db/schema.js';

export type AppRow = typeof sysApps.$inferSelect;

/** The apps of a tenant in the switcher's order (a handful: read whole). */
export const listApps = (db: Executor, tenantId: string) =>
  db.select().from(sysApps).where(eq(sysApps.tenantId, tenantId)).orderBy(asc(sysApps.sn), asc(sysApps.id));

export async function findApp(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select()
    .from(sysApps)
    .where(and(eq(sysApps.tenantId, tenantId), eq(sysApps.id, id)));
  return row;
}
