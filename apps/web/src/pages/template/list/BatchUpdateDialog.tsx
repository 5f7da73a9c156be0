import type { BoDef, DataTemplate, DictItem } from '@eip/contracts';
import { useMutation } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { fieldOf } from '../shared/data';

interface Props {
  template: DataTemplate;
  bo: BoDef;
  dicts: Map<string, DictItem[]>;
  ids: string[];
  onClose: (done: boolean) => void;
}

/** 批量修改: one of the template's batch fields set to a value on the selected records. */
export function BatchUpdateDialog({ template, bo, dicts, ids, onClose }: Props) {
  const { t } = useTranslation();
  const [fieldName, setFieldName] = useState(template.batchFields[0]);
  const [value, setValue] = useState<string>();
  const field = fieldName ? fieldOf(bo, fieldName) : undefined;
  const save = useMutation({
    mutationFn: () =>
      call('boBatchUpdate', {
        params: { boAlias: template.boAlias },
        body: { templateAlias: template.alias, ids, data: { [fieldName!]: value ?? null } },
      }),
    onSuccess: (answer) => {
      toast.success(t('template.updated', { count: answer.updated }));
      onClose(true);
    },
  });
  return (
    <Modal
      open
      title={t('template.batchUpdate')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !fieldName || value === undefined }}
      confirmLoading={save.isPending}
      onOk={() => save.mutate()}
      onCancel={() => onClose(false)}
    >
      <Form layout="vertical">
        <Form.Item label={t('template.batchField')}>
          <Select
            value={fieldName}
            onChange={(name) => {
              setFieldName(name);
              setValue(undefined);
            }}
            options={template.batchFields.map((name) => ({
              value: name,
              label: fieldOf(bo, name)?.label ?? name,
            }))}
          />
        </Form.Item>
        <Form.Item label={t('template.batchValue')}>
          {field?.type === 'dict' && field.dict ? (
            <Select
              value={value}
              onChange={setValue}
              options={(dicts.get(field.dict) ?? []).map((item) => ({ value: item.key, label: item.name }))}
            />
          ) : (
            <Input value={value} onChange={(event) => setValue(event.target.value)} />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
