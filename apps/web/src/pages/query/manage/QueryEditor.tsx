import { CUSTOM_QUERY_OPERATIONS, type CustomQuery, type CustomQueryInput } from '@eip/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Divider, Form, Input, Modal, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';

const EMPTY: Partial<CustomQueryInput> = {
  params: [],
  conditions: [],
  columns: [],
  sorter: [],
  views: [{ alias: 'list', name: '', columns: [] }],
};

/** A list of rows edited inline: each row's inputs, a remove button, and an add button below. */
function Rows({
  name,
  label,
  fresh,
  row,
}: {
  name: string;
  label: string;
  fresh: object;
  row: (field: number) => React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Divider titlePlacement="start" plain>
        {label}
      </Divider>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} wrap align="start">
                {row(field.name)}
                <Button onClick={() => remove(field.name)}>{t('template.query.removeRow')}</Button>
              </Space>
            ))}
            <Button type="dashed" onClick={() => add(fresh)}>
              {t('template.query.addRow')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}

/**
 * Creates or changes a custom query: a business object, its result columns, parameters, filter conditions
 * (operation and a parameter or a fixed value), sort and views — fields picked from the object, no SQL.
 */
export function QueryEditor({
  query,
  onClose,
}: {
  query: CustomQuery | null;
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CustomQueryInput>();
  const boAlias = Form.useWatch('boAlias', form) ?? query?.boAlias;
  const params = (Form.useWatch('params', form) ?? []) as CustomQueryInput['params'];
  const columns = (Form.useWatch('columns', form) ?? []) as string[];
  const templates = useQuery({
    queryKey: ['template', 'all'],
    queryFn: () => call('listDataTemplates', { body: { pageBean: { pageSize: 100 } } }),
  });
  const bo = useQuery({
    queryKey: ['bo', boAlias],
    queryFn: () => call('getBoDefJson', { query: { id: boAlias! } }),
    enabled: Boolean(boAlias),
  });
  const save = useMutation({
    mutationFn: (values: CustomQueryInput) =>
      call('customQuerySave', { body: { ...values, ...(query ? { id: query.id } : {}) } }),
    onSuccess: () => {
      toast.success(t('template.query.saved'));
      onClose(true);
    },
  });
  const fieldOptions = (bo.data?.fields ?? []).map((f) => ({ value: f.name, label: f.label }));
  const columnOptions = fieldOptions.filter((o) => columns.includes(o.value));
  const bos = [...new Set((templates.data?.rows ?? []).map((r) => r.boAlias))];
  const required = [{ required: true }];
  return (
    <Modal
      open
      width={900}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
      title={query ? query.name : t('template.query.add')}
      okText={t('template.query.ok')}
      cancelText={t('template.query.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={query ?? EMPTY}
        onFinish={(values) => save.mutate({ ...EMPTY, ...values } as CustomQueryInput)}
      >
        <Space wrap>
          <Form.Item name="alias" label={t('template.query.alias')} rules={required}>
            <Input disabled={Boolean(query)} />
          </Form.Item>
          <Form.Item name="name" label={t('template.query.name')} rules={required}>
            <Input />
          </Form.Item>
          <Form.Item name="boAlias" label={t('template.query.bo')} rules={required}>
            <Select
              style={{ minWidth: 160 }}
              options={bos.map((alias) => ({ value: alias, label: alias }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="columns" label={t('template.query.columns')} rules={required}>
          <Select mode="multiple" options={fieldOptions} />
        </Form.Item>
        <Rows
          name="params"
          label={t('template.query.paramList')}
          fresh={{ type: 'string' }}
          row={(i) => (
            <>
              <Form.Item name={[i, 'name']} rules={required}>
                <Input placeholder={t('template.query.paramName')} />
              </Form.Item>
              <Form.Item name={[i, 'label']} rules={required}>
                <Input placeholder={t('template.query.paramLabel')} />
              </Form.Item>
              <Form.Item name={[i, 'type']}>
                <Select
                  style={{ width: 100 }}
                  options={(['string', 'number', 'date'] as const).map((type) => ({
                    value: type,
                    label: t(
                      `template.query.type${type === 'string' ? 'String' : type === 'number' ? 'Number' : 'Date'}`,
                    ),
                  }))}
                />
              </Form.Item>
              <Form.Item name={[i, 'required']} valuePropName="checked">
                <Checkbox>{t('template.query.required')}</Checkbox>
              </Form.Item>
            </>
          )}
        />
        <Rows
          name="conditions"
          label={t('template.query.conditions')}
          fresh={{ operation: 'EQUAL' }}
          row={(i) => (
            <>
              <Form.Item name={[i, 'field']} rules={required}>
                <Select
                  style={{ width: 140 }}
                  placeholder={t('template.query.field')}
                  options={fieldOptions}
                />
              </Form.Item>
              <Form.Item name={[i, 'operation']}>
                <Select
                  style={{ width: 140 }}
                  options={CUSTOM_QUERY_OPERATIONS.map((op) => ({ value: op, label: op }))}
                />
              </Form.Item>
              <Form.Item name={[i, 'param']}>
                <Select
                  allowClear
                  style={{ width: 140 }}
                  placeholder={t('template.query.valueFrom')}
                  options={params.filter(Boolean).map((p) => ({ value: p.name, label: p.label || p.name }))}
                />
              </Form.Item>
              <Form.Item name={[i, 'value']}>
                <Input placeholder={t('template.query.fixedValue')} />
              </Form.Item>
            </>
          )}
        />
        <Rows
          name="sorter"
          label={t('template.query.sortField')}
          fresh={{ direction: 'ASC' }}
          row={(i) => (
            <>
              <Form.Item name={[i, 'property']} rules={required}>
                <Select style={{ width: 160 }} options={columnOptions} />
              </Form.Item>
              <Form.Item name={[i, 'direction']}>
                <Select
                  style={{ width: 100 }}
                  options={[
                    { value: 'ASC', label: t('template.query.asc') },
                    { value: 'DESC', label: t('template.query.desc') },
                  ]}
                />
              </Form.Item>
            </>
          )}
        />
        <Rows
          name="views"
          label={t('template.query.views')}
          fresh={{ columns: [] }}
          row={(i) => (
            <>
              <Form.Item name={[i, 'alias']} rules={required}>
                <Input placeholder={t('template.query.viewAlias')} />
              </Form.Item>
              <Form.Item name={[i, 'name']} rules={required}>
                <Input placeholder={t('template.query.viewName')} />
              </Form.Item>
              <Form.Item name={[i, 'columns']} rules={required}>
                <Select mode="multiple" style={{ minWidth: 240 }} options={columnOptions} />
              </Form.Item>
            </>
          )}
        />
      </Form>
    </Modal>
  );
}
