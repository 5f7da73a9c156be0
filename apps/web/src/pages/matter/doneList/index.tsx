import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { instanceColumns } from '../shared/instanceColumns';
import { readonlyFormPath } from '@eip/contracts/utils';
import { useTaskListColumns } from '../shared/chosenColumns';
import { MatterList } from '../shared/MatterList';
import { formatTime } from '../../../components/approval/time';
import type { InstanceListRow } from '../../../components/approval/types';

const open = (row: InstanceListRow) => readonlyFormPath(row.id, 'done');

/** 已办事项 (menu component doneList): the requests the user has handled a task of. */
export function DoneListPage() {
  const { t } = useTranslation();
  const chosen = useTaskListColumns();
  return (
    <MatterList<InstanceListRow>
      name="done"
      title={t('approval.menu.doneList')}
      fetchPage={(body) => call('getDoneInstList', { query: {}, body })}
      rowKey={(row) => row.id}
      openPath={open}
      columns={instanceColumns<InstanceListRow>(t, open, chosen, [
        {
          key: 'handleTime',
          title: t('approval.list.handleTime'),
          responsive: ['md'],
          render: (_, row) => formatTime(row.handleTime),
        },
      ])}
    />
  );
}
