import type { AppContent, SysApp } from '@eip/contracts';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { findApp, listApps, type AppRow } from './app.repository.js';
import { audienceOf, catalogue, toColumn } from './column.service.js';
import { findLayoutByAlias } from './layout.repository.js';
import { toLayout } from './layout.service.js';
import { sees, type Viewer } from './viewer.js';

const toApp = (row: AppRow): SysApp => ({
  id: row.id,
  alias: row.alias,
  name: row.name,
  icon: row.icon,
  kind: row.kind as SysApp['kind'],
  url: row.url,
});

/** Designers open every app; others the apps of their audience. */
const mayOpen = (viewer: Viewer, row: AppRow) => viewer.designer || sees(viewer, audienceOf(row));

/** The apps of the 'other portals' switcher the viewer may open. */
export async function appsOf(db: Executor, viewer: Viewer): Promise<SysApp[]> {
  return (await listApps(db, viewer.tenantId)).filter((row) => mayOpen(viewer, row)).map(toApp);
}

/** An app with what it shows: a layout app's layout with the columns the viewer may see (404 otherwise). */
export async function appContent(db: Executor, viewer: Viewer, id: string): Promise<AppContent> {
  const row = await findApp(db, viewer.tenantId, id);
  if (!row || !mayOpen(viewer, row)) throw notFound('home.appNotFound', { id });
  const layout =
    row.kind === 'layout' && row.layoutAlias
      ? await findLayoutByAlias(db, viewer.tenantId, row.layoutAlias)
      : undefined;
  const columns = layout ? await catalogue(db, viewer) : [];
  const visible = new Set(columns.map((column) => column.alias));
  return { ...toApp(row), layout: layout ? toLayout(layout, visible) : null, columns: columns.map(toColumn) };
}
