import type { DataTemplate, RouteValue } from '@eip/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../../api/client';
import { InstanceStatusTag } from '../../../components/approval/status';
import { templateKeys } from '../shared/data';

type Request = RouteValue<'getRecordRequests'>[number];

const requestPath = (instId: string) =>
  `/matter/approvalForm?${new URLSearchParams({ instId, isReadonly: 'true' }).toString()}`;

/** The requests started from a record (those the user may see), each opening its read-only form. */
export function RecordRequests({ template, recordId }: { template: DataTemplate; recordId: string }) {
  const { t } = useTranslation();
  const requests = useQuery({
    queryKey: templateKeys.requests(recordId),
    queryFn: () =>
      call('getRecordRequests', {
        query: { businessKey: recordId, boAlias: template.boAlias, templateAlias: template.alias },
        silent: true,
      }),
  });
  return (
    <section aria-label={t('template.requests')}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('template.requests')}
      </Typography.Title>
      {requests.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('template.failed')}
          action={<Button onClick={() => void requests.refetch()}>{t('template.retry')}</Button>}
        />
      ) : (
        <Table<Request>
          rowKey="id"
          size="small"
          loading={requests.isPending}
          dataSource={requests.data ?? []}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('template.requestsEmpty')} />
            ),
          }}
          columns={[
            {
              key: 'subject',
              title: t('template.requestSubject'),
              render: (_, row) => <Link to={requestPath(row.id)}>{row.subject}</Link>,
            },
            {
              key: 'status',
              title: t('template.requestStatus'),
              render: (_, row) => <InstanceStatusTag status={row.status} />,
            },
            { key: 'creator', title: t('template.requestCreator'), dataIndex: 'creator' },
            {
              key: 'createTime',
              title: t('template.requestTime'),
              render: (_, row) => dayjs(row.createTime).format('YYYY-MM-DD HH:mm'),
            },
          ]}
        />
      )}
    </section>
  );
}
