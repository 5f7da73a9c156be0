import type { ManagedSeal, SealUse } from '@eip/contracts';
import { useQuery } from '@tanstack/react-query';
import { Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { formatTime } from '../../../components/approval/time';

/** The audit of a seal's uses: who took it, when, and on which request and field it was placed. */
export function SealUsesDialog({ seal, onClose }: { seal: ManagedSeal; onClose: () => void }) {
  const { t } = useTranslation();
  const uses = useQuery({
    queryKey: ['sign', 'sealUses', seal.id],
    queryFn: () => call('getSealUses', { query: { sealId: seal.id } }),
  });
  return (
    <Modal
      open
      title={t('approval.sign.usesOf', { name: seal.name })}
      footer={null}
      onCancel={onClose}
      width={760}
    >
      <Table<SealUse>
        rowKey="id"
        size="small"
        loading={uses.isPending}
        dataSource={uses.data ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('approval.sign.noUses') }}
        columns={[
          { key: 'user', title: t('approval.sign.user'), render: (_, use) => use.userName ?? use.userId },
          {
            key: 'issue',
            title: t('approval.sign.issueTime'),
            render: (_, use) => formatTime(use.issueTime),
          },
          {
            key: 'use',
            title: t('approval.sign.useTime'),
            render: (_, use) => (use.useTime ? formatTime(use.useTime) : t('approval.sign.notPlaced')),
          },
          { key: 'subject', title: t('approval.sign.request'), render: (_, use) => use.subject ?? '—' },
          { key: 'field', title: t('approval.sign.field'), render: (_, use) => use.field ?? '—' },
        ]}
      />
    </Modal>
  );
}
