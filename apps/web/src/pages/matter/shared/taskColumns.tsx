import type { TaskListColumn } from '@eip/contracts/utils';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { InstanceStatusTag } from '../../../components/approval/status';
import { formatTime } from '../../../components/approval/time';
import type { TodoRow } from '../../../components/approval/types';
import { arrangeColumns } from './chosenColumns';
import { requestColumns } from './instanceColumns';

/**
 * The columns of a task list (todo, leader todo, delegated) the tenant chose, in its order; `open` is where
 * the subject links to.
 */
export function taskColumns<Row extends TodoRow>(
  t: TFunction,
  open: (task: Row) => string,
  chosen: readonly TaskListColumn[],
): ColumnsType<Row> {
  return arrangeColumns(
    [
      ...requestColumns<Row>(t, open, [
        { key: 'name', dataIndex: 'name', title: t('approval.list.node'), sorter: true },
      ]),
      {
        key: 'status',
        title: t('approval.list.status'),
        responsive: ['md'],
        render: (_, task) => <InstanceStatusTag status={task.instStatus} />,
      },
      {
        key: 'createTime',
        title: t('approval.list.arrivedAt'),
        sorter: true,
        responsive: ['sm'],
        render: (_, task) => formatTime(task.createTime),
      },
    ],
    chosen,
  );
}
