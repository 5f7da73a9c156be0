import type { Column, ColumnSave } from '@eip/contracts';
import {
  ALIAS_PATTERN,
  CALL_KINDS,
  COLUMN_AUDIENCES,
  COLUMN_LIMITS,
  COLUMN_PROVIDERS,
  HOME_GRID,
  PROVIDER_KINDS,
  type ColumnKind,
  type ColumnProvider,
} from '@eip/contracts/home';
import { parseRequestHeaderText } from '@eip/contracts/utils';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { homeKeys } from '../data';
import { useAudienceOptions } from './directory';

type Values = Omit<ColumnSave, 'dataParam'> & { dataParam?: { name: string; value: string }[] };

const initialValues = (column: Column | null): Values =>
  column
    ? { ...column, refreshSeconds: column.refreshSeconds ?? null }
    : {
        alias: '',
        name: '',
        kind: 'list',
        dataMode: 'provider',
        dataFrom: 'todoCard',
        requestType: 'GET',
        dataParam: [],
        audience: 'all',
        colHeight: 5,
        roleIds: [],
        orgIds: [],
        postIds: [],
      };

/**
 * A column to make or change: its name and alias, where its data comes from (a provider, or one of the
 * portal's own calls with parameters and request headers — text that is not JSON is refused with spec
 * §5's message before anything is sent), how it shows, who sees it.
 */
export function ColumnForm({ column, onDone }: { column: Column | null; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const audience = useAudienceOptions();
  const dataMode = Form.useWatch('dataMode', form) ?? initialValues(column).dataMode;
  const dataFrom = Form.useWatch('dataFrom', form) ?? initialValues(column).dataFrom;
  const kind = Form.useWatch('kind', form) ?? initialValues(column).kind;
  const who = Form.useWatch('audience', form) ?? initialValues(column).audience;
  const kinds: readonly ColumnKind[] =
    dataMode === 'call' ? CALL_KINDS : (PROVIDER_KINDS[dataFrom as ColumnProvider] ?? []);

  const save = useMutation({
    mutationFn: (values: Values) =>
      call('saveColumn', {
        body: {
          ...values,
          ...(column ? { id: column.id, updateTime: column.updateTime } : {}),
          requestType: values.requestType ?? 'GET',
          dataParam: values.dataParam ?? [],
        },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: homeKeys.all });
      toast.success(t('portal.columns.saved'));
      onDone();
    },
  });

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={initialValues(column)}
      onFinish={(values) => save.mutate(values)}
      onValuesChange={(changed: Partial<Values>) => {
        if (changed.dataMode === 'call') form.setFieldsValue({ dataFrom: '', kind: 'list' });
        if (changed.dataMode === 'provider') form.setFieldsValue({ dataFrom: 'todoCard', kind: 'list' });
        if (changed.dataFrom && form.getFieldValue('dataMode') === 'provider')
          form.setFieldsValue({ kind: PROVIDER_KINDS[changed.dataFrom as ColumnProvider]?.[0] ?? 'list' });
      }}
    >
      <Form.Item
        name="name"
        label={t('portal.columns.name')}
        rules={[{ required: true, whitespace: true, message: t('portal.columns.nameRequired') }]}
      >
        <Input maxLength={COLUMN_LIMITS.name} />
      </Form.Item>
      <Form.Item
        name="alias"
        label={t('portal.columns.alias')}
        rules={[
          { required: true, message: t('portal.columns.aliasRequired') },
          { pattern: new RegExp(ALIAS_PATTERN), message: t('portal.design.aliasRule') },
        ]}
      >
        <Input maxLength={COLUMN_LIMITS.alias} />
      </Form.Item>
      <Form.Item name="dataMode" label={t('portal.columns.dataMode')}>
        <Radio.Group
          options={(['provider', 'call'] as const).map((mode) => ({
            value: mode,
            label: t(`portal.columns.modes.${mode}`),
          }))}
        />
      </Form.Item>
      {dataMode === 'provider' ? (
        <Form.Item name="dataFrom" label={t('portal.columns.dataFrom')}>
          <Select
            options={COLUMN_PROVIDERS.map((provider) => ({
              value: provider,
              label: t(`portal.providers.${provider}`),
            }))}
          />
        </Form.Item>
      ) : (
        <>
          <Form.Item
            name="dataFrom"
            label={t('portal.columns.callPath')}
            extra={t('portal.columns.callPathHint')}
            rules={[{ required: true, message: t('portal.columns.callPathRequired') }]}
          >
            <Input placeholder="${bpmRunTime}/task/v1/getTodoCount" />
          </Form.Item>
          <Form.Item name="requestType" label={t('portal.columns.requestType')}>
            <Radio.Group options={['GET', 'POST']} />
          </Form.Item>
          <Form.Item
            name="requestHeader"
            label={t('portal.columns.requestHeader')}
            rules={[
              {
                validator: (_rule, value: string | null | undefined) =>
                  parseRequestHeaderText(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('portal.columns.headerInvalid'))),
              },
            ]}
          >
            <Input.TextArea rows={3} placeholder='{"X-Source": "portal"}' maxLength={COLUMN_LIMITS.header} />
          </Form.Item>
        </>
      )}
      {(dataMode === 'call' || dataFrom !== 'html') && (
        <Form.List name="dataParam">
          {(fields, { add, remove }) => (
            <Form.Item
              label={t(
                dataFrom === 'links' && dataMode === 'provider'
                  ? 'portal.columns.links'
                  : 'portal.columns.params',
              )}
            >
              <Flex vertical gap="small">
                {fields.map((field) => (
                  <Flex key={field.key} gap="small" align="start">
                    <Form.Item
                      name={[field.name, 'name']}
                      noStyle
                      rules={[{ required: true, message: t('portal.columns.paramNameRequired') }]}
                    >
                      <Input
                        aria-label={t('portal.columns.paramName')}
                        placeholder={t('portal.columns.paramName')}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'value']} noStyle>
                      <Input
                        aria-label={t('portal.columns.paramValue')}
                        placeholder={t('portal.columns.paramValue')}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined aria-hidden />}
                      aria-label={t('portal.columns.removeParam')}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ name: '', value: '' })}>
                  {t('portal.columns.addParam')}
                </Button>
              </Flex>
            </Form.Item>
          )}
        </Form.List>
      )}
      <Form.Item name="kind" label={t('portal.columns.kind')}>
        <Select options={kinds.map((value) => ({ value, label: t(`portal.kinds.${value}`) }))} />
      </Form.Item>
      {kind === 'html' && (
        <Form.Item name="templateHtml" label={t('portal.columns.html')}>
          <Input.TextArea rows={5} maxLength={COLUMN_LIMITS.html} />
        </Form.Item>
      )}
      <Form.Item name="moreUrl" label={t('portal.columns.moreUrl')}>
        <Input placeholder="/matter/myTask" />
      </Form.Item>
      <Flex gap="middle">
        <Form.Item name="colHeight" label={t('portal.columns.colHeight')}>
          <InputNumber min={2} max={HOME_GRID.maxH} precision={0} />
        </Form.Item>
        <Form.Item name="refreshSeconds" label={t('portal.columns.refreshSeconds')}>
          <InputNumber min={30} max={86_400} precision={0} />
        </Form.Item>
      </Flex>
      <Form.Item name="audience" label={t('portal.columns.audience')}>
        <Radio.Group
          options={COLUMN_AUDIENCES.map((value) => ({
            value,
            label: t(`portal.columns.audiences.${value}`),
          }))}
        />
      </Form.Item>
      {who === 'part' &&
        (['roleIds', 'orgIds', 'postIds'] as const).map((field) => (
          <Form.Item key={field} name={field} label={t(`portal.columns.${field}`)}>
            <Select
              mode="multiple"
              showSearch={{ optionFilterProp: 'label' }}
              loading={audience.loading}
              options={
                field === 'roleIds' ? audience.roles : field === 'orgIds' ? audience.orgs : audience.posts
              }
            />
          </Form.Item>
        ))}
      <Flex gap="small" justify="end">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('portal.columns.save')}
        </Button>
      </Flex>
    </Form>
  );
}
