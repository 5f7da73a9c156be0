/** The config of a signature field (spec §3): its path, cover mode, and how the seal call is made. */
export interface SignatureConfig {
  /** the field's path; without one the form warns 未获取到签章字段路径 (spec §5) */
  field?: string;
  /** cover mode: entries accumulate instead of one per user */
  isCover?: boolean;
  /** the seal call needs no signing password */
  secretFree?: boolean;
  password?: boolean;
}

/** The UI-schema widget name that makes a top-level field a signature field. */
export const SIGNATURE_WIDGET = 'signature';

/** The signature fields of a form, by name, with their config (from the UI schema's `ui:options`). */
export function signatureFieldsOf(form: { uiSchema: Record<string, unknown> } | null) {
  const fields = new Map<string, SignatureConfig>();
  for (const [name, ui] of Object.entries(form?.uiSchema ?? {})) {
    if (!ui || typeof ui !== 'object') continue;
    const { 'ui:widget': widget, 'ui:options': options } = ui as Record<string, unknown>;
    if (widget === SIGNATURE_WIDGET) fields.set(name, (options ?? {}) as SignatureConfig);
  }
  return fields;
}
