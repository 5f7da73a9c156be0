import type { WidgetProps } from '@rjsf/utils';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomDialog } from './CustomDialog';

/** A form field whose value is picked in a custom dialog (ui:options.dialog names it). */
export function CustomDialogWidget({ id, value, onChange, options, readonly, disabled, label }: WidgetProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const text = typeof value === 'string' ? value : '';
  if (readonly) return <span id={id}>{text}</span>;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input id={id} value={text} readOnly aria-label={label} />
        <Button disabled={disabled} onClick={() => setOpen(true)}>
          {t('template.query.choose')}
        </Button>
        {text && (
          <Button disabled={disabled} onClick={() => onChange(undefined)}>
            {t('template.query.clear')}
          </Button>
        )}
      </Space.Compact>
      {open && (
        <CustomDialog
          alias={String(options.dialog)}
          onClose={() => setOpen(false)}
          onPick={(picked) => {
            onChange(picked.value);
            setOpen(false);
          }}
        />
      )}
    </>
  );
}
