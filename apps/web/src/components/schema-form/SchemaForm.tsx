import type { FieldPermission } from '@eip/contracts/flow';
import Form from '@rjsf/antd';
import type CoreForm from '@rjsf/core';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import type { Ref } from 'react';
import { useMemo } from 'react';
import { applyFieldPermissions } from './permissions';

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
}

/** The form rendered by react-jsonschema-form with the Ant Design theme, field permissions applied. */
export function SchemaForm({
  form,
  permissions,
  fallback,
  readonly,
  data,
  onChange,
  formRef,
}: SchemaFormProps) {
  const permitted = useMemo(
    () => applyFieldPermissions(form, permissions, fallback, readonly),
    [form, permissions, fallback, readonly],
  );
  return (
    <Form
      ref={formRef}
      schema={permitted.schema}
      uiSchema={{ ...permitted.uiSchema, 'ui:submitButtonOptions': { norender: true } }}
      formData={data}
      validator={validator}
      readonly={readonly}
      showErrorList={false}
      onChange={(event) => onChange((event.formData ?? {}) as FormValues)}
    />
  );
}
