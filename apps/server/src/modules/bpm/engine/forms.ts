import type { FieldChange } from '@eip/contracts';
import { isWritable, type FieldPermission, type FlowSettings } from '@eip/contracts/flow';
import { HELPER_FORMATS } from '@eip/contracts/utils';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { isDeepStrictEqual } from 'node:util';
import { AppError } from '../../../errors.js';
import { issueField, issueReason, type ValidationIssue } from '../../../i18n/validation-reason.js';
import { settingsOf } from '../../../flow/settings-schema.js';
import { signatureFieldsOf } from '../../sign/fields.js';
import type { LoadedDefinition } from '../definitions.js';

export type FormData = Record<string, unknown>;
export type Permissions = Record<string, FieldPermission>;

/** A form as the browser gets it: the JSON Schema of the business data and its UI schema. */
export interface FlowForm {
  formKey: string;
  name: string;
  schema: Record<string, unknown>;
  uiSchema: Record<string, unknown>;
}

// useDefaults: a field the submission leaves out takes its schema default, whatever the browser sent
const ajv = new Ajv({ allErrors: false, strict: false, useDefaults: true });
addFormats.default(ajv);
// the helpers of spec §5, as the browser checks them too ("format": "phone")
for (const [name, check] of Object.entries(HELPER_FORMATS)) ajv.addFormat(name, check);

/**
 * The validator of a form's JSON Schema; it fills in the schema's defaults of missing fields. The schema
 * is not kept in Ajv's registry: forms of different tenants never see each other's `$id`s, and a
 * recompiled form does not clash with its earlier version.
 */
export function compileFormSchema(schema: object): ValidateFunction {
  try {
    return ajv.compile(schema);
  } finally {
    ajv.removeSchema(schema);
  }
}
const compiled = new Map<string, ValidateFunction>();
const COMPILED_LIMIT = 500;

/** The validator of a definition version's form: compiled once, as neither ever changes. */
function validatorOf(def: LoadedDefinition, formKey: string, schema: object): ValidateFunction {
  const key = `${def.row.tenantId}:${def.row.id}:${formKey}`;
  let validate = compiled.get(key);
  if (!validate) {
    if (compiled.size >= COMPILED_LIMIT) compiled.delete(compiled.keys().next().value!);
    validate = compileFormSchema(schema);
    compiled.set(key, validate);
  }
  return validate;
}

/** Checks a form's schema can validate data: a JSON Schema of an object with properties. */
export function checkFormSchema(schema: unknown): string | null {
  if (!schema || typeof schema !== 'object' || (schema as { type?: unknown }).type !== 'object') {
    return 'type';
  }
  const properties = (schema as { properties?: unknown }).properties;
  if (!properties || typeof properties !== 'object') return 'properties';
  try {
    compileFormSchema(schema as object);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'schema';
  }
}

/** The form key of a node (its own, else the flow's). */
function formKeyOf(settings: FlowSettings, nodeId: string): string | undefined {
  return settingsOf(settings, nodeId)?.form?.formKey ?? settings.global?.form?.formKey;
}

export interface LoadedForm {
  form: FlowForm;
  validate: ValidateFunction;
}

/** The form of a node (its own, else the flow's) as its definition version was deployed with it. */
export function formOf(def: LoadedDefinition, nodeId: string): LoadedForm | null {
  const formKey = formKeyOf(def.settings, nodeId);
  const form = formKey === undefined ? undefined : def.row.forms[formKey];
  if (!formKey || !form) return null;
  return {
    form: { formKey, name: form.name, schema: form.schema, uiSchema: form.uiSchema },
    validate: validatorOf(def, formKey, form.schema),
  };
}

/** The top-level fields of a form, plus any others the data holds. */
function fieldsOf(form: FlowForm | null, data: FormData): string[] {
  const declared = Object.keys((form?.schema.properties as Record<string, unknown> | undefined) ?? {});
  return [...new Set([...declared, ...Object.keys(data)])];
}

/**
 * What a node lets its handler do with each field: its listed permission; an unlisted field is writable
 * at the start (the initiator fills the form in) and read-only afterwards, but an unlisted signature field
 * is writable everywhere (spec §5: signature default w).
 */
export function permissionsAt(
  settings: FlowSettings,
  nodeId: string,
  isStart: boolean,
  form: FlowForm | null,
  data: FormData,
): Permissions {
  const listed = settingsOf(settings, nodeId)?.fieldPermissions ?? {};
  const signatures = signatureFieldsOf(form);
  const result: Permissions = {};
  for (const field of fieldsOf(form, data)) {
    const unlisted = isStart || signatures.has(field) ? 'w' : 'r';
    result[field] = Object.hasOwn(listed, field) ? listed[field]! : unlisted;
  }
  return result;
}

/**
 * What a viewer of the whole instance sees: every field read-only, hidden only when each node the viewer
 * took part in hides it (with no such node, as the flow's nodes hide it).
 */
export function viewPermissions(
  settings: FlowSettings,
  nodeIds: readonly string[],
  form: FlowForm | null,
  data: FormData,
): Permissions {
  const nodes = nodeIds.length ? nodeIds : Object.keys(settings.nodes);
  const result: Permissions = {};
  for (const field of fieldsOf(form, data)) {
    const hiddenEverywhere =
      nodes.length > 0 &&
      nodes.every((nodeId) => settingsOf(settings, nodeId)?.fieldPermissions?.[field] === 'n');
    result[field] = hiddenEverywhere ? 'n' : 'r';
  }
  return result;
}

/** The data without the fields the reader may not see (permission n: not sent at all). */
export function visibleData(data: FormData, permissions: Permissions): FormData {
  return Object.fromEntries(Object.entries(data).filter(([field]) => permissions[field] !== 'n'));
}

/** The fields whose values differ between two versions of the business data, titled as the form shows them. */
export function changedFields(form: LoadedForm | null, before: FormData, after: FormData): FieldChange[] {
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return fields
    .filter((field) => !isDeepStrictEqual(before[field] ?? null, after[field] ?? null))
    .map((field) => ({
      field,
      label: fieldTitle(form?.form, field),
      oldValue: before[field] ?? null,
      newValue: after[field] ?? null,
    }));
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The first required (b) field without a value, if any; `skip` names fields checked elsewhere. */
export const missingRequiredField = (
  data: FormData,
  permissions: Permissions,
  skip: ReadonlyMap<string, unknown> = new Map(),
) =>
  Object.entries(permissions).find(
    ([field, permission]) => permission === 'b' && !skip.has(field) && isBlank(data[field]),
  )?.[0];

/** A field as the form shows it, by its title (as the browser's messages name it), else by its key. */
export function fieldTitle(form: Pick<FlowForm, 'schema'> | null | undefined, field: string): string {
  const property = (form?.schema.properties as Record<string, { title?: unknown }> | undefined)?.[field];
  return typeof property?.title === 'string' && property.title ? property.title : field;
}

const sameValue = (a: unknown, b: unknown) => Object.is(a, b) || JSON.stringify(a) === JSON.stringify(b);

/**
 * The data after a handler's submission: written fields (b, w) take the sent values; a read-only or
 * hidden field that was sent with another value is refused; a writable field left out takes the schema's
 * default; required (b) fields must hold a value; and the result must satisfy the form's schema. Nothing
 * is stored when any check fails.
 */
export function submitData(
  current: FormData,
  incoming: FormData | undefined,
  permissions: Permissions,
  form: LoadedForm | null,
): FormData {
  const merged = { ...current };
  for (const [field, value] of Object.entries(incoming ?? {})) {
    const permission = permissions[field] ?? 'r';
    if (isWritable(permission)) merged[field] = value;
    else if (!sameValue(current[field], value))
      throw new AppError(400, 'flow.fieldReadOnly', { field: fieldTitle(form?.form, field) });
  }
  // validated on a copy: the validator fills in defaults, which only writable fields take over
  const checked = structuredClone(merged);
  const valid = form ? form.validate(checked) : true;
  const issue = form?.validate.errors?.[0] as ValidationIssue | undefined;
  for (const [field, permission] of Object.entries(permissions)) {
    if (isWritable(permission) && merged[field] === undefined && checked[field] !== undefined)
      merged[field] = checked[field];
  }
  // a required signature field is the signer's duty when completing (takeSignatures), not when sending back
  const missing = missingRequiredField(merged, permissions, signatureFieldsOf(form?.form ?? null));
  if (missing) throw new AppError(400, 'flow.fieldRequired', { field: fieldTitle(form?.form, missing) });
  if (!valid && issue) {
    // named as the browser names it under the field: by the top-level field's title
    const [field = ''] = issueField('', issue).split('.').filter(Boolean);
    throw new AppError(400, 'flow.fieldError', {
      field: fieldTitle(form?.form, field),
      reason: issueReason(issue),
    });
  }
  return merged;
}

/** The form of a node and what its handler may do with each field, for the instance's current data. */
export function formAt(def: LoadedDefinition, node: { id: string; type: string }, data: FormData) {
  const form = formOf(def, node.id);
  return {
    form,
    permissions: permissionsAt(def.settings, node.id, node.type === 'START', form?.form ?? null, data),
  };
}
