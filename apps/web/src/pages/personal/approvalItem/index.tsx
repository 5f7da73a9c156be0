import type { RouteValue } from '@eip/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { useDefinitions } from '../../matter/shared/queries';
import { SettingsPage } from '../shared/SettingsPage';

type Phrase = RouteValue<'listApprovalItems'>['rows'][number];

interface PhraseForm {
  expression: string;
  defKey?: string;
  sn?: number;
}

const phraseKeys = ['approval', 'phrases'] as const;

/** 常用语 (menu component approvalItem): the user's approval phrases, for all flows or one. */
export function ApprovalItemPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Phrase | 'new' | null>(null);
  const [form] = Form.useForm<PhraseForm>();
  const definitions = useDefinitions();
  const phrases = useQuery({
    queryKey: phraseKeys,
    queryFn: () =>
      call('listApprovalItems', {
        query: { isPersonal: 'true' },
        body: { pageBean: { page: 1, pageSize: 500 }, sorter: [{ property: 'sn', direction: 'ASC' }] },
      }),
  });
  const save = useMutation({
    mutationFn: (values: PhraseForm) =>
      call('saveApprovalItem', {
        body: {
          id: editing === 'new' || !editing ? undefined : editing.id,
          expression: values.expression.trim(),
          defKey: values.defKey,
          sn: values.sn,
        },
      }),
    onSuccess: () => {
      toast.success(t('approval.settings.saved'));
      void queryClient.invalidateQueries({ queryKey: phraseKeys });
      setEditing(null);
    },
  });
  const flowName = (key: string | null) =>
    key
      ? (definitions.data?.rows.find((def) => def.defKey === key)?.name ?? key)
      : t('approval.phrases.allFlows');
  return (
    <SettingsPage<Phrase>
      title={t('approval.phrases.title')}
      addLabel={t('approval.phrases.add')}
      rows={(phrases.data?.rows ?? []).filter((phrase) => !phrase.shared)}
      loading={phrases.isPending}
      error={phrases.error}
      queryKey={phraseKeys}
      describe={(phrase) => phrase.expression}
      remove={(id) => call('removeApprovalItems', { query: { ids: id } })}
      onAdd={() => setEditing('new')}
      onEdit={setEditing}
      columns={[
        { key: 'expression', dataIndex: 'expression', title: t('approval.phrases.expression') },
        {
          key: 'flow',
          title: t('approval.phrases.flow'),
          responsive: ['sm'],
          render: (_, p) => flowName(p.defKey),
        },
        { key: 'sn', dataIndex: 'sn', title: t('approval.phrases.sn'), responsive: ['md'] },
      ]}
      dialog={
        editing && (
          <Modal
            open
            title={editing === 'new' ? t('approval.phrases.add') : t('approval.phrases.edit')}
            okText={t('common.save')}
            cancelText={t('common.cancel')}
            confirmLoading={save.isPending}
            onOk={() => form.submit()}
            onCancel={() => setEditing(null)}
            destroyOnHidden
          >
            <Form<PhraseForm>
              form={form}
              layout="vertical"
              initialValues={
                editing === 'new'
                  ? {}
                  : { expression: editing.expression, defKey: editing.defKey ?? undefined, sn: editing.sn }
              }
              onFinish={(values) => save.mutate(values)}
            >
              <Form.Item
                name="expression"
                label={t('approval.phrases.expression')}
                rules={[
                  { required: true, whitespace: true, message: t('approval.phrases.expressionRequired') },
                ]}
              >
                <Input.TextArea rows={3} maxLength={500} showCount />
              </Form.Item>
              <Form.Item name="defKey" label={t('approval.phrases.flow')}>
                <Select
                  allowClear
                  placeholder={t('approval.phrases.allFlows')}
                  options={(definitions.data?.rows ?? []).map((def) => ({
                    value: def.defKey,
                    label: def.name,
                  }))}
                />
              </Form.Item>
              <Form.Item name="sn" label={t('approval.phrases.sn')}>
                <InputNumber min={0} max={100000} precision={0} />
              </Form.Item>
            </Form>
          </Modal>
        )
      }
    />
  );
}
