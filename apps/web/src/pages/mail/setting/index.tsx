import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { SettingsPage } from '../../personal/shared/SettingsPage';
import { ALL, mailKeys } from '../shared/keys';
import { AccountDialog, type Account } from './AccountDialog';

/**
 * 邮箱设置 (menu component mailSetting, /mail/mailSetting): the user's mail accounts — address, IMAP and SMTP
 * servers, the default one — added, edited (the password is never shown: left empty it stays), tested and
 * deleted after a confirmation.
 */
export function MailSettingPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Account | 'new' | null>(null);
  const accounts = useQuery({
    queryKey: mailKeys.settings,
    queryFn: () => call('listMailSettings', { body: ALL }),
  });
  return (
    <SettingsPage<Account>
      title={t('mail.setting.title')}
      addLabel={t('mail.setting.add')}
      rows={accounts.data?.rows ?? []}
      loading={accounts.isPending}
      error={accounts.error}
      describe={(account) => account.mailAddress}
      queryKey={mailKeys.all}
      remove={(id) => call('removeMailSettings', { query: { ids: id } })}
      onAdd={() => setEditing('new')}
      onEdit={setEditing}
      columns={[
        {
          key: 'mailAddress',
          title: t('mail.setting.address'),
          render: (_, account) => (
            <span style={{ overflowWrap: 'anywhere' }}>
              {account.mailAddress} {account.isDefault && <Tag color="blue">{t('mail.setting.default')}</Tag>}
            </span>
          ),
        },
        { key: 'nickname', dataIndex: 'nickname', title: t('mail.setting.nickName'), responsive: ['sm'] },
        {
          key: 'imap',
          title: t('mail.setting.imap'),
          responsive: ['md'],
          render: (_, account) => `${account.imapHost}:${account.imapPort}`,
        },
        {
          key: 'smtp',
          title: t('mail.setting.smtp'),
          responsive: ['md'],
          render: (_, account) => `${account.smtpHost}:${account.smtpPort}`,
        },
      ]}
      dialog={
        editing && (
          <AccountDialog
            account={editing === 'new' ? null : editing}
            first={!accounts.data?.total}
            onClose={() => setEditing(null)}
          />
        )
      }
    />
  );
}
