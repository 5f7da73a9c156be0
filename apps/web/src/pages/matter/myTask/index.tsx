import type { BATCH_APPROVE_METHOD } from '@eip/contracts';
import { taskFormPath } from '@eip/contracts/utils';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { useHasPermission } from '../../../app/permission';
import type { TodoRow } from '../../../components/approval/types';
import { useTaskListColumns } from '../shared/chosenColumns';
import { MatterList } from '../shared/MatterList';
import { taskColumns } from '../shared/taskColumns';
import { useListCount } from '../shared/listCounts';
import { BatchApproval } from './components/BatchApproval';

const open = (task: TodoRow) => taskFormPath(task.procInstId, task.taskId);

/** The method permission of batch approval, as the server names it. */
const BATCH_APPROVE: typeof BATCH_APPROVE_METHOD = 'flow:batchApprove';

/** 待办事项 (menu component myTask): the tasks waiting for the user, with batch approval for those who hold it. */
export function MyTaskPage() {
  const { t } = useTranslation();
  const count = useListCount('todo');
  const mayBatch = useHasPermission(BATCH_APPROVE);
  const chosen = useTaskListColumns();
  return (
    <MatterList<TodoRow>
      name="todo"
      title={t('approval.menu.myTask')}
      count={count}
      fetchPage={(body) => call('getTodoList', { body })}
      rowKey={(task) => task.taskId}
      openPath={open}
      columns={taskColumns(t, open, chosen)}
      toolbar={mayBatch ? (chosen, clear) => <BatchApproval chosen={chosen} clear={clear} /> : undefined}
    />
  );
}
