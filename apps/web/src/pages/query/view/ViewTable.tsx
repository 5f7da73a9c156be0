import type { CustomQuery, DictItem, QueryView, RouteValue } from '@eip/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Table } from 'antd';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callBlob } from '../../../api/client';
import { saveBlob } from '../../../components/attachments/attachments';
import { useTablePaging } from '../../../components/table/useTablePaging';
import { displayValue } from '../../template/shared/data';
import type { ParamValues } from '../shared/ParamForm';

type Row = RouteValue<'queryViewData'>['rows'][number];

/** One query view: its rows for the parameter values, paged and sorted on the server, and its export. */
export function ViewTable({
  query,
  view,
  params,
  dicts,
}: {
  query: CustomQuery;
  view: QueryView;
  params: ParamValues;
  dicts: Map<string, DictItem[]>;
}) {
  const { t } = useTranslation();
  const { page, sort, onChange, firstPage } = useTablePaging<Row>(10);
  // a new search starts from the first page (adjusted while rendering, not in an effect)
  const [searched, setSearched] = useState(params);
  if (searched !== params) {
    setSearched(params);
    firstPage();
  }
  const rows = useQuery({
    queryKey: ['queryView', query.alias, view.alias, params, page, sort],
    queryFn: () =>
      call('queryViewData', {
        params: { sqlAlias: query.alias, alias: view.alias },
        body: { params, pageBean: { ...page, showTotal: true }, sorter: sort ? [sort] : [] },
      }),
    placeholderData: (previous) => previous,
  });
  const exportFile = useMutation({
    mutationFn: async () => {
      const body = { sqlAlias: query.alias, alias: view.alias, params, ...(sort ? { sorter: [sort] } : {}) };
      saveBlob(await callBlob('queryViewExport', { body }), `${query.name}-${view.name}.xlsx`);
    },
  });
  const columns: TableProps<Row>['columns'] = view.columns.map((name) => {
    const field = query.fields.find((f) => f.name === name);
    return {
      key: name,
      title: field?.label ?? name,
      sorter: true,
      sortOrder: sort?.property === name ? (sort.direction === 'ASC' ? 'ascend' : 'descend') : null,
      align: field?.type === 'number' ? 'right' : undefined,
      render: (_: unknown, row: Row) => displayValue(field, row[name], dicts),
    };
  });
  if (rows.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('template.query.failed')}
        action={<Button onClick={() => void rows.refetch()}>{t('template.query.retry')}</Button>}
      />
    );
  }
  return (
    <Flex vertical gap={8}>
      <Flex justify="flex-end">
        <Button loading={exportFile.isPending} onClick={() => exportFile.mutate()}>
          {t('template.query.export')}
        </Button>
      </Flex>
      <Table<Row>
        rowKey={(row) => String(row.id)}
        size="middle"
        loading={rows.isFetching}
        columns={columns}
        dataSource={rows.data?.rows ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('template.query.empty') }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: rows.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (count) => t('template.query.total', { count }),
        }}
        onChange={onChange}
      />
    </Flex>
  );
}
