import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { dataDicts } from '../../db/schema.js';

/** The entries of a dictionary in sn order (empty when the type key has none). */
export async function dictEntries(db: Executor, tenantId: string, typeKey: string) {
  const rows = await db
    .select()
    .from(dataDicts)
    .where(and(eq(dataDicts.tenantId, tenantId), eq(dataDicts.typeKey, typeKey)))
    .orderBy(asc(dataDicts.sn), asc(dataDicts.key));
  return rows.map((row) => ({
    id: row.id,
    typeKey: row.typeKey,
    key: row.key,
    name: row.name,
    parentId: row.parentId,
    sn: row.sn,
  }));
}

/** Children follow their parent (depth first), each level in sn order. */
export function parentsFirst<T extends { id: string; parentId: string | null }>(items: T[]): T[] {
  const ids = new Set(items.map((item) => item.id));
  const children = new Map<string | null, T[]>();
  for (const item of items) {
    const parent = item.parentId && ids.has(item.parentId) ? item.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), item]);
  }
  const walk = (parent: string | null): T[] =>
    (children.get(parent) ?? []).flatMap((item) => [item, ...walk(item.id)]);
  return walk(null);
}
