import type { QueryFilter, RouteValue } from '@eip/contracts';
import {
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
  PaperClipOutlined,
  ReloadOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Empty,
  Flex,
  Input,
  Modal,
  Segmented,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../../api/auth';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { downloadAttachment } from '../../../components/attachments/attachments';
import { ComposeDialog, type Draft } from './ComposeDialog';
import { messageKeys } from './keys';

type Message = RouteValue<'listMessages'>['rows'][number];
type Detail = RouteValue<'getMessage'>;
type Box = 'unread' | 'read' | 'all';

const PAGE_SIZES = [10, 20, 50];

/**
 * 内部消息 (/personal/message, opened by the bell): the user's inner messages — task arrivals, urgings,
 * circulations, followed nodes, failed service calls, and what users write to each other (写消息, 回复) with
 * attachments. Opening one marks it read and goes where it points; chosen ones can be marked read or deleted
 * (after a confirmation).
 */
export function MessagePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [box, setBox] = useState<Box>('unread');
  const [subject, setSubject] = useState('');
  const [page, setPage] = useState({ page: 1, pageSize: PAGE_SIZES[0]! });
  const [chosen, setChosen] = useState<string[]>([]);
  const [shown, setShown] = useState<Detail | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);

  const filter: QueryFilter = {
    pageBean: page,
    querys: [
      ...(box === 'all' ? [] : [{ property: 'isRead', value: box === 'read', operation: 'EQUAL' }]),
      ...(subject ? [{ property: 'subject', value: subject, operation: 'LIKE' }] : []),
    ],
  };
  const list = useQuery({
    queryKey: messageKeys.list(filter),
    queryFn: () => call('listMessages', { body: filter }),
    placeholderData: keepPreviousData,
  });
  const unread = useQuery({ queryKey: queryKeys.messageCount, queryFn: () => call('getMsgbadge') });

  const refresh = () => {
    setChosen([]);
    void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.messageCount });
  };
  const mark = useMutation({
    mutationFn: (ids: string[]) => call('markMessages', { query: { ids: ids.join(',') } }),
    onSuccess: (count) => {
      toast.success(t('messages.marked', { count }));
      refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (ids: string[]) => call('removeMessages', { query: { ids: ids.join(',') } }),
    onSuccess: (count) => {
      toast.success(t('messages.removed', { count }));
      refresh();
    },
  });
  const open = useMutation({
    mutationFn: (message: Message) => call('getMessage', { query: { id: message.id } }),
    onSuccess: (message) => {
      refresh();
      setShown(message);
    },
  });
  const reply = (message: Detail) => {
    const prefix = t('messages.replyPrefix');
    setShown(null);
    setDraft({
      replyToId: message.id,
      replyTo: message.sender ?? undefined,
      subject: message.subject.startsWith(prefix) ? message.subject : `${prefix}${message.subject}`,
    });
  };
  const confirmRemove = () =>
    void modal.confirm({
      title: t('common.tip'),
      content: t('messages.removeConfirm', { count: chosen.length }),
      okText: t('common.ok'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => remove.mutateAsync(chosen),
    });

  const columns: ColumnsType<Message> = [
    {
      key: 'subject',
      title: t('messages.subject'),
      render: (_, message) => (
        <Flex gap="small" align="center">
          <Badge status={message.isRead ? 'default' : 'processing'} />
          <Typography.Link strong={!message.isRead} onClick={() => open.mutate(message)}>
            {message.subject}
          </Typography.Link>
        </Flex>
      ),
    },
    { key: 'content', dataIndex: 'content', title: t('messages.content'), responsive: ['md'] },
    {
      key: 'type',
      title: t('messages.type'),
      responsive: ['sm'],
      render: (_, message) => <Tag>{t(`messages.types.${message.type}`)}</Tag>,
    },
    {
      key: 'createTime',
      title: t('messages.time'),
      responsive: ['sm'],
      render: (_, message) => dayjs(message.createTime).format('YYYY-MM-DD HH:mm:ss'),
    },
    {
      key: 'isRead',
      title: t('messages.state'),
      render: (_, message) => (message.isRead ? t('messages.read') : t('messages.unread')),
    },
  ];

  return (
    <Flex vertical gap="middle" aria-busy={list.isFetching}>
      {modalHolder}
      <Flex align="center" gap="small" wrap>
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          {t('pages.message')}
        </Typography.Title>
        <Typography.Text aria-live="polite">
          {t('messages.total', { count: list.data?.total ?? 0 })}
        </Typography.Text>
      </Flex>
      <Flex gap="small" wrap align="center">
        <Segmented<Box>
          value={box}
          onChange={(value) => {
            setBox(value);
            setChosen([]);
            setPage((current) => ({ ...current, page: 1 }));
          }}
          options={[
            { value: 'unread', label: t('messages.unreadBox', { count: unread.data ?? 0 }) },
            { value: 'read', label: t('messages.readBox') },
            { value: 'all', label: t('messages.allBox') },
          ]}
        />
        <Input.Search
          allowClear
          aria-label={t('messages.subject')}
          placeholder={t('messages.subjectPlaceholder')}
          style={{ width: 240 }}
          onSearch={(value) => {
            setSubject(value.trim());
            setPage((current) => ({ ...current, page: 1 }));
          }}
        />
        <Button
          icon={<CheckOutlined />}
          disabled={chosen.length === 0}
          loading={mark.isPending}
          onClick={() => mark.mutate(chosen)}
        >
          {t('messages.markRead', { count: chosen.length })}
        </Button>
        <Button
          danger
          icon={<DeleteOutlined />}
          disabled={chosen.length === 0}
          loading={remove.isPending}
          onClick={confirmRemove}
        >
          {t('messages.remove', { count: chosen.length })}
        </Button>
        <Button icon={<ReloadOutlined />} aria-label={t('messages.refresh')} onClick={refresh} />
        <Button type="primary" icon={<EditOutlined />} onClick={() => setDraft({ subject: '' })}>
          {t('messages.compose')}
        </Button>
      </Flex>
      {draft && <ComposeDialog draft={draft} onClose={() => setDraft(null)} />}
      <Modal
        open={shown !== null}
        title={shown?.subject ?? t('messages.detail')}
        onCancel={() => setShown(null)}
        footer={[
          <Button key="close" onClick={() => setShown(null)}>
            {t('common.close')}
          </Button>,
          shown?.sender && (
            <Button key="reply" icon={<RollbackOutlined />} onClick={() => reply(shown)}>
              {t('messages.reply')}
            </Button>
          ),
          shown?.link && (
            <Button
              key="open"
              type="primary"
              onClick={() => {
                setShown(null);
                navigate(shown.link!);
              }}
            >
              {t('messages.openLink')}
            </Button>
          ),
        ]}
      >
        {shown && (
          <Flex vertical gap="small">
            <Flex gap="small" wrap>
              <Tag>{t(`messages.types.${shown.type}`)}</Tag>
              <Typography.Text type="secondary">
                {dayjs(shown.createTime).format('YYYY-MM-DD HH:mm:ss')}
              </Typography.Text>
            </Flex>
            <Typography.Text>
              {t('messages.sender')}：{shown.sender?.name ?? t('messages.system')}
            </Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
              {shown.content}
            </Typography.Paragraph>
            {shown.files.length > 0 && (
              <Flex vertical gap={4} aria-label={t('messages.attachments')}>
                {shown.files.map((file) => (
                  <Typography.Link
                    key={file.response.fileId}
                    onClick={() => void downloadAttachment(file)}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    <PaperClipOutlined aria-hidden /> {file.name}
                  </Typography.Link>
                ))}
              </Flex>
            )}
          </Flex>
        )}
      </Modal>
      {list.error && <Alert type="error" showIcon title={list.error.message} />}
      <Table<Message>
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={list.data?.rows ?? []}
        loading={list.isPending}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as string[]) }}
        locale={{
          emptyText: <Empty description={box === 'unread' ? t('messages.noUnread') : t('messages.none')} />,
        }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total) => t('messages.total', { count: total }),
          onChange: (current, pageSize) => setPage({ page: current, pageSize }),
        }}
      />
    </Flex>
  );
}
