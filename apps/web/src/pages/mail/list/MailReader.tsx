import { MAIL_SEND_METHOD } from '@eip/contracts';
import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EditOutlined,
  MailOutlined,
  PaperClipOutlined,
  RollbackOutlined,
  ShareAltOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Skeleton, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { downloadFileById } from '../../../components/attachments/attachments';
import { mailKeys } from '../shared/keys';
import { showAddress, type Answer, type MailDetail } from './compose';
import { bodyOf, MailBody } from './MailBody';
import { Permission } from '../../../app/permission';

/**
 * The reading pane: a mail's subject, sender, receivers and date, its body, its attachments (downloaded on a
 * click), and what can be done with it — answer, mark unread, delete; a draft opens to be finished.
 */
export function MailReader({
  id,
  isDraft,
  onBack,
  onAnswer,
  onEditDraft,
  onMarkUnread,
  onRemove,
}: {
  id: string;
  isDraft: boolean;
  /** on a narrow screen: back to the list */
  onBack?: () => void;
  onAnswer: (mail: MailDetail, kind: Answer) => void;
  onEditDraft: (mail: MailDetail) => void;
  onMarkUnread: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [allowImages, setAllowImages] = useState(false);
  const mail = useQuery({
    queryKey: [...mailKeys.mail(id), allowImages],
    queryFn: () =>
      call('getMail', { query: { id, ...(allowImages ? { allowImages: 'true' as const } : {}) } }),
  });
  // reading a mail marks it read: the list and the unread counts follow
  const read = mail.data?.isRead;
  useEffect(() => {
    if (read === undefined) return;
    void queryClient.invalidateQueries({ queryKey: mailKeys.lists });
    void queryClient.invalidateQueries({ queryKey: mailKeys.tree });
  }, [read, id, queryClient]);
  const line = (label: string, value: string) =>
    value && (
      <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
        {label}：{value}
      </Typography.Text>
    );
  const shown = mail.data;
  return (
    <Flex vertical gap="small" aria-busy={mail.isFetching} aria-label={t('mail.list.reader')} role="region">
      <Flex gap="small" wrap>
        {onBack && (
          <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
            {t('mail.list.back')}
          </Button>
        )}
        {shown &&
          (isDraft ? (
            <Permission codes={[MAIL_SEND_METHOD]}>
              <Button type="primary" icon={<EditOutlined />} onClick={() => onEditDraft(shown)}>
                {t('mail.list.editDraft')}
              </Button>
            </Permission>
          ) : (
            <>
              <Permission codes={[MAIL_SEND_METHOD]}>
                <Button icon={<RollbackOutlined />} onClick={() => onAnswer(shown, 'reply')}>
                  {t('mail.list.reply')}
                </Button>
                <Button icon={<TeamOutlined />} onClick={() => onAnswer(shown, 'replyAll')}>
                  {t('mail.list.replyAll')}
                </Button>
                <Button icon={<ShareAltOutlined />} onClick={() => onAnswer(shown, 'forward')}>
                  {t('mail.list.forward')}
                </Button>
              </Permission>
              <Button icon={<MailOutlined />} onClick={() => onMarkUnread(id)}>
                {t('mail.list.markUnread')}
              </Button>
            </>
          ))}
        {shown && (
          <Button icon={<DeleteOutlined />} onClick={() => onRemove(id)}>
            {t('mail.remove')}
          </Button>
        )}
      </Flex>
      {mail.isPending && <Skeleton active />}
      {mail.error && <Alert type="error" showIcon title={mail.error.message} />}
      {shown && (
        <>
          <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading5 }}>
            {shown.subject || t('mail.list.noSubject')}
          </Typography.Title>
          <Flex vertical gap={2}>
            {line(t('mail.list.from'), shown.from ? showAddress(shown.from) : '')}
            {line(t('mail.list.to'), shown.to.map(showAddress).join(', '))}
            {line(t('mail.list.cc'), shown.cc.map(showAddress).join(', '))}
            {line(t('mail.list.bcc'), shown.bcc.map(showAddress).join(', '))}
            {line(
              t('mail.list.date'),
              shown.sendDate ? dayjs(shown.sendDate).format('YYYY-MM-DD HH:mm') : '',
            )}
          </Flex>
          {shown.attachments.length > 0 && (
            <Flex gap="small" wrap aria-label={t('mail.list.attachments')}>
              {shown.attachments.map((file) => (
                <Button
                  key={file.fileId}
                  size="small"
                  icon={<PaperClipOutlined />}
                  onClick={() => void downloadFileById(file.fileId, file.fileName)}
                  style={{ maxWidth: '100%' }}
                >
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{file.fileName}</span>
                </Button>
              ))}
            </Flex>
          )}
          <MailBody
            title={shown.subject}
            html={bodyOf(shown)}
            blocked={shown.remoteImagesBlocked}
            allowed={allowImages}
            onAllow={() => setAllowImages(true)}
          />
        </>
      )}
    </Flex>
  );
}
