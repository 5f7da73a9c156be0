import type { QueryFilter } from '@eip/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { compileQueryFilter, pageList, type FilterColumns } from '../../db/query-filter.js';
import { flowInstances, flowPrintRecords } from '../../db/schema.js';
import { participates } from '../bpm/lists.repository.js';

const PRINT_COLUMNS: FilterColumns = {
  instId: { sql: flowPrintRecords.instanceId, type: 'string' },
  subject: { sql: flowInstances.subject, type: 'string' },
  userId: { sql: flowPrintRecords.userId, type: 'string' },
  userName: { sql: flowPrintRecords.userName, type: 'string' },
  createTime: { sql: flowPrintRecords.createdAt, type: 'date' },
};

const NEWEST_FIRST = [desc(flowPrintRecords.createdAt), desc(flowPrintRecords.id)];

const instanceJoin = and(
  eq(flowInstances.tenantId, flowPrintRecords.tenantId),
  eq(flowInstances.id, flowPrintRecords.instanceId),
);

const records = (db: Executor) =>
  db
    .select({
      id: flowPrintRecords.id,
      instId: flowPrintRecords.instanceId,
      subject: flowInstances.subject,
      userId: flowPrintRecords.userId,
      userName: flowPrintRecords.userName,
      createdAt: flowPrintRecords.createdAt,
    })
    .from(flowPrintRecords)
    .innerJoin(flowInstances, instanceJoin);

const toRecord = ({ createdAt, ...row }: Awaited<ReturnType<typeof records>>[number]) => ({
  ...row,
  createTime: createdAt.toISOString(),
});

export async function insertPrintRecord(
  db: Executor,
  tenantId: string,
  record: { instanceId: string; userId: string; userName: string },
) {
  const id = newId();
  await db.insert(flowPrintRecords).values({ tenantId, id, ...record });
  const [row] = await records(db).where(
    and(eq(flowPrintRecords.tenantId, tenantId), eq(flowPrintRecords.id, id)),
  );
  return toRecord(row!);
}

export async function printRecordsOf(db: Executor, tenantId: string, instanceId: string) {
  const rows = await records(db)
    .where(and(eq(flowPrintRecords.tenantId, tenantId), eq(flowPrintRecords.instanceId, instanceId)))
    .orderBy(...NEWEST_FIRST);
  return rows.map(toRecord);
}

/** Print records of the instances a user takes part in, or of every instance when `participantId` is undefined. */
export async function queryPrintRecords(
  db: Executor,
  tenantId: string,
  filter: QueryFilter,
  participantId: string | undefined,
) {
  const q = compileQueryFilter(filter, PRINT_COLUMNS, { defaultSort: NEWEST_FIRST });
  const where: SQL | undefined = and(
    eq(flowPrintRecords.tenantId, tenantId),
    participantId === undefined ? undefined : participates(tenantId, participantId, flowInstances.id),
    q.where,
  );
  const rows = await records(db)
    .where(where)
    .orderBy(...q.orderBy)
    .limit(q.pageSize)
    .offset(q.offset);
  return pageList(q, rows.map(toRecord), () =>
    db.select({ n: count() }).from(flowPrintRecords).innerJoin(flowInstances, instanceJoin).where(where),
  );
}
