import {
  CALL_KINDS,
  COLUMN_PROVIDERS,
  PROVIDER_KINDS,
  type Column,
  type ColumnProvider,
  type ColumnSave,
} from '@eip/contracts';
import type { Db, Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { sanitizeBody } from '../content/sanitize.js';
import { firstMissing } from '../uc/directory.repository.js';
import { callRoute, parseRequestHeader } from './column-call.js';
import * as repo from './column.repository.js';
import { sameVersion } from './versions.js';
import { requireDesigner, sees, type Audience, type Viewer } from './viewer.js';

interface AudienceIds {
  roleIds?: string[];
  orgIds?: string[];
  postIds?: string[];
}

export const audienceOf = (row: { audience: string; audienceIds: unknown }): Audience => {
  const ids = (row.audienceIds ?? {}) as AudienceIds;
  return {
    audience: row.audience as Audience['audience'],
    roleIds: ids.roleIds ?? [],
    orgIds: ids.orgIds ?? [],
    postIds: ids.postIds ?? [],
  };
};

export const toColumn = (row: repo.ColumnRow): Column => ({
  id: row.id,
  alias: row.alias,
  name: row.name,
  kind: row.kind as Column['kind'],
  dataMode: row.dataMode as Column['dataMode'],
  dataFrom: row.dataFrom,
  requestType: row.requestType as Column['requestType'],
  dataParam: row.dataParam as Column['dataParam'],
  requestHeader: row.requestHeader,
  templateHtml: row.templateHtml,
  moreUrl: row.moreUrl,
  colHeight: row.colHeight,
  refreshSeconds: row.refreshSeconds,
  ...audienceOf(row),
  updateTime: row.updatedAt.toISOString(),
});

/** The columns a viewer may place: those they see, or every one for designers. */
export async function catalogue(db: Executor, viewer: Viewer): Promise<repo.ColumnRow[]> {
  const rows = await repo.listColumns(db, viewer.tenantId);
  return viewer.designer ? rows : rows.filter((row) => sees(viewer, audienceOf(row)));
}

/** The viewer's columns of these aliases: 404 names an unknown one, 403 one they may not see. */
export async function columnsFor(db: Executor, viewer: Viewer, aliases: string[]) {
  const rows = await repo.findColumnsByAlias(db, viewer.tenantId, aliases);
  const byAlias = new Map(rows.map((row) => [row.alias, row]));
  return aliases.map((alias) => {
    const row = byAlias.get(alias);
    if (!row) throw notFound('home.columnNotFound', { alias });
    if (!viewer.designer && !sees(viewer, audienceOf(row)))
      throw forbidden('home.columnForbidden', { alias });
    return row;
  });
}

/** A link a column may open: a page of the portal (a path) or an http(s) address. */
const isLink = (text: string) =>
  (/^\/(?!\/)/.test(text) && !text.includes('\\')) || /^https?:\/\/[^\s]+$/i.test(text);

const isProvider = (name: string): name is ColumnProvider =>
  (COLUMN_PROVIDERS as readonly string[]).includes(name);

/** Checks where a column's data comes from and how it may be shown. */
function checkSource(body: ColumnSave) {
  const requestType = body.requestType ?? 'GET';
  if (body.dataMode === 'call') {
    callRoute(body.dataFrom, requestType);
    if (!CALL_KINDS.includes(body.kind))
      throw badRequest('home.kindMismatch', { dataFrom: body.dataFrom, kind: body.kind });
    parseRequestHeader(body.requestHeader);
    return;
  }
  if (!isProvider(body.dataFrom)) throw badRequest('home.providerUnknown', { dataFrom: body.dataFrom });
  if (!PROVIDER_KINDS[body.dataFrom].includes(body.kind))
    throw badRequest('home.kindMismatch', { dataFrom: body.dataFrom, kind: body.kind });
  if (body.dataFrom === 'links') {
    const bad = (body.dataParam ?? []).find((param) => !isLink(param.value));
    if (bad) throw badRequest('home.linkInvalid', { value: bad.value });
  }
}

async function checkAudience(db: Executor, tenantId: string, body: ColumnSave) {
  if (body.audience !== 'part') return;
  const ids = { role: body.roleIds ?? [], org: body.orgIds ?? [], post: body.postIds ?? [] };
  if (ids.role.length + ids.org.length + ids.post.length === 0) throw badRequest('home.audienceRequired');
  for (const kind of ['role', 'org', 'post'] as const) {
    const missing = await firstMissing(db, tenantId, kind, ids[kind]);
    if (missing) throw badRequest('home.audienceUnknown', { id: missing });
  }
}

/**
 * Designers create or change a column. Its source is checked (a provider that exists, or a read of the
 * portal's own routes with valid JSON headers), its rich text sanitised, its links checked; a change based
 * on an older version is refused (409).
 */
export async function saveColumn(db: Db, viewer: Viewer, body: ColumnSave) {
  requireDesigner(viewer);
  checkSource(body);
  if (body.moreUrl && !isLink(body.moreUrl)) throw badRequest('home.linkInvalid', { value: body.moreUrl });
  await checkAudience(db, viewer.tenantId, body);
  const unique = (ids: string[] | undefined) => [...new Set(ids ?? [])];
  const row = {
    tenantId: viewer.tenantId,
    alias: body.alias,
    name: body.name.trim(),
    kind: body.kind,
    dataMode: body.dataMode,
    dataFrom: body.dataFrom.trim(),
    requestType: body.requestType ?? 'GET',
    dataParam: body.dataParam ?? [],
    requestHeader: body.dataMode === 'call' && body.requestHeader?.trim() ? body.requestHeader.trim() : null,
    templateHtml: body.kind === 'html' ? sanitizeBody(body.templateHtml ?? '') : null,
    moreUrl: body.moreUrl?.trim() || null,
    colHeight: body.colHeight ?? 5,
    refreshSeconds: body.refreshSeconds ?? null,
    audience: body.audience,
    audienceIds:
      body.audience === 'part'
        ? { roleIds: unique(body.roleIds), orgIds: unique(body.orgIds), postIds: unique(body.postIds) }
        : {},
    updatedAt: new Date(),
  };
  if (!row.name) throw badRequest('home.nameRequired');
  const saved = await db.transaction(async (tx) => {
    if (!body.id) {
      const inserted = await repo.insertColumn(tx, { ...row, id: newId() });
      if (!inserted) throw conflict('home.aliasTaken', { alias: body.alias });
      return inserted;
    }
    const existing = await repo.findColumnById(tx, viewer.tenantId, body.id);
    if (!existing) throw notFound('home.columnNotFound', { alias: body.id });
    if (!sameVersion(existing.updatedAt, body.updateTime))
      throw conflict('home.columnStale', { name: existing.name });
    if (existing.alias !== body.alias) {
      const [taken] = await repo.findColumnsByAlias(tx, viewer.tenantId, [body.alias]);
      if (taken) throw conflict('home.aliasTaken', { alias: body.alias });
      const placing = await repo.layoutsPlacing(tx, viewer.tenantId, [existing.alias]);
      if (placing.length) throw conflict('home.columnInUse', { layouts: placing.join('、') });
    }
    return (await repo.updateColumn(tx, { ...row, id: body.id }))!;
  });
  return toColumn(saved);
}

/** Designers delete columns no layout places; 409 names the layouts that still do. */
export async function removeColumns(db: Db, viewer: Viewer, ids: string[]) {
  requireDesigner(viewer);
  return db.transaction(async (tx) => {
    const rows = (await Promise.all(ids.map((id) => repo.findColumnById(tx, viewer.tenantId, id)))).filter(
      (row): row is repo.ColumnRow => row !== undefined,
    );
    const placing = await repo.layoutsPlacing(
      tx,
      viewer.tenantId,
      rows.map((row) => row.alias),
    );
    if (placing.length) throw conflict('home.columnInUse', { layouts: placing.join('、') });
    if (rows.length === 0) throw notFound('home.columnNotFound', { alias: ids.join(',') });
    return repo.removeColumns(
      tx,
      viewer.tenantId,
      rows.map((row) => row.id),
    );
  });
}
