import { computeBoData, type BoDef, type DictItem, type FieldError } from '@eip/contracts';
import Form from '@rjsf/antd';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { PageLoading } from '../../../app/status';
import { ReadableColors } from '../../../components/approval/ReadableColors';
import { CustomDialogWidget } from '../../../components/custom-dialog/CustomDialogWidget';
import { translateFormString } from '../../../components/schema-form/form-texts';
import '../../../components/schema-form/schema-form.css';
import { formValidator, transformErrors } from '../../../components/schema-form/validation';
import { startFlowPath, templateKeys, useDictionaries, useTemplateInfo, type Row } from '../shared/data';
import { History } from './History';
import { RecordRequests } from './RecordRequests';
import { SubTableGrid } from './SubTableGrid';

type Action = 'add' | 'edit' | 'get';
const isAction = (value: string | undefined): value is Action =>
  value === 'add' || value === 'edit' || value === 'get';

/** The form's main fields: sub-tables are left to their grids, dictionary fields become drop-downs. */
function mainSchema(schema: Record<string, unknown>, bo: BoDef, dicts: Map<string, DictItem[]>): RJSFSchema {
  const properties = { ...(schema.properties as Record<string, Record<string, unknown>>) };
  for (const sub of bo.subs) delete properties[sub.alias];
  for (const field of bo.fields) {
    const options = field.type === 'dict' && field.dict ? dicts.get(field.dict) : undefined;
    if (options?.length) {
      properties[field.name] = {
        ...properties[field.name],
        oneOf: options.map((o) => ({ const: o.key, title: o.name })),
      };
    }
  }
  return { ...schema, properties } as RJSFSchema;
}

/**
 * Fields picked in a custom dialog (the business object names the dialog) get the dialog widget; computed
 * fields are read-only, set as the data they are computed from is typed.
 */
function fieldsUiSchema(uiSchema: UiSchema, bo: BoDef): UiSchema {
  const special = bo.fields.filter((field) => field.dialog || field.compute);
  return {
    ...uiSchema,
    ...Object.fromEntries(
      special.map((field) => [
        field.name,
        {
          ...(uiSchema[field.name] as object),
          ...(field.dialog ? { 'ui:widget': 'customDialog', 'ui:options': { dialog: field.dialog } } : {}),
          ...(field.compute ? { 'ui:readonly': true } : {}),
        },
      ]),
    ),
  };
}

const WIDGETS = { customDialog: CustomDialogWidget };

/**
 * A template's record (/templateForm/{templateKey}/{action}[/{data}]): add (data: a draft), edit or get
 * (data: the record); main fields, computed ones kept up to date as typed, sub-tables as grids, the backend
 * validation before saving, drafts, and
 * the record's change history, the requests started from it and 发起流程 (the template's startFlow button).
 */
export function TemplateFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { templateKey = '', action: actionParam, data: dataParam } = useParams();
  const [search] = useSearchParams();
  const action: Action = isAction(actionParam) ? actionParam : 'get';
  const info = useTemplateInfo(templateKey);
  const bo = info.data?.bo;
  const dicts = useDictionaries(bo);
  const recordId = action === 'add' ? undefined : dataParam;
  const draftId = action === 'add' ? dataParam : (search.get('dataKey') ?? undefined);
  const loaded = useQuery({
    queryKey: [...templateKeys.form(templateKey), action, recordId, draftId],
    queryFn: () =>
      call('getTemplateForm', {
        params: { a: templateKey, b: bo!.alias },
        query: { action, ...(recordId ? { id: recordId } : {}), ...(draftId ? { dataKey: draftId } : {}) },
      }),
    enabled: Boolean(bo),
  });
  const [data, setData] = useState<Row>({});
  const [errors, setErrors] = useState<FieldError[]>([]);
  // the data being edited starts from each answer of the server (adjusted while rendering, not in an effect)
  const [source, setSource] = useState<typeof loaded.data>();
  if (loaded.data && loaded.data !== source) {
    setSource(loaded.data);
    setData(computeBoData(loaded.data.bo, loaded.data.draft?.data ?? loaded.data.record?.data ?? {}));
  }
  // every change recomputes the computed fields (the server stores its own values on save)
  const edit = (change: (current: Row) => Row) =>
    setData((current) => (bo ? computeBoData(bo, change(current)) : change(current)));
  const schema = useMemo(
    () => (loaded.data && bo ? mainSchema(loaded.data.form.schema, bo, dicts) : undefined),
    [loaded.data, bo, dicts],
  );

  const save = useMutation({
    mutationFn: async () => {
      const found = await call('validateFormData', { body: { templateAlias: templateKey, data } });
      setErrors(found);
      if (found.length) return null;
      return call('boSave', {
        params: { templateKey, boAlias: bo!.alias },
        query: draftId ? { delDraftId: draftId } : {},
        body: { ...(recordId ? { id: recordId, version: loaded.data?.record?.version } : {}), data },
      });
    },
    onSuccess: (saved) => {
      if (!saved) {
        toast.error(t('template.formErrors'));
        return;
      }
      toast.success(t('template.saved'));
      void queryClient.invalidateQueries({ queryKey: templateKeys.rows(templateKey) });
      void queryClient.invalidateQueries({ queryKey: templateKeys.history(saved.id) });
      if (recordId) void loaded.refetch();
      else navigate(`/templateForm/${templateKey}/edit/${saved.id}`, { replace: true });
    },
  });
  const saveDraft = useMutation({
    mutationFn: () =>
      call('boSaveDraft', {
        body: {
          templateAlias: templateKey,
          data,
          ...(draftId ? { id: draftId } : {}),
          ...(recordId ? { refId: recordId } : {}),
        },
      }),
    onSuccess: () => toast.success(t('template.draftSaved')),
  });

  if (info.isPending || (bo && loaded.isPending)) return <PageLoading />;
  if (info.isError || loaded.isError || !bo || !loaded.data || !schema) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('template.failed')}
        action={<Button onClick={() => void loaded.refetch()}>{t('template.retry')}</Button>}
      />
    );
  }
  const readonly = action === 'get';
  const startPath =
    recordId && loaded.data.permissions.startFlow ? startFlowPath(loaded.data.template, recordId) : null;
  const mainErrors = errors.filter((e) => !bo.subs.some((sub) => e.field.startsWith(`${sub.alias}[`)));
  return (
    <ReadableColors>
      <Flex vertical gap={16} style={{ padding: 16, maxWidth: 1200 }}>
        <Flex justify="space-between" align="center" wrap gap={8}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
            {loaded.data.template.name} · {t(`template.${action === 'get' ? 'detail' : action}`)}
          </Typography.Title>
          <Space wrap>
            {!readonly && (
              <>
                <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
                  {t('common.save')}
                </Button>
                <Button loading={saveDraft.isPending} onClick={() => saveDraft.mutate()}>
                  {t('template.saveDraft')}
                </Button>
              </>
            )}
            {startPath && <Button onClick={() => navigate(startPath)}>{t('template.startFlow')}</Button>}
            <Button onClick={() => navigate(-1)}>{t('template.back')}</Button>
          </Space>
        </Flex>
        {mainErrors.length > 0 && (
          <Alert
            type="error"
            showIcon
            message={t('template.formErrors')}
            description={
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {mainErrors.map((e) => (
                  <li key={e.field}>{e.message}</li>
                ))}
              </ul>
            }
          />
        )}
        <Card>
          <Form
            schema={schema}
            uiSchema={{
              ...fieldsUiSchema(loaded.data.form.uiSchema as UiSchema, bo),
              'ui:submitButtonOptions': { norender: true },
            }}
            widgets={WIDGETS}
            className="eip-schema-form"
            formData={data}
            validator={formValidator}
            transformErrors={transformErrors}
            translateString={translateFormString}
            readonly={readonly}
            noHtml5Validate
            showErrorList={false}
            onChange={(event) => edit((current) => ({ ...current, ...(event.formData as Row) }))}
          />
        </Card>
        {bo.subs.map((sub) => (
          <Card key={sub.alias}>
            <SubTableGrid
              sub={sub}
              readonly={readonly}
              rows={(data[sub.alias] as Row[] | undefined) ?? []}
              errors={errors.filter((e) => e.field.startsWith(`${sub.alias}[`))}
              onChange={(rows) => edit((current) => ({ ...current, [sub.alias]: rows }))}
              excel={{
                templateAlias: templateKey,
                recordId,
                canImport: Boolean(loaded.data.permissions.import),
                canExport: Boolean(loaded.data.permissions.export),
              }}
            />
          </Card>
        ))}
        {recordId && (
          <Card>
            <RecordRequests template={loaded.data.template} recordId={recordId} />
          </Card>
        )}
        {recordId && (
          <Card>
            <History refId={recordId} />
          </Card>
        )}
      </Flex>
    </ReadableColors>
  );
}
