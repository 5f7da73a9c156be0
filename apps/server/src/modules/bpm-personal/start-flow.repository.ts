import type { QueryFilter, StartableFlow } from '@eip/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, max, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { compileQueryFilter, pageList } from '../../db/query-filter.js';
import { commonFlows, flowCollections, flowDefinitions, oftenFlows, sysTypes } from '../../db/schema.js';
import {
  CATALOGUE_ORDER,
  DEFINITION_COLUMNS,
  definitionSelection,
  flowTypeJoin,
  isMainOf,
  toDefinitionInfo,
} from './definition.repository.js';
import { startableWith } from './start-rights.js';

/** Whose start page: the user, and the identity keys their start rights are matched with. */
export interface Starter {
  tenantId: string;
  userId: string;
  keys: string[];
}

/** The user's row of a per-user, per-flow table for the definition's flow. */
const mineOf = (table: typeof commonFlows | typeof oftenFlows, userId: string) =>
  and(
    eq(table.tenantId, flowDefinitions.tenantId),
    eq(table.userId, userId),
    eq(table.defKey, flowDefinitions.defKey),
  );

/**
 * The main versions the user may start, each with its type and the user's marks: collected, common
 * (with its place) and how often they started it.
 */
const startable = (db: Executor, starter: Starter) =>
  db
    .select({
      ...definitionSelection,
      isCollected: sql<boolean>`${flowCollections.targetId} is not null`,
      isCommon: sql<boolean>`${commonFlows.defKey} is not null`,
      useCount: oftenFlows.useCount,
      lastUsedAt: oftenFlows.lastUsedAt,
    })
    .from(flowDefinitions)
    .leftJoin(sysTypes, flowTypeJoin)
    .leftJoin(commonFlows, mineOf(commonFlows, starter.userId))
    .leftJoin(oftenFlows, mineOf(oftenFlows, starter.userId))
    .leftJoin(
      flowCollections,
      and(
        eq(flowCollections.tenantId, flowDefinitions.tenantId),
        eq(flowCollections.userId, starter.userId),
        eq(flowCollections.targetType, 'flow'),
        eq(flowCollections.targetId, flowDefinitions.defKey),
      ),
    );

type StartableRow = Awaited<ReturnType<typeof startable>>[number];

const toStartable = (row: StartableRow): StartableFlow => ({
  ...toDefinitionInfo(row),
  isCollected: row.isCollected,
  isCommon: row.isCommon,
});

const startableWhere = (starter: Starter, ...more: (SQL | undefined)[]) =>
  and(isMainOf(starter.tenantId), startableWith(starter.keys), ...more);

/** The flows the user may start, paged and filtered (the start page). */
export async function queryStartable(db: Executor, starter: Starter, filter: QueryFilter) {
  const q = compileQueryFilter(filter, DEFINITION_COLUMNS, { defaultSort: CATALOGUE_ORDER });
  const rows = await startable(db, starter)
    .where(startableWhere(starter, q.where))
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toStartable), () =>
    db.select({ n: count() }).from(flowDefinitions).where(startableWhere(starter, q.where)),
  );
}

export async function countStartable(db: Executor, starter: Starter) {
  const [row] = await db.select({ n: count() }).from(flowDefinitions).where(startableWhere(starter));
  return row?.n ?? 0;
}

/** The first `size` flows the user may start: their common flows first, in their order. */
export async function startableCards(db: Executor, starter: Starter, size: number) {
  const rows = await startable(db, starter)
    .where(startableWhere(starter))
    .orderBy(sql`${commonFlows.sn} asc nulls last`, ...CATALOGUE_ORDER)
    .limit(size);
  return rows.map(toStartable);
}

/** The user's common flows that they may still start, in their order. */
export async function commonStartable(db: Executor, starter: Starter) {
  const rows = await startable(db, starter)
    .where(startableWhere(starter, isNotNull(commonFlows.defKey)))
    .orderBy(asc(commonFlows.sn), ...CATALOGUE_ORDER);
  return rows.map(toStartable);
}

/** The flows the user starts most, then most recently, that they may still start. */
export async function oftenStartable(db: Executor, starter: Starter, limit: number) {
  const rows = await startable(db, starter)
    .where(startableWhere(starter, isNotNull(oftenFlows.defKey)))
    .orderBy(desc(oftenFlows.useCount), desc(oftenFlows.lastUsedAt), ...CATALOGUE_ORDER)
    .limit(limit);
  return rows.map((row) => ({
    ...toStartable(row),
    useCount: row.useCount ?? 0,
    lastUseTime: (row.lastUsedAt ?? row.createdAt).toISOString(),
  }));
}

/** Appends flows to the user's common flows; flows already there keep their place. */
export async function addCommonFlows(db: Executor, tenantId: string, userId: string, defKeys: string[]) {
  const [last] = await db
    .select({ sn: max(commonFlows.sn) })
    .from(commonFlows)
    .where(and(eq(commonFlows.tenantId, tenantId), eq(commonFlows.userId, userId)));
  const start = (last?.sn ?? 0) + 1;
  await db
    .insert(commonFlows)
    .values(defKeys.map((defKey, i) => ({ tenantId, userId, defKey, sn: start + i })))
    .onConflictDoNothing();
}

export async function removeCommonFlows(db: Executor, tenantId: string, userId: string, defKeys: string[]) {
  if (defKeys.length === 0) return 0;
  const removed = await db
    .delete(commonFlows)
    .where(
      and(
        eq(commonFlows.tenantId, tenantId),
        eq(commonFlows.userId, userId),
        inArray(commonFlows.defKey, defKeys),
      ),
    )
    .returning({ defKey: commonFlows.defKey });
  return removed.length;
}

/** Counts one start of a flow by the user (the engine calls it on each start); answers the new count. */
export async function countFlowUse(db: Executor, tenantId: string, userId: string, defKey: string) {
  const [row] = await db
    .insert(oftenFlows)
    .values({ tenantId, userId, defKey, useCount: 1, lastUsedAt: new Date() })
    .onConflictDoUpdate({
      target: [oftenFlows.tenantId, oftenFlows.userId, oftenFlows.defKey],
      set: { useCount: sql`${oftenFlows.useCount} + 1`, lastUsedAt: new Date() },
    })
    .returning({ useCount: oftenFlows.useCount });
  return row?.useCount ?? 1;
}
