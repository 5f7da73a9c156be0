import { and, asc, eq, exists, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { menuRoles, menus, methodRoles, methods, userRoles, users } from '../../db/schema.js';

export type MenuRow = typeof menus.$inferSelect;

/** Role ids the user holds; administrators see everything, so they are answered as `all`. */
export async function accessOf(db: Executor, tenantId: string, userId: string): Promise<'all' | string[]> {
  const [user] = await db
    .select({ isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  if (user?.isAdmin) return 'all';
  const rows = await db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
  return rows.map((r) => r.roleId);
}

/** Menu items of one tree that the roles may see: items without role rows are for everyone. */
export async function visibleMenus(
  db: Executor,
  tenantId: string,
  menuAlias: string,
  access: 'all' | string[],
) {
  const open = notExists(
    db
      .select({ one: sql`1` })
      .from(menuRoles)
      .where(and(eq(menuRoles.tenantId, menus.tenantId), eq(menuRoles.menuId, menus.id))),
  );
  const granted =
    access === 'all' || access.length === 0
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(menuRoles)
            .where(
              and(
                eq(menuRoles.tenantId, menus.tenantId),
                eq(menuRoles.menuId, menus.id),
                inArray(menuRoles.roleId, access),
              ),
            ),
        );
  return db
    .select()
    .from(menus)
    .where(
      and(
        eq(menus.tenantId, tenantId),
        eq(menus.menuAlias, menuAlias),
        access === 'all' ? undefined : granted ? or(open, granted) : open,
      ),
    )
    .orderBy(asc(menus.sn), asc(menus.id));
}

/** The tree (menu alias) an entry belongs to, by the entry's alias. */
export async function treeAliasOf(db: Executor, tenantId: string, alias: string) {
  const [row] = await db
    .select({ menuAlias: menus.menuAlias })
    .from(menus)
    .where(and(eq(menus.tenantId, tenantId), eq(menus.alias, alias)));
  return row?.menuAlias;
}

export async function allMethods(db: Executor, tenantId: string) {
  return db
    .select({ alias: methods.alias, name: methods.name })
    .from(methods)
    .where(eq(methods.tenantId, tenantId))
    .orderBy(asc(methods.alias));
}

export async function methodsOfRoles(db: Executor, tenantId: string, roleIds: string[]) {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ alias: methods.alias })
    .from(methods)
    .innerJoin(
      methodRoles,
      and(eq(methodRoles.tenantId, methods.tenantId), eq(methodRoles.methodId, methods.id)),
    )
    .where(and(eq(methods.tenantId, tenantId), inArray(methodRoles.roleId, roleIds)))
    .orderBy(asc(methods.alias));
  return rows.map((r) => r.alias);
}

/** Whether the user administers the tenant (holds every right). */
export const isTenantAdmin = async (db: Executor, tenantId: string, userId: string) =>
  (await accessOf(db, tenantId, userId)) === 'all';

/**
 * Spec §6: whether the user holds a method permission (an administrator holds them all) — the server's side of
 * the web's permission directive, checked on the calls behind the buttons it shows.
 */
export async function holdsMethod(db: Executor, tenantId: string, userId: string, alias: string) {
  const access = await accessOf(db, tenantId, userId);
  return access === 'all' || (await methodsOfRoles(db, tenantId, access)).includes(alias);
}
