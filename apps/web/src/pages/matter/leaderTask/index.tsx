import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import type { TaskRow } from '../../../components/approval/types';
import { taskFormPath } from '@eip/contracts/utils';
import { useTaskListColumns } from '../shared/chosenColumns';
import { MatterList } from '../shared/MatterList';
import { taskColumns } from '../shared/taskColumns';
import { useListCount } from '../shared/listCounts';

const open = (task: TaskRow) => taskFormPath(task.procInstId, task.taskId, task.leaderId);

/** 领导待办 (menu component leaderTask): a secretary's view of the tasks waiting for their leaders. */
export function LeaderTaskPage() {
  const { t } = useTranslation();
  const count = useListCount('leaderTodo');
  const chosen = useTaskListColumns();
  const leaders = useQuery({
    queryKey: ['approval', 'leaders'],
    queryFn: () => call('getSecretaryByUserId'),
    staleTime: 5 * 60_000,
  });
  const leaderName = (task: TaskRow) =>
    leaders.data?.leaders.find((leader) => leader.userId === task.leaderId)?.fullname ?? '';
  return (
    <MatterList<TaskRow>
      name="leaderTodo"
      title={t('approval.menu.leaderTask')}
      count={count}
      fetchPage={(body) => call('getLeaderTodoList', { body })}
      rowKey={(task) => `${task.leaderId ?? ''}:${task.taskId}`}
      openPath={open}
      columns={[
        ...taskColumns(t, open, chosen),
        { key: 'leader', title: t('approval.list.leader'), render: (_, task) => leaderName(task) },
      ]}
    />
  );
}
