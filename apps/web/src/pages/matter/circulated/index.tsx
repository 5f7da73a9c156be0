import { Segmented } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/client';
import { formatTime } from '../../../components/approval/time';
import type { NoticeRow } from '../../../components/approval/types';
import { readonlyFormPath } from '@eip/contracts/utils';
import { MatterList } from '../shared/MatterList';
import { useListCount } from '../shared/listCounts';

type Box = 'toRead' | 'read' | 'sent';

const LISTS = {
  toRead: 'getNoticeTodoReadList',
  read: 'getNoticeDoneReadList',
  sent: 'getMyNoticeReadList',
} as const;

/** A circulated request opens read-only; opening one to be read marks it read. */
const open = (notice: NoticeRow) =>
  readonlyFormPath(notice.procInstId, 'notice', notice.isRead ? undefined : notice.id);

/** 我的传阅 (menu component circulated): 待阅, 已阅, and the ones the user sent. */
export function CirculatedPage() {
  const { t } = useTranslation();
  const [box, setBox] = useState<Box>('toRead');
  const toRead = useListCount('noticeToRead');
  const sent = useListCount('noticeSent');
  const columns: ColumnsType<NoticeRow> = [
    {
      key: 'subject',
      title: t('approval.list.subject'),
      sorter: true,
      render: (_, notice) => <Link to={open(notice)}>{notice.subject}</Link>,
    },
    {
      key: 'procDefName',
      dataIndex: 'procDefName',
      title: t('approval.list.flowName'),
      sorter: true,
      responsive: ['md'],
    },
    box === 'sent'
      ? { key: 'receiverName', dataIndex: 'receiverName', title: t('approval.notice.receiver'), sorter: true }
      : { key: 'senderName', dataIndex: 'senderName', title: t('approval.notice.sender'), sorter: true },
    { key: 'opinion', dataIndex: 'opinion', title: t('approval.notice.message'), responsive: ['lg'] },
    {
      key: 'createTime',
      title: t('approval.notice.sentAt'),
      sorter: true,
      responsive: ['sm'],
      render: (_, notice) => formatTime(notice.createTime),
    },
    ...(box === 'toRead'
      ? []
      : [
          {
            key: 'readTime',
            title: t('approval.notice.readAt'),
            sorter: true,
            responsive: ['md' as const],
            render: (_: unknown, notice: NoticeRow) => formatTime(notice.readTime),
          },
        ]),
  ];
  return (
    <MatterList<NoticeRow>
      key={box}
      name={`notice-${box}`}
      title={t('approval.menu.circulated')}
      count={box === 'toRead' ? toRead : box === 'sent' ? sent : undefined}
      header={
        <Segmented<Box>
          value={box}
          onChange={setBox}
          options={[
            { value: 'toRead', label: t('approval.notice.toRead', { count: toRead ?? 0 }) },
            { value: 'read', label: t('approval.notice.read') },
            { value: 'sent', label: t('approval.notice.sent') },
          ]}
        />
      }
      fetchPage={(body) => call(LISTS[box], { body })}
      rowKey={(notice) => notice.id}
      openPath={open}
      columns={columns}
    />
  );
}
