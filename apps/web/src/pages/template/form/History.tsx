import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, List, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { FieldChangesTable } from '../../../components/field-changes/FieldChangesTable';
import { templateKeys } from '../shared/data';

/** 修改记录: who changed which fields of the record, from what to what, newest first. */
export function History({ refId }: { refId: string }) {
  const { t } = useTranslation();
  const history = useQuery({
    queryKey: templateKeys.history(refId),
    queryFn: () =>
      call('listModifyRecords', { body: { params: { refId }, pageBean: { page: 1, pageSize: 50 } } }),
  });
  if (history.isError) return <Alert type="error" showIcon message={t('template.failed')} />;
  return (
    <section aria-label={t('template.history')} data-history>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {t('template.history')}
      </Typography.Title>
      <List
        loading={history.isPending}
        dataSource={history.data?.rows ?? []}
        locale={{ emptyText: <Empty description={t('template.historyEmpty')} /> }}
        renderItem={(record) => (
          <List.Item key={record.id} style={{ display: 'block' }}>
            <Typography.Text type="secondary">
              {t('template.changedBy', {
                name: record.userName,
                time: dayjs(record.createTime).format('YYYY-MM-DD HH:mm:ss'),
              })}
            </Typography.Text>
            <FieldChangesTable changes={record.changes} />
          </List.Item>
        )}
      />
    </section>
  );
}
