import type { RouteValue } from '@eip/contracts';
import {
  CheckOutlined,
  DeleteOutlined,
  MailOutlined,
  PaperClipOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Alert, Button, Checkbox, Empty, Flex, Input, Table, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../shared/keys';

export type MailRow = RouteValue<'listMails'>['rows'][number];

/** Today's mails show their time, older ones their date. */
const when = (date: string | null) =>
  !date ? '' : dayjs(date).format(dayjs(date).isSame(dayjs(), 'day') ? 'HH:mm' : 'YYYY-MM-DD');

/**
 * The mails of a folder: searched (subject or sender), only the unread if asked, paged; unread ones in bold,
 * each with the first words of its text under its subject.
 * Chosen ones can be marked read or unread or deleted; a click opens one in the reading pane.
 */
export function MailTable({
  title,
  rows,
  total,
  loading,
  error,
  page,
  onPage,
  onSearch,
  unreadOnly,
  onUnreadOnly,
  chosen,
  onChoose,
  openId,
  onOpen,
  onMark,
  onRemove,
  onRefresh,
  emptyText,
  showReceiver,
}: {
  title: string;
  rows: MailRow[];
  total: number;
  loading: boolean;
  error: Error | null;
  page: { page: number; pageSize: number };
  onPage: (page: { page: number; pageSize: number }) => void;
  onSearch: (text: string) => void;
  unreadOnly: boolean;
  onUnreadOnly: (on: boolean) => void;
  chosen: string[];
  onChoose: (ids: string[]) => void;
  openId: string | null;
  onOpen: (row: MailRow) => void;
  onMark: (ids: string[], isRead: boolean) => void;
  onRemove: (ids: string[]) => void;
  onRefresh: () => void;
  emptyText: string;
  /** in Sent and Drafts the list names the receivers, not the sender */
  showReceiver: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex vertical gap="small">
      <Flex align="center" gap="small" wrap>
        <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading5 }}>
          {title}
        </Typography.Title>
        <Typography.Text type="secondary" aria-live="polite">
          {t('mail.list.total', { count: total })}
        </Typography.Text>
      </Flex>
      <Flex gap="small" wrap align="center">
        <Input.Search
          allowClear
          aria-label={t('mail.list.search')}
          placeholder={t('mail.list.search')}
          style={{ width: 220, maxWidth: '100%' }}
          onSearch={(value) => onSearch(value.trim())}
        />
        <Checkbox checked={unreadOnly} onChange={(event) => onUnreadOnly(event.target.checked)}>
          {t('mail.list.unreadOnly')}
        </Checkbox>
        <Button icon={<ReloadOutlined />} aria-label={t('mail.list.refresh')} onClick={onRefresh} />
      </Flex>
      {chosen.length > 0 && (
        <Flex gap="small" wrap>
          <Button size="small" icon={<CheckOutlined />} onClick={() => onMark(chosen, true)}>
            {t('mail.list.markRead')}
          </Button>
          <Button size="small" icon={<MailOutlined />} onClick={() => onMark(chosen, false)}>
            {t('mail.list.markUnread')}
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onRemove(chosen)}>
            {t('mail.list.removeChosen', { count: chosen.length })}
          </Button>
        </Flex>
      )}
      {error && <Alert type="error" showIcon title={error.message} />}
      <Table<MailRow>
        size="small"
        rowKey="id"
        showHeader={false}
        loading={loading}
        dataSource={rows}
        rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => onChoose(keys as string[]) }}
        onRow={(row) => ({
          style: { background: row.id === openId ? token.controlItemBgActive : undefined },
        })}
        locale={{ emptyText: <Empty description={emptyText} /> }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total,
          size: 'small',
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          onChange: (current, pageSize) => onPage({ page: current, pageSize }),
        }}
        columns={[
          {
            key: 'mail',
            render: (_, row) => {
              const who = showReceiver
                ? row.to.map((a) => a.name || a.address).join(', ')
                : row.from && (row.from.name || row.from.address);
              return (
                <Flex
                  vertical
                  role="button"
                  tabIndex={0}
                  aria-current={row.id === openId || undefined}
                  onClick={() => onOpen(row)}
                  onKeyDown={(event) => event.key === 'Enter' && onOpen(row)}
                  style={{ minWidth: 0, cursor: 'pointer' }}
                >
                  <Flex justify="space-between" gap="small">
                    <Typography.Text ellipsis strong={!row.isRead} style={{ minWidth: 0 }}>
                      {who || t('mail.list.noReceiver')}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ flex: 'none', fontSize: token.fontSizeSM }}>
                      {row.hasAttachments && <PaperClipOutlined aria-label={t('mail.list.attachments')} />}{' '}
                      {when(row.sendDate)}
                    </Typography.Text>
                  </Flex>
                  <Typography.Text ellipsis strong={!row.isRead}>
                    {row.subject || t('mail.list.noSubject')}
                  </Typography.Text>
                  {row.preview && (
                    // the secondary text colour, readable (WCAG AA) also on the open mail's background
                    <Typography.Text
                      ellipsis
                      style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}
                    >
                      {row.preview}
                    </Typography.Text>
                  )}
                </Flex>
              );
            },
          },
        ]}
      />
    </Flex>
  );
}
