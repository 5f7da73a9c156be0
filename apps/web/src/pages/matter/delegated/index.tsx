import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import type { TaskRow } from '../../../components/approval/types';
import { readonlyFormPath } from '@eip/contracts/utils';
import { useTaskListColumns } from '../shared/chosenColumns';
import { MatterList } from '../shared/MatterList';
import { taskColumns } from '../shared/taskColumns';
import { useListCount } from '../shared/listCounts';

const open = (task: TaskRow) => readonlyFormPath(task.procInstId, 'delegated');

/** 我的委托 (menu component delegated): the tasks the user handed over to someone else. */
export function DelegatedPage() {
  const { t } = useTranslation();
  const count = useListCount('delegated');
  const chosen = useTaskListColumns();
  return (
    <MatterList<TaskRow>
      name="delegated"
      title={t('approval.menu.delegated')}
      count={count}
      fetchPage={(body) => call('getDelegate', { body })}
      rowKey={(task) => task.taskId}
      openPath={open}
      columns={[
        ...taskColumns(t, open, chosen),
        { key: 'assignee', title: t('approval.list.assignee'), render: (_, task) => task.assigneeName ?? '' },
      ]}
    />
  );
}
