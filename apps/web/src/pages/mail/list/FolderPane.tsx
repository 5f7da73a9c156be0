import { MAIL_SEND_METHOD, type MailFolderUse, type RouteValue } from '@eip/contracts';
import {
  ContainerOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderOutlined,
  InboxOutlined,
  SendOutlined,
  StopOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { Badge, Button, Flex, Menu, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../../app/permission';

/** An account of the user with its folders. */
export type MailAccount = RouteValue<'getMailTreeData'>[number];
export type Folder = MailAccount['folders'][number];

const ICONS: Record<MailFolderUse, ReactNode> = {
  inbox: <InboxOutlined />,
  sent: <SendOutlined />,
  drafts: <EditOutlined />,
  trash: <DeleteOutlined />,
  junk: <StopOutlined />,
  archive: <ContainerOutlined />,
};

/** A folder's name: the standard ones in the user's language, the server's own by their name. */
export function useFolderName() {
  const { t } = useTranslation();
  return (folder: Folder) => (folder.specialUse ? t(`mail.folders.${folder.specialUse}`) : folder.name);
}

/**
 * The left pane: the account (a choice when the user has several), 收取 (fetches new mail from the server,
 * busy until it is done), 写邮件, and the account's folders with their unread counts.
 */
export function FolderPane({
  accounts,
  accountId,
  onAccount,
  folders,
  folder,
  onFolder,
  syncing,
  onSync,
  onCompose,
}: {
  accounts: MailAccount[];
  accountId: string;
  onAccount: (id: string) => void;
  folders: Folder[];
  folder: string;
  onFolder: (id: string) => void;
  syncing: boolean;
  onSync: () => void;
  onCompose: () => void;
}) {
  const { t } = useTranslation();
  const folderName = useFolderName();
  return (
    <Flex vertical gap="small">
      {accounts.length > 1 && (
        <Select
          aria-label={t('mail.list.account')}
          value={accountId}
          onChange={onAccount}
          options={accounts.map((account) => ({ value: account.id, label: account.mailAddress }))}
        />
      )}
      <Flex gap="small">
        <Permission codes={[MAIL_SEND_METHOD]}>
          <Button type="primary" icon={<EditOutlined />} onClick={onCompose} style={{ flex: 1 }}>
            {t('mail.compose.title')}
          </Button>
        </Permission>
        <Button
          icon={<SyncOutlined spin={syncing} />}
          disabled={syncing}
          onClick={onSync}
          style={{ flex: 1 }}
        >
          {syncing ? t('mail.list.syncing') : t('mail.list.sync')}
        </Button>
      </Flex>
      {folders.length === 0 ? (
        <Typography.Text type="secondary">{t('mail.list.noFolders')}</Typography.Text>
      ) : (
        <nav aria-label={t('mail.list.folders')}>
          <Menu
            mode="inline"
            selectedKeys={[folder]}
            onClick={({ key }) => onFolder(key)}
            style={{ borderInlineEnd: 0 }}
            items={folders.map((item) => ({
              key: item.id,
              icon: item.specialUse ? ICONS[item.specialUse] : <FolderOutlined />,
              label: (
                <Flex justify="space-between" align="center" gap="small">
                  <span>{folderName(item)}</span>
                  {item.unread > 0 && <Badge count={item.unread} overflowCount={99} size="small" />}
                </Flex>
              ),
            }))}
          />
        </nav>
      )}
    </Flex>
  );
}
