import type { QueryParam } from '@eip/contracts';
import { Button, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

export type ParamValues = Record<string, string | number>;

/** The form's values as the query takes them: dates as YYYY-MM-DD, empty ones left out. */
export function paramValues(params: QueryParam[], values: Record<string, unknown>): ParamValues {
  const result: ParamValues = {};
  for (const param of params) {
    const value = values[param.name];
    if (value === undefined || value === null || value === '') continue;
    if (param.type === 'date') result[param.name] = (value as Dayjs).format('YYYY-MM-DD');
    else if (param.type === 'number') result[param.name] = Number(value);
    else result[param.name] = String(value).trim();
  }
  return result;
}

/** The parameters of a custom query as a search form: text, number or date inputs, required ones marked. */
export function ParamForm({
  params,
  onSearch,
}: {
  params: QueryParam[];
  onSearch: (values: ParamValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      layout="inline"
      aria-label={t('template.query.params')}
      onFinish={(values: Record<string, unknown>) => onSearch(paramValues(params, values))}
    >
      {params.map((param) => (
        <Form.Item
          key={param.name}
          name={param.name}
          label={param.label}
          rules={
            param.required
              ? [{ required: true, message: t('template.query.paramRequired', { label: param.label }) }]
              : []
          }
          style={{ marginBottom: 8 }}
        >
          {param.type === 'date' ? (
            <DatePicker aria-label={param.label} />
          ) : param.type === 'number' ? (
            <InputNumber aria-label={param.label} style={{ width: 140 }} />
          ) : (
            <Input aria-label={param.label} allowClear style={{ width: 180 }} />
          )}
        </Form.Item>
      ))}
      <Form.Item style={{ marginBottom: 8 }}>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('template.query.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('template.query.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
