import type { CustomQuery } from '@eip/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Input, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { QueryEditor } from './QueryEditor';

/** The tenant's custom queries for administrators: search, create, edit, delete with confirmation. */
export function CustomQueryManagePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<CustomQuery | null | undefined>(undefined);
  const list = useQuery({
    queryKey: ['customQuery', 'list', search, page],
    queryFn: () =>
      call('customQueryList', {
        body: {
          pageBean: { page, pageSize: 10, showTotal: true },
          querys: search ? [{ property: 'name', operation: 'LIKE', value: search }] : [],
        },
      }),
    placeholderData: (previous) => previous,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['customQuery'] });
  const remove = useMutation({
    mutationFn: (id: string) => call('customQueryRemove', { query: { ids: id } }),
    onSuccess: () => {
      toast.success(t('template.query.deleted'));
      void refresh();
    },
  });
  return (
    <Flex vertical gap={12} style={{ padding: 16 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t('template.query.manage')}
      </Typography.Title>
      <Space wrap>
        <Input.Search
          allowClear
          aria-label={t('template.query.name')}
          placeholder={t('template.query.name')}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
        <Button type="primary" onClick={() => setEditing(null)}>
          {t('template.query.add')}
        </Button>
      </Space>
      {list.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('template.query.failed')}
          action={<Button onClick={() => void list.refetch()}>{t('template.query.retry')}</Button>}
        />
      ) : (
        <Table<CustomQuery>
          rowKey="id"
          size="middle"
          loading={list.isFetching}
          dataSource={list.data?.rows ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('template.query.empty') }}
          pagination={{ current: page, pageSize: 10, total: list.data?.total ?? 0, onChange: setPage }}
          columns={[
            { key: 'alias', dataIndex: 'alias', title: t('template.query.alias') },
            { key: 'name', dataIndex: 'name', title: t('template.query.name') },
            { key: 'bo', dataIndex: 'boAlias', title: t('template.query.bo') },
            {
              key: 'actions',
              title: t('template.actions'),
              render: (_, row) => (
                <Space size={4}>
                  <Button size="small" type="link" onClick={() => setEditing(row)}>
                    {t('template.query.edit')}
                  </Button>
                  <Popconfirm
                    title={t('template.query.delConfirm', { name: row.name })}
                    onConfirm={() => remove.mutateAsync(row.id)}
                  >
                    <Button size="small" type="link" danger>
                      {t('template.query.del')}
                    </Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      )}
      {editing !== undefined && (
        <QueryEditor
          query={editing}
          onClose={(saved) => {
            setEditing(undefined);
            if (saved) void refresh();
          }}
        />
      )}
    </Flex>
  );
}
