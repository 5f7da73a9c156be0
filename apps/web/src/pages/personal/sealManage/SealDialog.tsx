import { SEAL_KINDS, type ManagedSeal, type SealKind } from '@eip/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, callUpload } from '../../../api/client';
import { SignImage } from '../../../components/signature/SignImage';
import { UserPicker } from '../../../components/user-picker/UserPicker';
import { ImageUpload } from '../mySignature/ImageUpload';

interface Values {
  name: string;
  kind: SealKind;
  userIds?: string[];
  leaderOrgIds?: string[];
}

/** The dialog that adds or changes a seal: name, kind, image and who may use it. */
export function SealDialog({
  seal,
  onClose,
  onSaved,
}: {
  seal: ManagedSeal | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [fileId, setFileId] = useState<string | null>(seal?.fileId ?? null);
  const orgs = useQuery({
    queryKey: ['sign', 'orgs'],
    queryFn: () => call('getOrgPage', { body: { pageBean: { page: 1, pageSize: 500 } } }),
  });
  const upload = useMutation({
    mutationFn: (file: File) => callUpload('uploadFile', file, { query: { purpose: 'seal' } }),
    onSuccess: (uploaded) => setFileId(uploaded.fileId),
  });
  const save = useMutation({
    mutationFn: (values: Values) =>
      call('saveSeal', {
        body: {
          ...(seal ? { id: seal.id } : {}),
          name: values.name,
          kind: values.kind,
          fileId: fileId!,
          userIds: values.userIds ?? [],
          leaderOrgIds: values.leaderOrgIds ?? [],
        },
      }),
    onSuccess: onSaved,
  });
  return (
    <Modal
      open
      title={seal ? t('approval.sign.editSeal') : t('approval.sign.addSeal')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          name: seal?.name,
          kind: seal?.kind ?? 'official',
          userIds: seal?.users.map((u) => u.id) ?? [],
          leaderOrgIds: seal?.leaderOrgs.map((o) => o.id) ?? [],
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t('approval.sign.sealName')}
          rules={[{ required: true, whitespace: true, message: t('approval.sign.sealNameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="kind" label={t('approval.sign.sealKind')} rules={[{ required: true }]}>
          <Select
            options={SEAL_KINDS.map((kind) => ({ value: kind, label: t(`approval.sign.kinds.${kind}`) }))}
          />
        </Form.Item>
        <Form.Item
          label={t('approval.sign.sealImage')}
          required
          validateStatus={fileId ? undefined : 'error'}
          help={fileId ? undefined : t('approval.sign.sealImageRequired')}
        >
          {fileId && <SignImage fileId={fileId} alt={t('approval.sign.sealImage')} height={64} />}
          <ImageUpload saving={upload.isPending} onPick={(file) => upload.mutate(file)} />
        </Form.Item>
        <Form.Item name="userIds" label={t('approval.sign.holderUsers')}>
          <UserPicker multiple />
        </Form.Item>
        <Form.Item name="leaderOrgIds" label={t('approval.sign.holderOrgs')}>
          <Select
            mode="multiple"
            loading={orgs.isPending}
            optionFilterProp="label"
            options={(orgs.data?.rows ?? []).map((org) => ({ value: org.id, label: org.name }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
