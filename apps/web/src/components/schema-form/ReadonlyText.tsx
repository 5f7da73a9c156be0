import type { RJSFSchema, UiSchema, WidgetProps } from '@rjsf/utils';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

type Option = { value: unknown; label: string };

/** A value as the user reads it: a choice by its label, a boolean as yes or no, a number as entered. */
export function readableValue(value: unknown, options: readonly Option[] | undefined, t: TFunction): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  const chosen = options?.find((option) => option.value === value);
  if (chosen) return chosen.label;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A read-only field as text, not as a greyed-out input; an empty one as a dash. */
export function ReadonlyText({ id, value, options }: WidgetProps) {
  const { t } = useTranslation();
  const text = readableValue(value, options.enumOptions as Option[] | undefined, t);
  return (
    <Typography.Text id={id} type={text ? undefined : 'secondary'} style={{ whiteSpace: 'pre-wrap' }}>
      {text || '-'}
    </Typography.Text>
  );
}

const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean']);
/** Widgets that show a read-only value in their own way. */
const OWN_READONLY = new Set(['signature', 'hidden']);

/**
 * The UI schema with every read-only field of a single value (text, number, date, choice, yes/no) shown
 * as text; lists, groups and the widgets that show their own read-only state keep theirs.
 */
export function readableUiSchema(schema: RJSFSchema, uiSchema: UiSchema): UiSchema {
  const result: UiSchema = { ...uiSchema };
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    const ui = (uiSchema[field] ?? {}) as UiSchema;
    const type = typeof property === 'object' ? property.type : undefined;
    if (ui['ui:readonly'] !== true || typeof type !== 'string' || !SCALAR_TYPES.has(type)) continue;
    if (typeof ui['ui:widget'] === 'string' && OWN_READONLY.has(ui['ui:widget'])) continue;
    result[field] = { ...ui, 'ui:widget': 'readonlyText' };
  }
  return result;
}
