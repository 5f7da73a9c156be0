import type { DefinitionInfo, QueryFilter } from '@eip/contracts';
import type { FlowSettings } from '@eip/contracts/flow';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { flowDefinitions, sysTypes } from '../../db/schema.js';
import { FLOW_TYPE } from './sys-type.repository.js';

/** What lists of definitions filter and sort on; every one is a column of bpm_definition. */
export const DEFINITION_COLUMNS: FilterColumns = {
  name: { sql: flowDefinitions.name, type: 'string' },
  defKey: { sql: flowDefinitions.defKey, type: 'string' },
  flowType: { sql: flowDefinitions.flowType, type: 'string' },
  createTime: { sql: flowDefinitions.createdAt, type: 'date' },
};

/** Flows by type, then name: the order of the start page. */
export const CATALOGUE_ORDER = [
  asc(flowDefinitions.flowType),
  asc(flowDefinitions.name),
  asc(flowDefinitions.id),
];

export const definitionSelection = {
  id: flowDefinitions.id,
  defKey: flowDefinitions.defKey,
  name: flowDefinitions.name,
  version: flowDefinitions.version,
  isMain: flowDefinitions.isMain,
  flowType: flowDefinitions.flowType,
  flowTypeName: sysTypes.name,
  createdAt: flowDefinitions.createdAt,
};

type DefinitionSelected = Awaited<ReturnType<typeof withType>>[number];

export const toDefinitionInfo = (row: DefinitionSelected): DefinitionInfo => ({
  id: row.id,
  defKey: row.defKey,
  name: row.name,
  version: row.version,
  isMain: row.isMain,
  flowType: row.flowType,
  flowTypeName: row.flowTypeName,
  createTime: row.createdAt.toISOString(),
});

/** The flow type of a definition: the FLOW_TYPE type whose code is its flowType. */
export const flowTypeJoin = and(
  eq(sysTypes.tenantId, flowDefinitions.tenantId),
  eq(sysTypes.typeKey, FLOW_TYPE),
  eq(sysTypes.code, flowDefinitions.flowType),
);

export const isMainOf = (tenantId: string) =>
  and(eq(flowDefinitions.tenantId, tenantId), eq(flowDefinitions.isMain, true));

const withType = (db: Executor) =>
  db.select(definitionSelection).from(flowDefinitions).leftJoin(sysTypes, flowTypeJoin);

/** The main version of every flow (the IS_MAIN_=Y filter), paged and filtered. */
export async function queryMainDefinitions(db: Executor, tenantId: string, filter: QueryFilter) {
  const q = compileQueryFilter(filter, DEFINITION_COLUMNS, { defaultSort: CATALOGUE_ORDER });
  const where = and(isMainOf(tenantId), q.where);
  const rows = await withType(db)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toDefinitionInfo), () =>
    db.select({ n: count() }).from(flowDefinitions).where(where),
  );
}

export async function findDefinitionInfo(db: Executor, tenantId: string, id: string) {
  const [row] = await withType(db).where(
    and(eq(flowDefinitions.tenantId, tenantId), eq(flowDefinitions.id, id)),
  );
  return row && toDefinitionInfo(row);
}

export async function findMainInfo(db: Executor, tenantId: string, defKey: string) {
  const [row] = await withType(db)
    .where(and(isMainOf(tenantId), eq(flowDefinitions.defKey, defKey)))
    .orderBy(desc(flowDefinitions.version))
    .limit(1);
  return row && toDefinitionInfo(row);
}

/** A version's BPMN XML and node settings. */
export async function findDesign(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ bpmnXml: flowDefinitions.bpmnXml, settings: flowDefinitions.settings })
    .from(flowDefinitions)
    .where(and(eq(flowDefinitions.tenantId, tenantId), eq(flowDefinitions.id, id)));
  return row;
}

/** The node settings of the main versions of these keys (deployed, so they passed the settings check). */
export async function mainSettings(db: Executor, tenantId: string, defKeys: string[]) {
  if (defKeys.length === 0) return [];
  const rows = await db
    .select({ defKey: flowDefinitions.defKey, settings: flowDefinitions.settings })
    .from(flowDefinitions)
    .where(and(isMainOf(tenantId), inArray(flowDefinitions.defKey, defKeys)));
  return rows.map((row) => ({ defKey: row.defKey, settings: row.settings as FlowSettings }));
}
