import Form from '@rjsf/antd';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { call } from '../../../api/client';
import { PageLoading } from '../../../app/status';
import { translateFormString } from '../../../components/schema-form/form-texts';
import { formValidator, transformErrors } from '../../../components/schema-form/validation';

/** /formPreview/{formId}: a form as its users will see it, to try out (nothing is saved). */
export function FormPreviewPage() {
  const { t } = useTranslation();
  const { formId = '' } = useParams();
  const [data, setData] = useState<Record<string, unknown>>({});
  const form = useQuery({
    queryKey: ['form', 'preview', formId],
    queryFn: () => call('previewDesignVue', { query: { formId } }),
  });
  if (form.isPending) return <PageLoading />;
  if (form.isError) return <Alert type="error" showIcon message={t('template.failed')} />;
  return (
    <Card style={{ maxWidth: 960, margin: '16px auto' }}>
      <Typography.Title level={1} style={{ fontSize: 20 }}>
        {t('template.formPreview')} · {form.data.name}
      </Typography.Title>
      <Form
        schema={form.data.schema as RJSFSchema}
        uiSchema={{ ...(form.data.uiSchema as UiSchema), 'ui:submitButtonOptions': { norender: true } }}
        formData={data}
        validator={formValidator}
        transformErrors={transformErrors}
        translateString={translateFormString}
        liveValidate
        showErrorList={false}
        onChange={(event) => setData((event.formData ?? {}) as Record<string, unknown>)}
      />
    </Card>
  );
}
