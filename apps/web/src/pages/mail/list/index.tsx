import { MAIL_SEND_METHOD, type QueryFilter } from '@eip/contracts';
import { EditOutlined, SettingOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Grid, Modal, Result, Skeleton, Typography, theme } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { ReadableColors } from '../../../components/approval/ReadableColors';
import { mailKeys, PAGE_SIZES } from '../shared/keys';
import {
  answerDraft,
  draftOf,
  EMPTY_DRAFT,
  type Answer,
  type ComposeDraft,
  type MailDetail,
} from './compose';
import { FolderPane, useFolderName } from './FolderPane';
import { MailReader } from './MailReader';
import { MailTable, type MailRow } from './MailTable';
import { useSync } from './useSync';
import { Permission } from '../../../app/permission';

/** The editor loads when a mail is first written. */
const ComposeDrawer = lazy(() =>
  import('./ComposeDrawer').then((module) => ({ default: module.ComposeDrawer })),
);

/** On a narrow screen one pane shows at a time. */
type Pane = 'folders' | 'list' | 'mail';

/**
 * 我的邮件 (menu component mailList, /mail/mailList): the user's mailboxes — an account's folders, the mails
 * of one (searched, unread only, paged), a reading pane, answering and writing mails, fetching new mail.
 * Without an account it leads to 邮箱设置. On a phone the folders, the list and a mail show one at a time.
 */
export function MailListPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const wide = Grid.useBreakpoint().lg ?? true;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const folderName = useFolderName();
  const [chosenAccount, setAccount] = useState<string | null>(null);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState({ page: 1, pageSize: PAGE_SIZES[1]! });
  const [chosen, setChosen] = useState<string[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [draft, setDraft] = useState<ComposeDraft | null>(null);
  const [pane, setPane] = useState<Pane>('list');

  const tree = useQuery({ queryKey: mailKeys.tree, queryFn: () => call('getMailTreeData') });
  const accounts = tree.data ?? [];
  const account = accounts.find((a) => a.id === chosenAccount) ?? accounts[0];
  const folders = account?.folders ?? [];
  const current = folders.find((f) => f.id === folderId) ?? folders.find((f) => f.specialUse === 'inbox');
  const filter: QueryFilter = {
    pageBean: page,
    querys: [
      { property: 'accountId', value: account?.id ?? '', operation: 'EQUAL' },
      { property: 'folderId', value: current?.id ?? '', operation: 'EQUAL' },
      ...(unreadOnly ? [{ property: 'isRead', value: false, operation: 'EQUAL' }] : []),
      ...(text ? [{ property: 'keyword', value: text, operation: 'LIKE' }] : []),
    ],
  };
  const list = useQuery({
    queryKey: mailKeys.list(filter),
    queryFn: () => call('listMails', { body: filter }),
    placeholderData: keepPreviousData,
    enabled: Boolean(current),
  });

  const close = () => {
    setOpenId(null);
    setPane('list');
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: mailKeys.all });
  const sync = useSync();
  const mark = useMutation({
    mutationFn: ({ ids, isRead }: { ids: string[]; isRead: boolean }) =>
      Promise.all(
        ids.map((id) => call('markMailRead', { query: { id, isRead: isRead ? 'true' : 'false' } })),
      ),
    onSuccess: () => {
      setChosen([]);
      refresh();
    },
  });
  const inTrash = current?.specialUse === 'trash';
  const remove = useMutation({
    mutationFn: (ids: string[]) =>
      call('removeMails', { query: { ids: ids.join(','), type: inTrash ? 'delete' : 'trash' } }),
    onSuccess: (count, ids) => {
      toast.success(t('mail.list.removed', { count }));
      setChosen([]);
      if (openId && ids.includes(openId)) close();
      refresh();
    },
  });
  const confirmRemove = (ids: string[]) =>
    void modal.confirm({
      title: t('mail.removeTitle'),
      content: inTrash
        ? t('mail.list.removeForeverConfirm', { count: ids.length })
        : t('mail.list.removeConfirm', { count: ids.length }),
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(ids),
    });

  const open = (row: MailRow) => {
    setOpenId(row.id);
    setPane('mail');
  };
  const chooseFolder = (id: string | null) => {
    setFolderId(id);
    setChosen([]);
    setOpenId(null);
    setPage((p) => ({ ...p, page: 1 }));
    setPane('list');
  };
  const compose = () => setDraft({ ...EMPTY_DRAFT, accountId: account?.id });
  const answer = (mail: MailDetail, kind: Answer) =>
    setDraft(
      answerDraft(
        mail,
        kind,
        accounts.map((a) => a.mailAddress),
      ),
    );

  const title = (
    <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
      {t('mail.list.title')}
    </Typography.Title>
  );
  if (tree.isPending) return <Skeleton active />;
  if (tree.error)
    return (
      <Flex vertical gap="middle">
        {title}
        <Alert
          type="error"
          showIcon
          title={tree.error.message}
          action={<Button onClick={() => void tree.refetch()}>{t('mail.retry')}</Button>}
        />
      </Flex>
    );
  if (!account)
    return (
      <Flex vertical gap="middle">
        {title}
        <Result
          icon={<SettingOutlined />}
          title={t('mail.list.noAccount')}
          subTitle={t('mail.list.noAccountHint')}
          extra={
            <Button type="primary" onClick={() => navigate('/mail/mailSetting')}>
              {t('mail.list.toSetting')}
            </Button>
          }
        />
      </Flex>
    );

  const folderPane = (
    <FolderPane
      accounts={accounts}
      accountId={account.id}
      onAccount={(id) => {
        setAccount(id);
        chooseFolder(null);
      }}
      folders={folders}
      folder={current?.id ?? ''}
      onFolder={chooseFolder}
      syncing={sync.busy}
      onSync={() => sync.start(account.id)}
      onCompose={compose}
    />
  );
  const listPane = (
    <MailTable
      title={current ? folderName(current) : t('mail.list.title')}
      rows={list.data?.rows ?? []}
      total={list.data?.total ?? 0}
      loading={list.isLoading}
      error={list.error}
      page={page}
      onPage={setPage}
      onSearch={(value) => {
        setText(value);
        setPage((p) => ({ ...p, page: 1 }));
      }}
      unreadOnly={unreadOnly}
      onUnreadOnly={(on) => {
        setUnreadOnly(on);
        setPage((p) => ({ ...p, page: 1 }));
      }}
      chosen={chosen}
      onChoose={setChosen}
      openId={openId}
      onOpen={open}
      onMark={(ids, isRead) => mark.mutate({ ids, isRead })}
      onRemove={confirmRemove}
      onRefresh={refresh}
      emptyText={text || unreadOnly ? t('mail.list.notFound') : t('mail.list.empty')}
      showReceiver={current?.specialUse === 'sent' || current?.specialUse === 'drafts'}
    />
  );
  const reader = openId ? (
    <MailReader
      key={openId}
      id={openId}
      isDraft={current?.specialUse === 'drafts'}
      onBack={wide ? undefined : close}
      onAnswer={answer}
      onEditDraft={(mail) => setDraft(draftOf(mail))}
      onMarkUnread={(id) => {
        mark.mutate({ ids: [id], isRead: false });
        close();
      }}
      onRemove={(id) => confirmRemove([id])}
    />
  ) : (
    <Empty description={t('mail.list.chooseMail')} style={{ marginTop: 48 }} />
  );

  return (
    <ReadableColors>
      {modalHolder}
      <Flex vertical gap="middle" aria-busy={list.isFetching || sync.busy}>
        <Flex align="center" gap="small" wrap>
          {title}
          {!wide && pane !== 'folders' && (
            <>
              <Button size="small" onClick={() => setPane('folders')}>
                {t('mail.list.folders')}
              </Button>
              <Permission codes={[MAIL_SEND_METHOD]}>
                <Button size="small" type="primary" icon={<EditOutlined />} onClick={compose}>
                  {t('mail.compose.title')}
                </Button>
              </Permission>
            </>
          )}
        </Flex>
        {sync.busy && (
          <Alert
            type="info"
            showIcon
            role="status"
            title={t('mail.list.syncProgress', {
              done: sync.progress?.foldersDone ?? 0,
              total: sync.progress?.foldersTotal ?? 0,
              count: sync.progress?.fetched ?? 0,
            })}
          />
        )}
        {wide ? (
          <Flex gap="middle" align="flex-start">
            <Card size="small" style={{ width: 220, flex: 'none' }}>
              {folderPane}
            </Card>
            <Card size="small" style={{ flex: '2 1 320px', minWidth: 0 }}>
              {listPane}
            </Card>
            <Card size="small" style={{ flex: '3 1 400px', minWidth: 0 }}>
              {reader}
            </Card>
          </Flex>
        ) : (
          <Card size="small">{pane === 'folders' ? folderPane : pane === 'list' ? listPane : reader}</Card>
        )}
      </Flex>
      {draft && (
        <Suspense fallback={null}>
          <ComposeDrawer draft={draft} accounts={accounts} onClose={() => setDraft(null)} />
        </Suspense>
      )}
    </ReadableColors>
  );
}
