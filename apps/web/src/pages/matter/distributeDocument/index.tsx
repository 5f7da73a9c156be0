import type { RouteValue } from '@eip/contracts';
import { Segmented } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../../api/client';
import { formatTime } from '../../../components/approval/time';
import { MatterList } from '../shared/MatterList';
import { ReceivedDocument } from './ReceivedDocument';
import { SentDetail } from './SentDetail';
import { SignTag } from './SignTag';

type Box = 'received' | 'sent';
type ReceivedRow = RouteValue<'getProDishReceviceList'>['rows'][number];
type SentRow = RouteValue<'getProDishList'>['rows'][number];

const receivedPath = (dishId: string) => `/matter/distributeDocument?${new URLSearchParams({ dishId })}`;
const sentPath = (id: string) => `/matter/distributeDocument?${new URLSearchParams({ id })}`;

function ReceivedList({ header }: { header: ReactNode }) {
  const { t } = useTranslation();
  const columns: ColumnsType<ReceivedRow> = [
    {
      key: 'subject',
      title: t('approval.list.subject'),
      sorter: true,
      render: (_, row) => <Link to={receivedPath(row.id)}>{row.subject}</Link>,
    },
    {
      key: 'procDefName',
      dataIndex: 'procDefName',
      title: t('approval.list.flowName'),
      sorter: true,
      responsive: ['md'],
    },
    { key: 'senderName', dataIndex: 'senderName', title: t('approval.dish.sender'), sorter: true },
    {
      key: 'createTime',
      title: t('approval.dish.sentAt'),
      sorter: true,
      responsive: ['sm'],
      render: (_, row) => formatTime(row.createTime),
    },
    {
      key: 'signTime',
      title: t('approval.dish.signStatus'),
      sorter: true,
      render: (_, row) => <SignTag signTime={row.signTime} />,
    },
  ];
  return (
    <MatterList<ReceivedRow>
      name="dish-received"
      title={t('pages.distributeDocument')}
      header={header}
      fetchPage={(body) => call('getProDishReceviceList', { body })}
      rowKey={(row) => row.id}
      openPath={(row) => receivedPath(row.id)}
      columns={columns}
    />
  );
}

function SentList({ header }: { header: ReactNode }) {
  const { t } = useTranslation();
  const columns: ColumnsType<SentRow> = [
    {
      key: 'subject',
      title: t('approval.list.subject'),
      sorter: true,
      render: (_, row) => <Link to={sentPath(row.id)}>{row.subject}</Link>,
    },
    {
      key: 'targets',
      title: t('approval.dish.targets'),
      responsive: ['md'],
      render: (_, row) => row.targets.map((target) => target.name).join('、'),
    },
    {
      key: 'createTime',
      title: t('approval.dish.sentAt'),
      sorter: true,
      responsive: ['sm'],
      render: (_, row) => formatTime(row.createTime),
    },
    {
      key: 'signed',
      title: t('approval.dish.signStatus'),
      render: (_, row) => t('approval.dish.signedCount', { signed: row.signed, total: row.total }),
    },
  ];
  return (
    <MatterList<SentRow>
      name="dish-sent"
      title={t('pages.distributeDocument')}
      header={header}
      fetchPage={(body) => call('getProDishList', { body })}
      rowKey={(row) => row.id}
      openPath={(row) => sentPath(row.id)}
      columns={columns}
    />
  );
}

/** The lists: distributions the user received (签收 status) and those they sent (how many signed). */
function DishLists() {
  const { t } = useTranslation();
  const [box, setBox] = useState<Box>('received');
  const header = (
    <Segmented<Box>
      value={box}
      onChange={setBox}
      options={[
        { value: 'received', label: t('approval.dish.received') },
        { value: 'sent', label: t('approval.dish.sentBox') },
      ]}
    />
  );
  return box === 'received' ? <ReceivedList header={header} /> : <SentList header={header} />;
}

/**
 * `/matter/distributeDocument` (分发文件): the lists; `?dishId` a received document to read and sign for;
 * `?id` one the user sent, with who signed for it and who has not.
 */
export function DistributeDocumentPage() {
  const [params] = useSearchParams();
  const dishId = params.get('dishId');
  const id = params.get('id');
  if (dishId) return <ReceivedDocument key={dishId} dishId={dishId} />;
  if (id) return <SentDetail key={id} id={id} />;
  return <DishLists />;
}
