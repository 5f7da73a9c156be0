import type { SignatureCheck, SignatureStatus } from '@eip/contracts';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../approval/time';
import { SignImage } from './SignImage';
import { useSignatureChecks } from './useSignatureChecks';

const STATUS_COLORS: Record<SignatureStatus, string> = { intact: 'green', changed: 'red', invalid: 'red' };

/** 验证签名: a button (shown when the request has signatures) opening the list of every signature's check. */
export function VerifySignaturesButton({ instId }: { instId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const checks = useSignatureChecks(instId);
  if (!checks.data?.length) return null;
  return (
    <>
      <Button size="small" icon={<SafetyCertificateOutlined />} onClick={() => setOpen(true)}>
        {t('approval.sign.verify')}
      </Button>
      <Modal
        open={open}
        title={t('approval.sign.verifyTitle')}
        footer={null}
        width={760}
        onCancel={() => setOpen(false)}
      >
        <Table<SignatureCheck>
          rowKey={(row) => `${row.field}-${row.userId}-${row.createTime}`}
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={checks.data}
          locale={{ emptyText: t('approval.sign.noSignatures') }}
          columns={[
            { key: 'field', title: t('approval.sign.field'), dataIndex: 'field' },
            { key: 'signer', title: t('approval.sign.signer'), dataIndex: 'name' },
            {
              key: 'image',
              title: t('approval.sign.sign'),
              render: (_, row) => <SignImage fileId={row.signature} alt={row.name} height={32} />,
            },
            {
              key: 'time',
              title: t('approval.sign.signedAt'),
              render: (_, row) => formatTime(row.createTime),
            },
            {
              key: 'result',
              title: t('approval.sign.result'),
              render: (_, row) => (
                <>
                  <Tag color={STATUS_COLORS[row.status]}>{t(`approval.sign.checkStatus.${row.status}`)}</Tag>
                  {row.changedFields.length > 0 &&
                    t('approval.sign.changedFields', { fields: row.changedFields.join('、') })}
                </>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
