import { Descriptions, Empty, Skeleton } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../../app/lazy';
import type { FormDefinition, SchemaFormProps } from '../../../../components/schema-form/SchemaForm';

// react-jsonschema-form and its validator load only for flows that have a form.
const SchemaForm = lazyNamed(() => import('../../../../components/schema-form/SchemaForm'), 'SchemaForm');

const display = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/**
 * The business data of a request: its form with the node's field permissions, or, for a flow without a
 * form, the data as label and value.
 */
export function FormSection(props: Omit<SchemaFormProps, 'form'> & { form: FormDefinition | null }) {
  const { form, data } = props;
  const { t } = useTranslation();
  if (form) {
    return (
      <Suspense fallback={<Skeleton active />}>
        <SchemaForm {...props} form={form} />
      </Suspense>
    );
  }
  const entries = Object.entries(data);
  if (!entries.length) return <Empty description={t('approval.form.noFormData')} />;
  return (
    <Descriptions bordered size="small" column={{ xs: 1, sm: 1, md: 2 }}>
      {entries.map(([key, value]) => (
        <Descriptions.Item key={key} label={key}>
          {display(value)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}
