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
/** A read-only list offers none of its buttons. */
const LIST_WITHOUT_BUTTONS = { addable: false, removable: false, orderable: false, copyable: false };

/** The UI schema of a read-only field, its values as text: a group's fields and a list's items alike. */
function readableField(property: RJSFSchema, ui: UiSchema): UiSchema {
  if (typeof ui['ui:widget'] === 'string' && OWN_READONLY.has(ui['ui:widget'])) return ui;
  const type = property.type;
  if (typeof type === 'string' && SCALAR_TYPES.has(type)) return { ...ui, 'ui:widget': 'readonlyText' };
  if (type === 'object') {
    const fields = Object.entries(property.properties ?? {}).flatMap(([field, child]) =>
      typeof child === 'object' ? [[field, readableField(child, (ui[field] ?? {}) as UiSchema)]] : [],
    );
    return { ...ui, ...Object.fromEntries(fields) };
  }
  const items = property.items;
  if (type === 'array' && items && typeof items === 'object' && !Array.isArray(items)) {
    return {
      ...ui,
      'ui:options': { ...(ui['ui:options'] as object | undefined), ...LIST_WITHOUT_BUTTONS },
      items: readableField(items, (ui.items ?? {}) as UiSchema),
    };
  }
  return ui;
}

/**
 * The UI schema with every read-only field shown as text: a single value (text, number, date, choice,
 * yes/no), a group's fields and a list's items, the list without its buttons; the widgets that show their
 * own read-only state keep it.
 */
export function readableUiSchema(schema: RJSFSchema, uiSchema: UiSchema): UiSchema {
  const result: UiSchema = { ...uiSchema };
  for (const [field, property] of Object.entries(schema.properties ?? {})) {
    const ui = (uiSchema[field] ?? {}) as UiSchema;
    if (ui['ui:readonly'] === true && typeof property === 'object')
      result[field] = readableField(property, ui);
  }
  return result;
}
