import type { DataTemplate, QueryField, RouteValue } from '@eip/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import type { TableProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call, callBlob } from '../../../api/client';
import { saveBlob } from '../../../components/attachments/attachments';
import { useTablePaging } from '../../../components/table/useTablePaging';
import { toast } from '../../../app/feedback';
import { PageLoading } from '../../../app/status';
import { BatchUpdateDialog } from './BatchUpdateDialog';
import { ImportDialog } from './ImportDialog';
import {
  displayValue,
  fieldOf,
  startFlowPath,
  templateKeys,
  useDictionaries,
  useTemplateAlias,
  useTemplateInfo,
  type Row,
} from '../shared/data';

type Listed = RouteValue<'templateDataList'>['rows'][number];

/** The filter form's values as QueryFilter conditions (LIKE, EQUAL, BETWEEN of the template). */
function conditionsOf(template: DataTemplate, values: Record<string, unknown>): QueryField[] {
  return template.conditions.flatMap(({ field, operation }): QueryField[] => {
    const value = values[field];
    if (value === undefined || value === null || value === '') return [];
    if (operation === 'BETWEEN') {
      const [from, to] = value as [Dayjs, Dayjs];
      return [{ property: field, operation, value: [from.format('YYYY-MM-DD'), to.format('YYYY-MM-DD')] }];
    }
    return [{ property: field, operation, value: value as string }];
  });
}

/**
 * A data template's records (menu component TemplateLayout, and /templatePreview/{templateKey}/…): filter,
 * sort, page, and the buttons the caller may use — add, edit, details, copy, delete, batch update, start a flow
 * from a record (发起流程).
 */
export function TemplateListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const alias = useTemplateAlias();
  const info = useTemplateInfo(alias);
  const dicts = useDictionaries(info.data?.bo);
  const [form] = Form.useForm();
  const [querys, setQuerys] = useState<QueryField[]>([]);
  const { page, sort, onChange, firstPage } = useTablePaging<Listed>(10);
  const [selected, setSelected] = useState<string[]>([]);
  const [batchOpen, setBatchOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const template = info.data?.template;
  const rows = useQuery({
    queryKey: [...templateKeys.rows(alias ?? ''), querys, page, sort],
    queryFn: () =>
      call('templateDataList', {
        params: { alias: alias! },
        body: {
          querys,
          pageBean: { ...page, showTotal: true },
          sorter: sort ? [sort] : (template?.sorter ?? []),
        },
      }),
    enabled: Boolean(alias && template),
    placeholderData: (previous) => previous,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: templateKeys.rows(alias ?? '') });
  const remove = useMutation({
    mutationFn: (ids: string[]) =>
      call('boDel', {
        params: { boAlias: template!.boAlias },
        query: { ids: ids.join(','), formKey: template!.formKey },
      }),
    onSuccess: () => {
      toast.success(t('template.deleted'));
      setSelected([]);
      void refresh();
    },
  });
  const exportFile = useMutation({
    mutationFn: async (ids: string[] | null) => {
      const body = ids ? { templateAlias: alias!, ids } : { templateAlias: alias!, filter: { querys } };
      saveBlob(await callBlob('exportData', { body }), `${template!.name}.xlsx`);
    },
  });
  const copy = useMutation({
    mutationFn: (id: string) => call('boCopy', { body: { templateAlias: alias!, id } }),
    onSuccess: () => {
      toast.success(t('template.copied'));
      void refresh();
    },
  });

  if (info.isPending && alias) return <PageLoading />;
  if (!alias || info.isError || !info.data) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('template.failed')}
        action={<Button onClick={() => void info.refetch()}>{t('template.retry')}</Button>}
      />
    );
  }
  const { bo, permissions } = info.data;
  const tpl = info.data.template;
  const open = (action: string, id?: string) =>
    navigate(`/templateForm/${tpl.alias}/${action}${id ? `/${id}` : ''}`);
  const startPath = (id: string) => (permissions.startFlow ? startFlowPath(tpl, id) : null);

  const columns: TableProps<Listed>['columns'] = [
    ...tpl.columns.map((name) => {
      const field = fieldOf(bo, name);
      return {
        key: name,
        title: field?.label ?? name,
        sorter: true,
        sortOrder:
          sort?.property === name
            ? sort.direction === 'ASC'
              ? ('ascend' as const)
              : ('descend' as const)
            : null,
        align: field?.type === 'number' ? ('right' as const) : undefined,
        render: (_: unknown, row: Listed) => displayValue(field, (row.data as Row)[name], dicts),
      };
    }),
    {
      key: 'actions',
      title: t('template.actions'),
      fixed: 'right',
      render: (_, row) => (
        <Space size={4} wrap>
          {permissions.edit && (
            <Button size="small" type="link" onClick={() => open('edit', row.id)}>
              {t('template.edit')}
            </Button>
          )}
          {permissions.detail && (
            <Button size="small" type="link" onClick={() => open('get', row.id)}>
              {t('template.detail')}
            </Button>
          )}
          {permissions.copy && (
            <Button size="small" type="link" onClick={() => copy.mutate(row.id)}>
              {t('template.copy')}
            </Button>
          )}
          {startPath(row.id) && (
            <Button size="small" type="link" onClick={() => navigate(startPath(row.id)!)}>
              {t('template.startFlow')}
            </Button>
          )}
          {permissions.del && (
            <Popconfirm title={t('template.delOne')} onConfirm={() => remove.mutateAsync([row.id])}>
              <Button size="small" type="link" danger>
                {t('template.del')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12} style={{ padding: 16 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {tpl.name}
      </Typography.Title>
      <Form
        form={form}
        layout="inline"
        onFinish={(values: Record<string, unknown>) => {
          setQuerys(conditionsOf(tpl, values));
          firstPage();
        }}
      >
        {tpl.conditions.map(({ field: name, operation }) => {
          const field = fieldOf(bo, name);
          const label = field?.label ?? name;
          return (
            <Form.Item key={name} name={name} label={label} style={{ marginBottom: 8 }}>
              {operation === 'BETWEEN' ? (
                <DatePicker.RangePicker
                  style={{ maxWidth: '100%' }}
                  placeholder={[t('template.from'), t('template.to')]}
                />
              ) : field?.type === 'dict' && field.dict ? (
                <Select
                  allowClear
                  style={{ minWidth: 140 }}
                  options={(dicts.get(field.dict) ?? []).map((item) => ({
                    value: item.key,
                    label: item.name,
                  }))}
                />
              ) : (
                <Input allowClear placeholder={t('template.keyword', { label })} />
              )}
            </Form.Item>
          );
        })}
        <Form.Item style={{ marginBottom: 8 }}>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('template.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setQuerys([]);
              }}
            >
              {t('template.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space wrap>
        {permissions.add && (
          <Button type="primary" onClick={() => open('add')}>
            {t('template.add')}
          </Button>
        )}
        {permissions.batchUpdate && (
          <Button disabled={!selected.length} onClick={() => setBatchOpen(true)}>
            {t('template.batchUpdate')}
          </Button>
        )}
        {permissions.import && <Button onClick={() => setImportOpen(true)}>{t('template.import')}</Button>}
        {permissions.export && (
          <>
            <Button loading={exportFile.isPending} onClick={() => exportFile.mutate(null)}>
              {t('template.exportAll')}
            </Button>
            <Button disabled={!selected.length} onClick={() => exportFile.mutate(selected)}>
              {t('template.exportSelected')}
            </Button>
          </>
        )}
        {permissions.del && (
          <Popconfirm
            title={t('template.delConfirm', { count: selected.length })}
            disabled={!selected.length}
            onConfirm={() => remove.mutateAsync(selected)}
          >
            <Button danger disabled={!selected.length}>
              {t('template.del')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {rows.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('template.failed')}
          action={<Button onClick={() => void rows.refetch()}>{t('template.retry')}</Button>}
        />
      ) : (
        <Table<Listed>
          rowKey="id"
          size="middle"
          loading={rows.isFetching}
          columns={columns}
          dataSource={rows.data?.rows ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('template.empty') }}
          rowSelection={
            permissions.del || permissions.batchUpdate
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }
              : undefined
          }
          pagination={{
            current: page.page,
            pageSize: page.pageSize,
            total: rows.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (count) => t('template.total', { count }),
          }}
          onChange={onChange}
        />
      )}
      {importOpen && (
        <ImportDialog
          template={tpl}
          onClose={(imported) => {
            setImportOpen(false);
            if (imported) void refresh();
          }}
        />
      )}
      {batchOpen && (
        <BatchUpdateDialog
          template={tpl}
          bo={bo}
          dicts={dicts}
          ids={selected}
          onClose={(done) => {
            setBatchOpen(false);
            if (done) {
              setSelected([]);
              void refresh();
            }
          }}
        />
      )}
    </Flex>
  );
}
