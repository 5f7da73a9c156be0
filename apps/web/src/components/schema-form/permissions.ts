import { isWritable, type FieldPermission } from '@eip/contracts/flow';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';

export interface PermittedForm {
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

/**
 * Applies field permissions (spec §5; ARCHITECTURE §5) to a form's JSON Schema and UI schema: `b` required,
 * `w` writable as the schema says, `r` read-only and never required of the user, `n` not shown at all.
 * Fields without a permission take `fallback`; `readonly` turns every shown field read-only (done items,
 * previews). Top-level fields are the unit of permission; the inputs are left unchanged.
 */
export function applyFieldPermissions(
  form: PermittedForm,
  permissions: Readonly<Record<string, FieldPermission>>,
  fallback: FieldPermission,
  readonly = false,
): PermittedForm {
  const properties = { ...(form.schema.properties ?? {}) };
  const required = new Set(form.schema.required ?? []);
  const uiSchema: UiSchema = { ...form.uiSchema };
  const hidden: string[] = [];

  for (const field of Object.keys(properties)) {
    const given = permissions[field] ?? fallback;
    const permission: FieldPermission = readonly && given !== 'n' ? 'r' : given;
    if (permission === 'n') {
      delete properties[field];
      delete uiSchema[field];
      required.delete(field);
      hidden.push(field);
    } else if (permission === 'r') {
      uiSchema[field] = { ...uiSchema[field], 'ui:readonly': true };
      required.delete(field);
    } else if (permission === 'b') {
      required.add(field);
    }
  }

  const order = uiSchema['ui:order'];
  if (Array.isArray(order)) uiSchema['ui:order'] = order.filter((field: string) => !hidden.includes(field));
  return { schema: { ...form.schema, properties, required: [...required] }, uiSchema };
}

/**
 * The part of the form data a handler may change: fields with `w` or `b` (others take `fallback`). Only
 * these are sent with an action; the server keeps the rest as stored, whatever the form filled in.
 */
export function writableData(
  data: Readonly<Record<string, unknown>>,
  permissions: Readonly<Record<string, FieldPermission>>,
  fallback: FieldPermission,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).filter(([field]) => isWritable(permissions[field] ?? fallback)),
  );
}
