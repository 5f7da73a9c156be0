import type { QueryField, QueryFilter } from '@eip/contracts';
import type { TableSort } from '../../../components/table/useTablePaging';

/** The query conditions a list offers (issue 5): subject, flow type and a time range. */
export interface ListConditions {
  subject?: string;
  /** The flow keys of the chosen flow type; empty or absent: every flow. */
  flowKeys?: string[];
  /** Local calendar days, inclusive, as `YYYY-MM-DD`. */
  range?: [string, string];
}

export interface ListPage {
  page: number;
  pageSize: number;
}

/** The start of a local day, or the last millisecond of it, as an ISO instant. */
function dayBoundary(day: string, end: boolean): string {
  const [year, month, date] = day.split('-').map(Number);
  const local = end
    ? new Date(year!, month! - 1, date!, 23, 59, 59, 999)
    : new Date(year!, month! - 1, date!, 0, 0, 0, 0);
  return local.toISOString();
}

/**
 * The QueryFilter of a list (reference "Responses and queries"): the subject as a LIKE, the flow type as IN on
 * the flow keys, the time range as BETWEEN whole local days on `timeProperty`, one sorter, the page.
 */
export function buildQueryFilter(
  conditions: ListConditions,
  page: ListPage,
  sort: TableSort | null,
  timeProperty = 'createTime',
): QueryFilter {
  const querys: QueryField[] = [];
  const subject = conditions.subject?.trim();
  if (subject) querys.push({ property: 'subject', value: subject, operation: 'LIKE', relation: 'AND' });
  if (conditions.flowKeys?.length) {
    querys.push({ property: 'procDefKey', value: conditions.flowKeys, operation: 'IN', relation: 'AND' });
  }
  if (conditions.range) {
    const [from, to] = conditions.range;
    querys.push({
      property: timeProperty,
      value: [dayBoundary(from, false), dayBoundary(to, true)],
      operation: 'BETWEEN',
      relation: 'AND',
    });
  }
  return {
    pageBean: { page: page.page, pageSize: page.pageSize, showTotal: true },
    querys,
    sorter: sort ? [sort] : [],
  };
}
