import type { ManagedSeal, SealKind } from '@eip/contracts';
import { DeleteOutlined, EditOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { SignImage } from '../../../components/signature/SignImage';
import { SealDialog } from './SealDialog';
import { SealUsesDialog } from './SealUsesDialog';

const sealKeys = { all: ['sign', 'seals'] as const };
const sealKindLabel = (kind: SealKind) => `approval.sign.kinds.${kind}` as const;

/** 印章管理 (menu component sealManage, administrators): the seals and who may use them. */
export function SealManagePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const seals = useQuery({ queryKey: sealKeys.all, queryFn: () => call('listSeals') });
  const [editing, setEditing] = useState<ManagedSeal | 'new' | null>(null);
  const [auditing, setAuditing] = useState<ManagedSeal | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => call('removeSeal', { query: { id } }),
    onSuccess: () => {
      toast.success(t('approval.sign.sealRemoved'));
      void queryClient.invalidateQueries({ queryKey: sealKeys.all });
    },
  });
  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('approval.sign.sealsTitle')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('approval.sign.addSeal')}
        </Button>
      </Flex>
      {seals.isError && <Alert type="error" showIcon message={t('approval.sign.loadFailed')} />}
      <Table<ManagedSeal>
        rowKey="id"
        loading={seals.isPending}
        dataSource={seals.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('approval.sign.noSeals') }}
        columns={[
          {
            key: 'image',
            title: t('approval.sign.sealImage'),
            render: (_, seal) => <SignImage fileId={seal.fileId} alt={seal.name} height={48} />,
          },
          { key: 'name', dataIndex: 'name', title: t('approval.sign.sealName') },
          {
            key: 'kind',
            title: t('approval.sign.sealKind'),
            render: (_, seal) => <Tag>{t(sealKindLabel(seal.kind))}</Tag>,
          },
          {
            key: 'holders',
            title: t('approval.sign.holders'),
            responsive: ['md'],
            render: (_, seal) =>
              [
                ...seal.users.map((u) => u.name),
                ...seal.leaderOrgs.map((o) => t('approval.sign.leaderOf', { org: o.name })),
              ].join('、') || '—',
          },
          {
            key: 'actions',
            title: t('approval.sign.actions'),
            render: (_, seal) => (
              <Space>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('approval.sign.editSeal')}
                  onClick={() => setEditing(seal)}
                />
                <Button
                  size="small"
                  icon={<HistoryOutlined />}
                  aria-label={t('approval.sign.uses')}
                  onClick={() => setAuditing(seal)}
                />
                <Popconfirm
                  title={t('approval.sign.removeSealConfirm', { name: seal.name })}
                  okText={t('common.ok')}
                  cancelText={t('common.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutate(seal.id)}
                >
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('approval.sign.removeSeal')}
                  />
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <SealDialog
          seal={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            toast.success(t('approval.sign.saved'));
            void queryClient.invalidateQueries({ queryKey: sealKeys.all });
          }}
        />
      )}
      {auditing && <SealUsesDialog seal={auditing} onClose={() => setAuditing(null)} />}
    </Flex>
  );
}
