import type { TaskListColumn } from '@eip/contracts/utils';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { InstanceStatusTag } from '../../../components/approval/status';
import { formatTime } from '../../../components/approval/time';
import type { InstanceListRow } from '../../../components/approval/types';
import { arrangeColumns } from './chosenColumns';

interface RequestFields {
  subject: string;
  procDefName: string;
  creator: string;
}

/** Subject (a link to `open`), flow name and initiator: the columns every approval list starts with. */
export function requestColumns<Row extends RequestFields>(
  t: TFunction,
  open: (row: Row) => string,
  afterSubject: ColumnsType<Row> = [],
): ColumnsType<Row> {
  return [
    {
      key: 'subject',
      title: t('approval.list.subject'),
      sorter: true,
      render: (_, row) => <Link to={open(row)}>{row.subject}</Link>,
    },
    ...afterSubject,
    {
      key: 'procDefName',
      dataIndex: 'procDefName',
      title: t('approval.list.flowName'),
      sorter: true,
      responsive: ['md'],
    },
    {
      key: 'creator',
      dataIndex: 'creator',
      title: t('approval.list.creator'),
      sorter: true,
      responsive: ['sm'],
    },
  ];
}

/**
 * The columns of an instance list (done, my requests) the tenant chose, in its order; `open` is where the
 * subject links to, `handled` the done list's column of when the user handled it.
 */
export function instanceColumns<Row extends InstanceListRow>(
  t: TFunction,
  open: (row: Row) => string,
  chosen: readonly TaskListColumn[],
  handled: ColumnsType<Row> = [],
): ColumnsType<Row> {
  return arrangeColumns(
    [
      ...requestColumns(t, open),
      {
        key: 'status',
        title: t('approval.list.status'),
        sorter: true,
        render: (_, row) => <InstanceStatusTag status={row.status} />,
      },
      {
        key: 'createTime',
        title: t('approval.list.createTime'),
        sorter: true,
        responsive: ['sm'],
        render: (_, row) => formatTime(row.createTime),
      },
      ...handled,
      {
        key: 'endTime',
        title: t('approval.list.endTime'),
        responsive: ['lg'],
        render: (_, row) => formatTime(row.endTime),
      },
    ],
    chosen,
  );
}
