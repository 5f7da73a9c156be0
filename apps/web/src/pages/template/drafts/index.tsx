import type { RouteValue } from '@eip/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client';
import { PageLoading } from '../../../app/status';
import {
  displayValue,
  fieldOf,
  useDictionaries,
  useTemplateAlias,
  useTemplateInfo,
  type Row,
} from '../shared/data';

type Draft = RouteValue<'templateDataList'>['rows'][number];

/** 模板草稿 (/templateDraftList/{tempAlias}/{dataViewFlag}): the caller's unsaved records of a template. */
export function TemplateDraftListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const alias = useTemplateAlias();
  const info = useTemplateInfo(alias);
  const dicts = useDictionaries(info.data?.bo);
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const drafts = useQuery({
    queryKey: ['template', alias, 'drafts', page],
    queryFn: () =>
      call('templateDataList', {
        params: { alias: alias! },
        body: { params: { draft: true }, pageBean: { ...page, showTotal: true } },
      }),
    enabled: Boolean(alias),
  });
  if (alias && info.isPending) return <PageLoading />;
  if (!info.data || drafts.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('template.failed')}
        action={<Button onClick={() => void drafts.refetch()}>{t('template.retry')}</Button>}
      />
    );
  }
  const { template, bo } = info.data;
  return (
    <Flex vertical gap={12} style={{ padding: 16 }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
          {t('template.drafts')} · {template.name}
        </Typography.Title>
        <Button type="primary" onClick={() => navigate(`/templateForm/${template.alias}/add`)}>
          {t('template.newRecord')}
        </Button>
      </Flex>
      <Table<Draft>
        rowKey="id"
        loading={drafts.isFetching}
        dataSource={drafts.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('template.draftsEmpty') }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: drafts.data?.total ?? 0,
          showTotal: (count) => t('template.total', { count }),
          onChange: (next, pageSize) => setPage({ page: next, pageSize }),
        }}
        columns={[
          ...template.columns.slice(0, 4).map((name) => ({
            key: name,
            title: fieldOf(bo, name)?.label ?? name,
            render: (_: unknown, row: Draft) =>
              displayValue(fieldOf(bo, name), (row.data as Row)[name], dicts),
          })),
          {
            key: 'updateTime',
            title: t('template.updateTime'),
            render: (_, row) => dayjs(row.updateTime).format('YYYY-MM-DD HH:mm'),
          },
          {
            key: 'actions',
            title: t('template.actions'),
            render: (_, row) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  onClick={() => navigate(`/templateForm/${template.alias}/add/${row.id}`)}
                >
                  {t('template.openDraft')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );
}
