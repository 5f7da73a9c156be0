import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { oftenMenus } from '../../db/schema.js';

/** Counts one use of a menu entry by the user. */
export async function countUse(db: Executor, tenantId: string, userId: string, alias: string) {
  await db
    .insert(oftenMenus)
    .values({ tenantId, userId, alias, uses: 1, lastUsedAt: new Date() })
    .onConflictDoUpdate({
      target: [oftenMenus.tenantId, oftenMenus.userId, oftenMenus.alias],
      set: { uses: sql`${oftenMenus.uses} + 1`, lastUsedAt: new Date() },
    });
}

/** The user's counted menu entries, most used (then most recently used) first. */
export async function usesOf(db: Executor, tenantId: string, userId: string) {
  return db
    .select()
    .from(oftenMenus)
    .where(and(eq(oftenMenus.tenantId, tenantId), eq(oftenMenus.userId, userId)))
    .orderBy(desc(oftenMenus.uses), desc(oftenMenus.lastUsedAt));
}
