import type {
  BoDefinition,
  CustomQuery,
  CustomQueryDefinition,
  CustomQueryInput,
  QueryField,
  QueryFilter,
} from '@eip/contracts';
import { and, asc } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.js';
import { compileQueryFilter, type FilterColumns } from '../../db/query-filter.js';
import { boRows } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { AuthContext } from '../../security/tokens.js';
import { splitIds } from '../uc/ids.js';
import { isAdmin } from '../bpm-personal/access.js';
import { findBoDef, recordColumns } from '../data/data.repository.js';
import { toBoDef } from '../data/template.service.js';
import * as repo from './query.repository.js';

type Params = Record<string, unknown>;

/** A custom query of the caller's tenant with its business object. */
export interface LoadedQuery {
  row: repo.QueryRow;
  def: CustomQueryDefinition;
  bo: BoDefinition;
  /** every main field of the business object, by name */
  columns: FilterColumns;
}

const toQuery = (row: repo.QueryRow, bo: BoDefinition): CustomQuery => ({
  id: row.id,
  alias: row.alias,
  name: row.name,
  ...row.def,
  fields: row.def.columns.flatMap((name) => bo.fields.filter((field) => field.name === name)),
});

async function boOf(db: Executor, tenantId: string, boAlias: string) {
  const bo = await findBoDef(db, tenantId, boAlias);
  if (!bo) throw notFound('data.boNotFound', { id: boAlias });
  return toBoDef(bo);
}

async function load(db: Executor, auth: AuthContext, row: repo.QueryRow | undefined, alias: string) {
  if (!row) throw notFound('customQuery.notFound', { alias });
  const bo = await boOf(db, auth.tenantId, row.def.boAlias);
  return { row, def: row.def, bo, columns: recordColumns(bo) };
}

export const loadQuery = async (db: Executor, auth: AuthContext, alias: string): Promise<LoadedQuery> =>
  load(db, auth, await repo.findQueryByAlias(db, auth.tenantId, alias), alias);

export async function queryByAlias(db: Db, auth: AuthContext, alias: string) {
  const loaded = await loadQuery(db, auth, alias);
  return toQuery(loaded.row, loaded.bo);
}

/** getJson: a query with its views by id or alias. */
export async function queryById(db: Db, auth: AuthContext, id: string) {
  const loaded = await load(db, auth, await repo.findQuery(db, auth.tenantId, id), id);
  return toQuery(loaded.row, loaded.bo);
}

export async function listQueries(db: Db, auth: AuthContext, filter: QueryFilter) {
  const list = await repo.listQueries(db, auth.tenantId, filter);
  const bos = new Map<string, BoDefinition>();
  const rows: CustomQuery[] = [];
  for (const row of list.rows) {
    if (!bos.has(row.def.boAlias)) {
      const bo = await findBoDef(db, auth.tenantId, row.def.boAlias);
      bos.set(row.def.boAlias, bo ? toBoDef(bo) : { fields: [], subs: [] });
    }
    rows.push(toQuery(row, bos.get(row.def.boAlias)!));
  }
  return { ...list, rows };
}

function firstDuplicate(names: string[]) {
  return names.find((name, i) => names.indexOf(name) !== i);
}

/** Refuses a definition naming a field, parameter or column the business object or the query lacks. */
function checkDefinition(def: CustomQueryDefinition, bo: BoDefinition) {
  const fieldOf = (name: string) => {
    const field = bo.fields.find((f) => f.name === name);
    if (!field) throw badRequest('customQuery.unknownField', { field: name });
    return field;
  };
  const duplicate =
    firstDuplicate([...def.params.map((p) => p.name), ...def.views.map((v) => v.alias)]) ??
    firstDuplicate(def.columns);
  if (duplicate !== undefined) throw badRequest('customQuery.duplicate', { name: duplicate });
  def.columns.forEach(fieldOf);
  for (const condition of def.conditions) {
    const field = fieldOf(condition.field);
    const textual = condition.operation === 'LIKE' || condition.operation === 'RIGHT_LIKE';
    if (textual && field.type === 'number')
      throw badRequest('customQuery.textOperation', { field: field.name });
    if (condition.param === undefined && condition.value === undefined) {
      throw badRequest('customQuery.conditionValue', { field: field.name });
    }
    if (condition.param !== undefined && !def.params.some((p) => p.name === condition.param)) {
      throw badRequest('customQuery.unknownParam', { name: condition.param });
    }
  }
  def.sorter.forEach((s) => fieldOf(s.property));
  for (const view of def.views) {
    const missing = view.columns.find((name) => !def.columns.includes(name));
    if (missing !== undefined)
      throw badRequest('customQuery.viewColumn', { view: view.name, field: missing });
  }
}

async function requireAdmin(db: Executor, auth: AuthContext) {
  if (!(await isAdmin(db, auth))) throw forbidden('customQuery.adminsOnly');
}

/** Creates or changes a custom query (administrators): checked against its business object first. */
export async function saveQuery(db: Db, auth: AuthContext, input: CustomQueryInput) {
  await requireAdmin(db, auth);
  const { id, alias, name, ...def } = input;
  const bo = await boOf(db, auth.tenantId, def.boAlias);
  checkDefinition(def, bo);
  const taken = await repo.findQueryByAlias(db, auth.tenantId, alias);
  if (taken && taken.id !== id) throw conflict('customQuery.aliasTaken', { alias });
  // a transaction of its own, answering the query's row: the audit record commits with it and names it
  const row = await db.transaction(async (tx) => {
    if (!id) return repo.insertQuery(tx, auth.tenantId, { alias, name, def });
    const updated = await repo.updateQuery(tx, auth.tenantId, id, { alias, name, def });
    if (!updated) throw notFound('customQuery.notFound', { alias: id });
    return updated;
  });
  return toQuery(row, bo);
}

export async function removeQueries(db: Db, auth: AuthContext, idList: string) {
  await requireAdmin(db, auth);
  const ids = splitIds(idList);
  if (!ids.length) throw badRequest('customQuery.notFound', { alias: idList });
  return db.transaction(async (tx) => {
    const deleted = await repo.deleteQueries(tx, auth.tenantId, ids);
    // all or nothing: an id that is not the tenant's undoes the others
    if (deleted !== ids.length) throw notFound('customQuery.notFound', { alias: idList });
    return { deleted };
  });
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The query's conditions with the parameter values given: each value a bound parameter (never SQL text), an
 * empty optional parameter leaves its conditions out. Unknown parameters and missing required ones are 400s.
 */
export function conditionsOf(loaded: LoadedQuery, params: Params): QueryField[] {
  for (const [name, value] of Object.entries(params)) {
    if (!loaded.def.params.some((p) => p.name === name))
      throw badRequest('customQuery.unknownParam', { name });
    if (value !== null && typeof value === 'object') throw badRequest('customQuery.badParam', { name });
  }
  for (const param of loaded.def.params) {
    if (param.required && isEmpty(params[param.name])) {
      throw badRequest('customQuery.paramRequired', { label: param.label });
    }
  }
  return loaded.def.conditions.flatMap((condition): QueryField[] => {
    const value = condition.param === undefined ? condition.value : params[condition.param];
    if (isEmpty(value)) return [];
    return [{ property: condition.field, operation: condition.operation, value: value as string | number }];
  });
}

/** The records the query reads with these parameter values: the tenant's, of its business object. */
export function scopeOf(auth: AuthContext, loaded: LoadedQuery, params: Params): repo.RecordScope {
  const { where } = compileQueryFilter({ querys: conditionsOf(loaded, params) }, loaded.columns);
  return { tenantId: auth.tenantId, boAlias: loaded.def.boAlias, where };
}

export function viewOf(loaded: LoadedQuery, alias: string) {
  const view = loaded.def.views.find((v) => v.alias === alias);
  if (!view) throw notFound('customQuery.viewNotFound', { alias });
  return view;
}

/** The query's own order, then the record id so that paging is stable. */
export const defaultOrder = (loaded: LoadedQuery) => [
  ...compileQueryFilter({ sorter: loaded.def.sorter }, loaded.columns).orderBy,
  asc(boRows.id),
];

export const pick = (columns: FilterColumns, names: string[]): FilterColumns =>
  Object.fromEntries(names.map((name) => [name, columns[name]!]));

/**
 * One page of a query view (data_{sqlAlias}/{alias}): the query's conditions with the parameter values, and
 * the caller's filter and sort on the view's columns only, in a read-only transaction under a timeout.
 */
export async function viewData(
  db: Db,
  auth: AuthContext,
  sqlAlias: string,
  alias: string,
  filter: QueryFilter,
) {
  const loaded = await loadQuery(db, auth, sqlAlias);
  const view = viewOf(loaded, alias);
  const scope = scopeOf(auth, loaded, filter.params ?? {});
  const own = compileQueryFilter({ ...filter, params: {} }, pick(loaded.columns, view.columns), {
    defaultSort: defaultOrder(loaded),
  });
  const where = { ...scope, where: and(scope.where, own.where) };
  return repo.readOnly(db, async (tx) => {
    const rows = await repo.queryRows(tx, where, view.columns, {
      orderBy: own.orderBy,
      limit: own.pageSize,
      offset: own.offset,
    });
    const total = own.showTotal ? ((await repo.countRows(tx, where))[0]?.n ?? 0) : own.offset + rows.length;
    return { rows, total, page: own.page, pageSize: own.pageSize };
  });
}
