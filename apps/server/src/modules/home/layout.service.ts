import {
  HOME_GRID,
  UserLayoutContent,
  type HomeView,
  type Layout,
  type LayoutItem,
  type LayoutSave,
  type UserLayout,
  type UserLayoutSave,
} from '@eip/contracts';
import { Value } from '@sinclair/typebox/value';
import type { Db, Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { firstMissing } from '../uc/directory.repository.js';
import { audienceOf, catalogue, toColumn } from './column.service.js';
import * as repo from './layout.repository.js';
import { listApps } from './app.repository.js';
import { sameVersion } from './versions.js';
import { requireDesigner, sees, type Viewer } from './viewer.js';

/** A layout with only the columns of `visible` (the aliases the viewer may see). */
export const toLayout = (row: repo.LayoutRow, visible?: Set<string>): Layout => ({
  id: row.id,
  alias: row.alias,
  name: row.name,
  memo: row.memo,
  scope: row.scope as Layout['scope'],
  scopeId: row.scopeId,
  scopeName: row.scopeName,
  items: (row.items as LayoutItem[]).filter((item) => !visible || visible.has(item.alias)),
  updateTime: row.updatedAt.toISOString(),
});

/** The strongest of the viewer's home layouts: their current post's, else a role's, else the default. */
export async function effectiveLayout(db: Executor, viewer: Viewer) {
  const candidates = await repo.homeCandidates(
    db,
    viewer.tenantId,
    [...viewer.roleIds],
    viewer.currentPostId,
  );
  return (
    candidates.find((row) => row.scope === 'post') ??
    candidates.find((row) => row.scope === 'role') ??
    candidates.find((row) => row.scope === 'default')
  );
}

/** The columns the viewer sees on their own home (designers too see only theirs there). */
async function ownColumns(db: Executor, viewer: Viewer) {
  const rows = await catalogue(db, viewer);
  return rows.filter((row) => sees(viewer, audienceOf(row)));
}

/** The home of spec §2 /index: the effective layout, the viewer's arrangement of it, their columns. */
export async function homeView(db: Executor, viewer: Viewer): Promise<HomeView> {
  const [layout, columns] = await Promise.all([effectiveLayout(db, viewer), ownColumns(db, viewer)]);
  const visible = new Set(columns.map((column) => column.alias));
  const personal = layout && (await repo.findUserLayout(db, viewer.tenantId, viewer.userId, layout.id));
  return {
    layout: layout ? toLayout(layout, visible) : null,
    personal: personal
      ? {
          layoutId: personal.layoutId,
          items: (personal.items as LayoutItem[]).filter((item) => visible.has(item.alias)),
          hidden: (personal.hidden as string[]).filter((alias) => visible.has(alias)),
          updateTime: personal.updatedAt.toISOString(),
        }
      : null,
    columns: columns.map(toColumn),
    canDesign: viewer.designer,
  };
}

/** Whether the layout is one of the viewer's: their default, role or post layout, or an app's they may open. */
async function isViewersLayout(db: Executor, viewer: Viewer, row: repo.LayoutRow) {
  switch (row.scope) {
    case 'default':
      return true;
    case 'role':
      return row.scopeId !== null && viewer.roleIds.has(row.scopeId);
    case 'post':
      return row.scopeId !== null && viewer.postIds.has(row.scopeId);
    default:
      return (await listApps(db, viewer.tenantId)).some(
        (app) => app.layoutAlias === row.alias && sees(viewer, audienceOf(app)),
      );
  }
}

/** A layout the viewer may read (designers: any), with the columns they may see. */
export async function layoutFor(db: Executor, viewer: Viewer, row: repo.LayoutRow | undefined, key: string) {
  if (!row) throw notFound('home.layoutNotFound', { id: key });
  if (!viewer.designer && !(await isViewersLayout(db, viewer, row)))
    throw forbidden('home.layoutForbidden', { id: key });
  const columns = await (viewer.designer ? catalogue(db, viewer) : ownColumns(db, viewer));
  return toLayout(row, new Set(columns.map((column) => column.alias)));
}

/**
 * Checks the columns placed on the grid: each may be placed (`allowed`), once, inside the 12 columns, and
 * no two overlap. `hidden` columns must be placeable too and not placed.
 */
function checkItems(items: LayoutItem[], hidden: string[], allowed: Set<string>) {
  const seen = new Set<string>();
  for (const item of items) {
    if (!allowed.has(item.alias)) throw badRequest('home.layoutItemUnknown', { alias: item.alias });
    if (seen.has(item.alias)) throw badRequest('home.layoutItemTwice', { alias: item.alias });
    seen.add(item.alias);
    if (item.x + item.w > HOME_GRID.cols)
      throw badRequest('home.layoutItemOutside', { alias: item.alias, cols: HOME_GRID.cols });
  }
  for (const [i, a] of items.entries())
    for (const b of items.slice(i + 1))
      if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h)
        throw badRequest('home.layoutItemsOverlap', { first: a.alias, second: b.alias });
  for (const alias of hidden) {
    if (!allowed.has(alias)) throw badRequest('home.layoutItemUnknown', { alias });
    if (seen.has(alias)) throw badRequest('home.layoutItemTwice', { alias });
  }
}

/** Designers: every layout of the tenant. */
export async function allLayouts(db: Executor, viewer: Viewer) {
  requireDesigner(viewer);
  return (await repo.listLayouts(db, viewer.tenantId)).map((row) => toLayout(row));
}

/**
 * Designers save a layout for the tenant (default), a role, a post or an app. Its alias and its scope are
 * its own; a change based on an older version is refused (409) and changes nothing.
 */
export async function saveLayout(db: Db, viewer: Viewer, body: LayoutSave): Promise<Layout> {
  requireDesigner(viewer);
  const { tenantId } = viewer;
  const scoped = body.scope === 'role' || body.scope === 'post';
  const scopeId = scoped ? (body.scopeId ?? null) : null;
  if (scoped && !scopeId) throw badRequest('home.scopeTargetRequired');
  if (scopeId && (await firstMissing(db, tenantId, body.scope === 'role' ? 'role' : 'post', [scopeId])))
    throw badRequest('home.audienceUnknown', { id: scopeId });
  const name = body.name.trim();
  if (!name) throw badRequest('home.nameRequired');
  checkItems(body.items, [], new Set((await catalogue(db, viewer)).map((column) => column.alias)));
  const id = body.id ?? newId();
  await db.transaction(async (tx) => {
    if (body.id) {
      const existing = await repo.lockLayout(tx, tenantId, body.id);
      if (!existing) throw notFound('home.layoutNotFound', { id: body.id });
      if (!sameVersion(existing.updatedAt, body.updateTime)) throw conflict('home.layoutStale', { name });
      if (existing.scope === 'default' && body.scope !== 'default')
        throw badRequest('home.defaultLayoutKept');
    }
    const taken = await repo.layoutTaking(tx, tenantId, id, body.alias, body.scope, scopeId);
    if (taken)
      throw conflict(taken.alias === body.alias ? 'home.aliasTaken' : 'home.scopeTaken', {
        alias: body.alias,
        name: taken.name,
      });
    await repo.upsertLayout(tx, {
      tenantId,
      id,
      alias: body.alias,
      name,
      memo: body.memo?.trim() || null,
      scope: body.scope,
      scopeId,
      items: body.items,
      updatedAt: new Date(),
    });
    // named in the audit record
    return { id };
  });
  return toLayout((await repo.findLayoutById(db, tenantId, id))!);
}

export async function removeLayouts(db: Db, viewer: Viewer, ids: string[]) {
  requireDesigner(viewer);
  return db.transaction(async (tx) => {
    const rows = (await Promise.all(ids.map((id) => repo.findLayoutById(tx, viewer.tenantId, id)))).filter(
      (row): row is repo.LayoutRow => row !== undefined,
    );
    if (rows.length === 0) throw notFound('home.layoutNotFound', { id: ids.join(',') });
    if (rows.some((row) => row.scope === 'default')) throw badRequest('home.defaultLayoutKept');
    return repo.removeLayouts(
      tx,
      viewer.tenantId,
      rows.map((row) => row.id),
    );
  });
}

/** The arrangement inside configContent, or a 400 saying what is wrong with it. */
function parseContent(text: string): UserLayoutContent {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('home.configNotJson');
  }
  if (!Value.Check(UserLayoutContent, value)) {
    const error = Value.Errors(UserLayoutContent, value).First();
    throw badRequest('home.configInvalid', { path: error?.path || '/', reason: error?.message ?? '' });
  }
  return value;
}

/**
 * Stores the viewer's own arrangement of their home layout. One made from an older arrangement than the
 * stored one (another browser saved since) is refused (409): the stored one stays, and the browser keeps
 * what the user did until they choose.
 */
export async function saveUserLayout(db: Db, viewer: Viewer, body: UserLayoutSave): Promise<UserLayout> {
  const layout = await repo.findLayoutById(db, viewer.tenantId, body.layoutId);
  await layoutFor(db, viewer, layout, body.layoutId);
  const content = parseContent(body.configContent);
  const hidden = [...new Set(content.hidden ?? [])];
  const columns = await ownColumns(db, viewer);
  checkItems(content.items, hidden, new Set(columns.map((column) => column.alias)));
  const saved = await db.transaction(async (tx) => {
    const stored = await repo.lockUserLayout(tx, viewer.tenantId, viewer.userId, body.layoutId);
    const current = stored ? sameVersion(stored.updatedAt, body.updateTime) : body.updateTime === null;
    if (!current) throw conflict('home.userLayoutStale');
    return repo.upsertUserLayout(tx, {
      tenantId: viewer.tenantId,
      userId: viewer.userId,
      layoutId: body.layoutId,
      items: content.items,
      hidden,
      updatedAt: new Date(),
    });
  });
  return {
    layoutId: saved.layoutId,
    items: saved.items as LayoutItem[],
    hidden: saved.hidden as string[],
    updateTime: saved.updatedAt.toISOString(),
  };
}

/** Drops the viewer's arrangement of a layout: the layout shows as designed (恢复默认, 获取最新门户). */
export async function resetUserLayout(db: Db, viewer: Viewer, layoutId: string) {
  const layout = await repo.findLayoutById(db, viewer.tenantId, layoutId);
  await layoutFor(db, viewer, layout, layoutId);
  return db.transaction((tx) => repo.removeUserLayout(tx, viewer.tenantId, viewer.userId, layoutId));
}
