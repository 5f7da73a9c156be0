import type { RouteValue } from '@eip/contracts';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { InstanceStatusTag } from '../../../components/approval/status';
import { formatTime } from '../../../components/approval/time';
import { requestColumns } from '../shared/instanceColumns';
import { readonlyFormPath } from '@eip/contracts/utils';
import { MatterList } from '../shared/MatterList';
import { useListCount } from '../shared/listCounts';

type Collected = RouteValue<'myCollect'>['rows'][number];

const open = (row: Collected) => readonlyFormPath(row.id, 'collect');

/** 我的收藏 (menu component myCollect): the requests the user keeps at hand. */
export function MyCollectPage() {
  const { t } = useTranslation();
  const count = useListCount('myCollect');
  return (
    <MatterList<Collected>
      name="myCollect"
      title={t('approval.menu.myCollect')}
      count={count}
      fetchPage={(body) => call('myCollect', { body })}
      rowKey={(row) => row.id}
      openPath={open}
      columns={[
        ...requestColumns<Collected>(t, open),
        {
          key: 'status',
          title: t('approval.list.status'),
          sorter: true,
          render: (_, row) => <InstanceStatusTag status={row.status} />,
        },
        {
          key: 'collectTime',
          title: t('approval.list.collectTime'),
          sorter: true,
          responsive: ['sm'],
          render: (_, row) => formatTime(row.collectTime),
        },
      ]}
    />
  );
}
