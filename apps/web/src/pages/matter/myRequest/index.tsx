import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { instanceColumns } from '../shared/instanceColumns';
import { readonlyFormPath } from '@eip/contracts/utils';
import { useTaskListColumns } from '../shared/chosenColumns';
import { MatterList } from '../shared/MatterList';
import type { InstanceListRow } from '../../../components/approval/types';

const open = (row: InstanceListRow) => readonlyFormPath(row.id, 'request');

/** 我的请求 (menu component myRequest): the requests the user started. */
export function MyRequestPage() {
  const { t } = useTranslation();
  const chosen = useTaskListColumns();
  return (
    <MatterList<InstanceListRow>
      name="myRequest"
      title={t('approval.menu.myRequest')}
      fetchPage={(body) => call('myRequest', { body })}
      rowKey={(row) => row.id}
      openPath={open}
      columns={instanceColumns<InstanceListRow>(t, open, chosen)}
    />
  );
}
