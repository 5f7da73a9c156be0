import type { SysTypeShape } from '@eip/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { sysTypes } from '../../db/schema.js';

/** The type key that groups flows on the start page (a definition's `flowType` is a type code). */
export const FLOW_TYPE = 'FLOW_TYPE';

/** The types of a key as a tree, siblings by sn; a type whose parent is missing is a root. */
export async function typeTree(db: Executor, tenantId: string, typeKey: string): Promise<SysTypeShape[]> {
  const rows = await db
    .select()
    .from(sysTypes)
    .where(and(eq(sysTypes.tenantId, tenantId), eq(sysTypes.typeKey, typeKey)))
    .orderBy(asc(sysTypes.sn), asc(sysTypes.name), asc(sysTypes.id));
  const nodes = new Map<string, SysTypeShape>(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        typeKey: row.typeKey,
        code: row.code,
        name: row.name,
        parentId: row.parentId,
        sn: row.sn,
        children: [],
      },
    ]),
  );
  const roots: SysTypeShape[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** A type of the key by id, or undefined. */
export async function findType(db: Executor, tenantId: string, typeKey: string, id: string) {
  const [row] = await db
    .select()
    .from(sysTypes)
    .where(and(eq(sysTypes.tenantId, tenantId), eq(sysTypes.typeKey, typeKey), eq(sysTypes.id, id)));
  return row;
}

/** The id of the flow type with this code, or null. */
export async function flowTypeId(db: Executor, tenantId: string, code: string | null) {
  if (code === null) return null;
  const [row] = await db
    .select({ id: sysTypes.id })
    .from(sysTypes)
    .where(and(eq(sysTypes.tenantId, tenantId), eq(sysTypes.typeKey, FLOW_TYPE), eq(sysTypes.code, code)));
  return row?.id ?? null;
}
