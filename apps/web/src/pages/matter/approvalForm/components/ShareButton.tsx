import { ShareAltOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../../api/client';

/** The read-only page a shared request opens on (the server lets the link's guest read that request only). */
export const sharedRequestPath = (instId: string) =>
  `/matter/approvalForm?instId=${encodeURIComponent(instId)}&isReadonly=true`;

/**
 * 分享 (issue 17): a short link made for guests to the request's read-only page, shown to copy. Whoever opens
 * it reads the request as the person who shared it, without signing in.
 */
export function ShareButton({ instId }: { instId: string }) {
  const { t } = useTranslation();
  const share = useMutation({
    mutationFn: () => call('getShortUrlByLong', { body: { url: sharedRequestPath(instId), guest: true } }),
  });
  const link = share.data ? new URL(share.data.path, window.location.origin).href : '';
  return (
    <>
      <Button icon={<ShareAltOutlined />} loading={share.isPending} onClick={() => share.mutate()}>
        {t('approval.share.share')}
      </Button>
      <Modal
        open={Boolean(link)}
        title={t('approval.share.title')}
        footer={null}
        onCancel={() => share.reset()}
      >
        <Typography.Paragraph type="secondary">{t('approval.share.hint')}</Typography.Paragraph>
        <Typography.Paragraph copyable={{ text: link }}>
          <Typography.Text code>{link}</Typography.Text>
        </Typography.Paragraph>
      </Modal>
    </>
  );
}
