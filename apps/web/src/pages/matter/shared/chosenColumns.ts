import {
  DEFAULT_TASK_LIST_COLUMNS,
  TASK_LIST_COLUMNS_ALIAS,
  parseTaskListColumns,
  type TaskListColumn,
} from '@eip/contracts/utils';
import { useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import { call } from '../../../api/client';

/** The query key of the tenant's task list columns (the setting page refreshes it after a save). */
export const taskListColumnsKey = ['sysProperty', TASK_LIST_COLUMNS_ALIAS] as const;

/**
 * The columns the tenant's administrator chose for the approval lists (system property taskListFiledConf),
 * in their order; every column while it loads or when the stored value cannot be read.
 */
export function useTaskListColumns(): readonly TaskListColumn[] {
  const stored = useQuery({
    queryKey: taskListColumnsKey,
    queryFn: () => call('getDecryptByAlias', { query: { alias: TASK_LIST_COLUMNS_ALIAS }, silent: true }),
    staleTime: 5 * 60_000,
  });
  return (stored.data && parseTaskListColumns(stored.data)) || DEFAULT_TASK_LIST_COLUMNS;
}

/** The columns `chosen` names, in its order; a list leaves out what it does not have. */
export const arrangeColumns = <Row>(
  columns: ColumnsType<Row>,
  chosen: readonly TaskListColumn[],
): ColumnsType<Row> => chosen.flatMap((key) => columns.filter((column) => column.key === key));
