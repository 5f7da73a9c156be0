import type { RouteValue } from '@eip/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { formatTime } from '../../../components/approval/time';
import { UserPicker } from '../../../components/user-picker/UserPicker';
import { SettingsPage } from '../shared/SettingsPage';

type Secretary = RouteValue<'listSecretaries'>['rows'][number];

const secretaryKeys = ['approval', 'secretaries'] as const;

/** 秘书设置 (menu component secretarySetting): the user's secretaries, who may handle tasks for them. */
export function SecretarySettingPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<{ secretaryId: string }>();
  const secretaries = useQuery({
    queryKey: secretaryKeys,
    queryFn: () =>
      call('listSecretaries', {
        query: { personal: 'true' },
        body: { pageBean: { page: 1, pageSize: 200 } },
      }),
  });
  const save = useMutation({
    mutationFn: (secretaryId: string) => call('saveSecretary', { body: { secretaryId } }),
    onSuccess: () => {
      toast.success(t('approval.settings.saved'));
      void queryClient.invalidateQueries({ queryKey: secretaryKeys });
      setAdding(false);
    },
  });
  return (
    <SettingsPage<Secretary>
      title={t('approval.secretaries.title')}
      addLabel={t('approval.secretaries.add')}
      rows={secretaries.data?.rows ?? []}
      loading={secretaries.isPending}
      error={secretaries.error}
      queryKey={secretaryKeys}
      describe={(row) => row.secretaryName}
      remove={(id) => call('removeSecretaries', { query: { ids: id } })}
      onAdd={() => setAdding(true)}
      columns={[
        { key: 'secretary', dataIndex: 'secretaryName', title: t('approval.secretaries.secretary') },
        {
          key: 'leader',
          dataIndex: 'leaderName',
          title: t('approval.secretaries.leader'),
          responsive: ['sm'],
        },
        {
          key: 'createTime',
          title: t('approval.secretaries.since'),
          responsive: ['md'],
          render: (_, row) => formatTime(row.createTime),
        },
      ]}
      dialog={
        adding && (
          <Modal
            open
            title={t('approval.secretaries.add')}
            okText={t('common.save')}
            cancelText={t('common.cancel')}
            confirmLoading={save.isPending}
            onOk={() => form.submit()}
            onCancel={() => setAdding(false)}
            destroyOnHidden
          >
            <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values.secretaryId)}>
              <Form.Item
                name="secretaryId"
                label={t('approval.secretaries.secretary')}
                rules={[{ required: true, message: t('approval.actions.userRequired') }]}
              >
                <UserPicker />
              </Form.Item>
            </Form>
          </Modal>
        )
      }
    />
  );
}
