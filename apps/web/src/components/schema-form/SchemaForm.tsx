import type { FieldPermission } from '@eip/contracts/flow';
import Form from '@rjsf/antd';
import type CoreForm from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Ref } from 'react';
import { useMemo } from 'react';
import { SignatureWidget } from '../signature/SignatureWidget';
import { BaseInputTemplate } from './NumberInput';
import { applyFieldPermissions } from './permissions';
import { ReadonlyText, readableUiSchema } from './ReadonlyText';
import './schema-form.css';
import { translateFormString } from './form-texts';
import { formValidator, transformErrors } from './validation';

/** Widgets of our own, by the name a UI schema gives in `ui:widget`. */
const WIDGETS = { signature: SignatureWidget, readonlyText: ReadonlyText };
const TEMPLATES = { BaseInputTemplate };

/**
 * The input column of every field takes its own line under the label. The theme's default (`flex: 1 1 0`)
 * wraps it there only when its content has a minimum width: a read-only signature field holds nothing but
 * images scaled to `max-width: 100%`, so it stayed on the label's line at zero width and the user saw no
 * signature.
 */
const WRAPPER_COL = { span: 24, flex: '100%' };

/** A form of the approval centre: JSON Schema and UI schema (ARCHITECTURE §6). */
export interface FormDefinition {
  formKey: string;
  name: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

export type FormValues = Record<string, unknown>;

/** The rendered form: a parent validates through it before an action sends the data. */
export type SchemaFormHandle = CoreForm<FormValues, RJSFSchema>;

export interface SchemaFormProps {
  form: FormDefinition;
  permissions: Readonly<Record<string, FieldPermission>>;
  /** The permission of fields the node does not name. */
  fallback: FieldPermission;
  readonly: boolean;
  data: FormValues;
  onChange: (data: FormValues) => void;
  formRef: Ref<SchemaFormHandle>;
  /** the request the form belongs to (none while starting one): its signatures are checked */
  instanceId?: string;
}

/**
 * The form rendered by react-jsonschema-form with the Ant Design theme, field permissions applied:
 * read-only fields read as text, messages in the user's language.
 */
export function SchemaForm({
  form,
  permissions,
  fallback,
  readonly,
  data,
  onChange,
  formRef,
  instanceId,
}: SchemaFormProps) {
  const permitted = useMemo(() => {
    const applied = applyFieldPermissions(form, permissions, fallback, readonly);
    return { schema: applied.schema, uiSchema: readableUiSchema(applied.schema, applied.uiSchema) };
  }, [form, permissions, fallback, readonly]);
  return (
    <Form
      ref={formRef}
      schema={permitted.schema}
      uiSchema={{ ...permitted.uiSchema, 'ui:submitButtonOptions': { norender: true } }}
      className="eip-schema-form"
      formData={data}
      validator={formValidator}
      transformErrors={transformErrors}
      translateString={translateFormString}
      widgets={WIDGETS}
      templates={TEMPLATES}
      formContext={{ instanceId, wrapperCol: WRAPPER_COL }}
      readonly={readonly}
      showErrorList={false}
      onChange={(event) => onChange((event.formData ?? {}) as FormValues)}
    />
  );
}
