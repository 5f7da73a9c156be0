import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import type { TaskRow } from '../../../components/approval/types';
import { taskFormPath } from '../shared/links';
import { MatterList } from '../shared/MatterList';
import { taskColumns } from '../shared/taskColumns';
import { useListCount } from '../shared/listCounts';
import { BatchApproval } from './components/BatchApproval';

const open = (task: TaskRow) => taskFormPath(task.procInstId, task.taskId);

/** 待办事项 (menu component myTask): the tasks waiting for the user, with batch approval. */
export function MyTaskPage() {
  const { t } = useTranslation();
  const count = useListCount('todo');
  return (
    <MatterList<TaskRow>
      name="todo"
      title={t('approval.menu.myTask')}
      count={count}
      fetchPage={(body) => call('getTodoList', { body })}
      rowKey={(task) => task.taskId}
      openPath={open}
      columns={taskColumns(t, open)}
      toolbar={(chosen, clear) => <BatchApproval chosen={chosen} clear={clear} />}
    />
  );
}
