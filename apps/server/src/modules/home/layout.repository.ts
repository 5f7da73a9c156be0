import type { LayoutItem, LayoutScope } from '@eip/contracts';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { homeLayouts, posts, roles, userLayouts } from '../../db/schema.js';

export type LayoutRow = typeof homeLayouts.$inferSelect & { scopeName: string | null };
export type LayoutInsert = typeof homeLayouts.$inferInsert;
export type UserLayoutRow = typeof userLayouts.$inferSelect;

/** A layout with the name of the role or post it is for. */
const selectLayouts = (db: Executor) =>
  db
    .select({
      tenantId: homeLayouts.tenantId,
      id: homeLayouts.id,
      alias: homeLayouts.alias,
      name: homeLayouts.name,
      memo: homeLayouts.memo,
      scope: homeLayouts.scope,
      scopeId: homeLayouts.scopeId,
      items: homeLayouts.items,
      sn: homeLayouts.sn,
      createdAt: homeLayouts.createdAt,
      updatedAt: homeLayouts.updatedAt,
      scopeName: sql<string | null>`coalesce(${roles.name}, ${posts.name})`,
    })
    .from(homeLayouts)
    .leftJoin(
      roles,
      and(
        eq(homeLayouts.scope, 'role'),
        eq(roles.tenantId, homeLayouts.tenantId),
        eq(roles.id, homeLayouts.scopeId),
      ),
    )
    .leftJoin(
      posts,
      and(
        eq(homeLayouts.scope, 'post'),
        eq(posts.tenantId, homeLayouts.tenantId),
        eq(posts.id, homeLayouts.scopeId),
      ),
    );

export const listLayouts = (db: Executor, tenantId: string): Promise<LayoutRow[]> =>
  selectLayouts(db)
    .where(eq(homeLayouts.tenantId, tenantId))
    .orderBy(asc(homeLayouts.sn), asc(homeLayouts.createdAt), asc(homeLayouts.id));

export async function findLayoutByAlias(db: Executor, tenantId: string, alias: string) {
  const [row] = await selectLayouts(db).where(
    and(eq(homeLayouts.tenantId, tenantId), eq(homeLayouts.alias, alias)),
  );
  return row as LayoutRow | undefined;
}

export async function findLayoutById(db: Executor, tenantId: string, id: string) {
  const [row] = await selectLayouts(db).where(
    and(eq(homeLayouts.tenantId, tenantId), eq(homeLayouts.id, id)),
  );
  return row as LayoutRow | undefined;
}

/**
 * The layouts that may be a user's home: the tenant's default, their roles', their current post's — in
 * that order of weakness; the caller picks the strongest.
 */
export function homeCandidates(
  db: Executor,
  tenantId: string,
  roleIds: string[],
  postId: string | null,
): Promise<LayoutRow[]> {
  return selectLayouts(db)
    .where(
      and(
        eq(homeLayouts.tenantId, tenantId),
        or(
          eq(homeLayouts.scope, 'default'),
          roleIds.length
            ? and(eq(homeLayouts.scope, 'role'), inArray(homeLayouts.scopeId, roleIds))
            : undefined,
          postId ? and(eq(homeLayouts.scope, 'post'), eq(homeLayouts.scopeId, postId)) : undefined,
        ),
      ),
    )
    .orderBy(asc(homeLayouts.sn), asc(homeLayouts.createdAt), asc(homeLayouts.id));
}

/** Locks a layout for a change. */
export async function lockLayout(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: homeLayouts.id, scope: homeLayouts.scope, updatedAt: homeLayouts.updatedAt })
    .from(homeLayouts)
    .where(and(eq(homeLayouts.tenantId, tenantId), eq(homeLayouts.id, id)))
    .for('update');
  return row;
}

/** Another layout that holds the alias or the scope a layout wants (both are unique a tenant). */
export async function layoutTaking(
  db: Executor,
  tenantId: string,
  id: string,
  alias: string,
  scope: LayoutScope,
  scopeId: string | null,
) {
  const [row] = await db
    .select({ alias: homeLayouts.alias, name: homeLayouts.name })
    .from(homeLayouts)
    .where(
      and(
        eq(homeLayouts.tenantId, tenantId),
        ne(homeLayouts.id, id),
        or(
          eq(homeLayouts.alias, alias),
          scope === 'app'
            ? undefined
            : and(eq(homeLayouts.scope, scope), sql`coalesce(${homeLayouts.scopeId}, '') = ${scopeId ?? ''}`),
        ),
      ),
    )
    .limit(1);
  return row;
}

export async function upsertLayout(db: Executor, row: LayoutInsert & { id: string }) {
  await db
    .insert(homeLayouts)
    .values(row)
    .onConflictDoUpdate({
      target: [homeLayouts.tenantId, homeLayouts.id],
      set: {
        alias: row.alias,
        name: row.name,
        memo: row.memo,
        scope: row.scope,
        scopeId: row.scopeId,
        items: row.items,
        updatedAt: row.updatedAt,
      },
    });
}

/** Deletes layouts that are not the default, with the users' arrangements of them. */
export async function removeLayouts(db: Executor, tenantId: string, ids: string[]) {
  const removed = await db
    .delete(homeLayouts)
    .where(
      and(eq(homeLayouts.tenantId, tenantId), inArray(homeLayouts.id, ids), ne(homeLayouts.scope, 'default')),
    )
    .returning({ id: homeLayouts.id });
  if (removed.length)
    await db.delete(userLayouts).where(
      and(
        eq(userLayouts.tenantId, tenantId),
        inArray(
          userLayouts.layoutId,
          removed.map((r) => r.id),
        ),
      ),
    );
  return removed.length;
}

export async function findUserLayout(db: Executor, tenantId: string, userId: string, layoutId: string) {
  const [row] = await db
    .select()
    .from(userLayouts)
    .where(
      and(
        eq(userLayouts.tenantId, tenantId),
        eq(userLayouts.userId, userId),
        eq(userLayouts.layoutId, layoutId),
      ),
    );
  return row;
}

/** The user's arrangement of a layout, locked for a change. */
export async function lockUserLayout(db: Executor, tenantId: string, userId: string, layoutId: string) {
  const [row] = await db
    .select({ updatedAt: userLayouts.updatedAt })
    .from(userLayouts)
    .where(
      and(
        eq(userLayouts.tenantId, tenantId),
        eq(userLayouts.userId, userId),
        eq(userLayouts.layoutId, layoutId),
      ),
    )
    .for('update');
  return row;
}

export async function upsertUserLayout(
  db: Executor,
  row: {
    tenantId: string;
    userId: string;
    layoutId: string;
    items: LayoutItem[];
    hidden: string[];
    updatedAt: Date;
  },
) {
  const [saved] = await db
    .insert(userLayouts)
    .values(row)
    .onConflictDoUpdate({
      target: [userLayouts.tenantId, userLayouts.userId, userLayouts.layoutId],
      set: { items: row.items, hidden: row.hidden, updatedAt: row.updatedAt },
    })
    .returning();
  return saved!;
}

export async function removeUserLayout(db: Executor, tenantId: string, userId: string, layoutId: string) {
  const rows = await db
    .delete(userLayouts)
    .where(
      and(
        eq(userLayouts.tenantId, tenantId),
        eq(userLayouts.userId, userId),
        eq(userLayouts.layoutId, layoutId),
      ),
    )
    .returning({ layoutId: userLayouts.layoutId });
  return rows.length > 0;
}
