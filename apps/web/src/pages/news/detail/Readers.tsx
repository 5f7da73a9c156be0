import type { QueryFilter, RouteValue } from '@eip/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Progress, Segmented, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { contentKeys } from '../shared/kinds';
import { formatTime } from '../shared/time';

type Reader = RouteValue<'getNewsReaders'>['rows'][number];
type Who = 'notRead' | 'all';

/** For the publisher: how many of the audience have read the entry, and who has not yet. */
export function Readers({
  id,
  readCount,
  audienceCount,
}: {
  id: string;
  readCount: number;
  audienceCount: number;
}) {
  const { t } = useTranslation();
  const [who, setWho] = useState<Who>('notRead');
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const filter: QueryFilter = {
    pageBean: page,
    querys: who === 'notRead' ? [{ property: 'isRead', value: false }] : [],
  };
  const readers = useQuery({
    queryKey: contentKeys.readers(id, filter),
    queryFn: () => call('getNewsReaders', { query: { id }, body: filter }),
    placeholderData: keepPreviousData,
  });
  const columns: ColumnsType<Reader> = [
    { key: 'fullname', dataIndex: 'fullname', title: t('content.readers.name') },
    { key: 'account', dataIndex: 'account', title: t('content.readers.account'), responsive: ['sm'] },
    { key: 'orgName', dataIndex: 'orgName', title: t('content.readers.org'), responsive: ['md'] },
    {
      key: 'readTime',
      title: t('content.readers.readTime'),
      render: (_, reader) => (reader.isRead ? formatTime(reader.readTime) : t('content.unread')),
    },
  ];
  return (
    <Card
      title={
        <Typography.Title level={2} style={{ margin: 0, fontSize: 16 }}>
          {t('content.readers.title')}
        </Typography.Title>
      }
      size="small"
    >
      <Flex vertical gap="small">
        <Flex align="center" gap="middle" wrap>
          <Typography.Text>
            {t('content.readers.summary', { read: readCount, total: audienceCount })}
          </Typography.Text>
          <Progress
            percent={audienceCount ? Math.round((readCount / audienceCount) * 100) : 0}
            size="small"
            style={{ width: 160, margin: 0 }}
            aria-label={t('content.readers.summary', { read: readCount, total: audienceCount })}
          />
          <Segmented<Who>
            value={who}
            onChange={(value) => {
              setWho(value);
              setPage((current) => ({ ...current, page: 1 }));
            }}
            options={[
              { value: 'notRead', label: t('content.readers.notRead') },
              { value: 'all', label: t('content.readers.all') },
            ]}
          />
        </Flex>
        {readers.error && <Alert type="error" showIcon title={readers.error.message} />}
        <Table<Reader>
          size="small"
          rowKey="userId"
          columns={columns}
          loading={readers.isPending}
          dataSource={readers.data?.rows ?? []}
          locale={{
            emptyText: (
              <Empty
                description={who === 'notRead' ? t('content.readers.none') : t('content.empty.notice')}
              />
            ),
          }}
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total: readers.data?.total ?? 0,
            size: 'small',
            onChange: (current, pageSize) => setPage({ page: current, pageSize }),
          }}
        />
      </Flex>
    </Card>
  );
}
