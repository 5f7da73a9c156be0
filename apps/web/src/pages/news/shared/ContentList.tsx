import type { ContentKind, ContentRow, QueryFilter } from '@eip/contracts';
import { PlusOutlined, PushpinOutlined, ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Empty,
  Flex,
  Input,
  Pagination,
  Segmented,
  Select,
  Skeleton,
  Tag,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call } from '../../../api/client';
import { ReadableColors } from '../../../components/approval/ReadableColors';
import { useSettings } from '../../../stores/settings';
import { AuthImage } from './AuthImage';
import { EntryActions } from './EntryActions';
import { CLASSIFY_KEYS, contentKeys, detailPath, editPath, PAGINATION_CALLS, useCanEdit } from './kinds';
import { formatTime, meetingPhase, meetingTime } from './time';
import { useContentActions } from './useContentActions';

const PAGE_SIZES = [10, 20, 50];
type Box = 'all' | 'unread' | 'mustRead';
type When = 'all' | 'week' | 'upcoming' | 'past';

/** Monday 00:00 of this week, local time. */
const mondayOf = (now: Dayjs) => now.subtract((now.day() + 6) % 7, 'day').startOf('day');

interface Filters {
  title: string;
  classifyId?: string;
  status?: string;
  box: Box;
  when: When;
  roomId?: string;
  /** when the time filter was chosen: "this week" and "upcoming" are measured from it */
  now: Dayjs;
}

function queryOf(filters: Filters, page: { page: number; pageSize: number }): QueryFilter {
  const { title, classifyId, status, box, when, roomId, now } = filters;
  const monday = mondayOf(now);
  return {
    pageBean: { ...page, showTotal: true },
    querys: [
      ...(title ? [{ property: 'title', value: title, operation: 'LIKE' }] : []),
      ...(classifyId ? [{ property: 'classifyId', value: classifyId }] : []),
      ...(status ? [{ property: 'status', value: status }] : []),
      ...(box === 'unread' ? [{ property: 'isRead', value: false }] : []),
      ...(box === 'mustRead' ? [{ property: 'mustRead', value: true }] : []),
      ...(when === 'week'
        ? [
            { property: 'startTime', value: monday.toISOString(), operation: 'GREAT_EQUAL' },
            { property: 'startTime', value: monday.add(7, 'day').toISOString(), operation: 'LESS' },
          ]
        : []),
      ...(when === 'upcoming'
        ? [{ property: 'startTime', value: now.toISOString(), operation: 'GREAT' }]
        : []),
      ...(when === 'past' ? [{ property: 'endTime', value: now.toISOString(), operation: 'LESS' }] : []),
      ...(roomId ? [{ property: 'roomId', value: roomId }] : []),
    ],
  };
}

/**
 * The list page of news (with covers), notices (unread and must-read marked) or meetings (time, room,
 * host): search and filters, paging, and for editors a button to write and each entry's actions.
 */
export function ContentList({ kind }: { kind: ContentKind }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canEdit = useCanEdit();
  const mobile = useSettings((state) => state.device === 'mobile');
  const actions = useContentActions();
  const [filters, setFilters] = useState<Filters>({ title: '', box: 'all', when: 'all', now: dayjs() });
  const [page, setPage] = useState({ page: 1, pageSize: PAGE_SIZES[0]! });
  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage((current) => ({ ...current, page: 1 }));
  };

  const filter = queryOf(filters, page);
  const list = useQuery({
    queryKey: contentKeys.list(kind, filter),
    queryFn: () => call(PAGINATION_CALLS[kind], { body: filter }),
    placeholderData: keepPreviousData,
  });
  const typeKey = CLASSIFY_KEYS[kind];
  const classifies = useQuery({
    queryKey: contentKeys.classifies(kind),
    queryFn: () => call('getTypesByKey', { query: { typeKey: typeKey! } }),
    enabled: Boolean(typeKey),
    staleTime: 5 * 60_000,
  });
  const rooms = useQuery({
    queryKey: contentKeys.rooms,
    queryFn: () => call('getMeetingRooms'),
    enabled: kind === 'meeting',
    staleTime: 5 * 60_000,
  });
  const fieldWidth = mobile ? '100%' : 180;

  return (
    <ReadableColors>
      <Flex vertical gap="middle" aria-busy={list.isFetching}>
        {actions.modalHolder}
        <Flex align="center" justify="space-between" gap="small" wrap>
          <Flex align="baseline" gap="small" wrap>
            <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
              {t(`content.kinds.${kind}`)}
            </Typography.Title>
            <Typography.Text type="secondary" aria-live="polite">
              {t('content.total', { count: list.data?.total ?? 0 })}
            </Typography.Text>
          </Flex>
          <Flex gap="small">
            <Button
              icon={<ReloadOutlined aria-hidden />}
              aria-label={t('content.refresh')}
              onClick={() => void queryClient.invalidateQueries({ queryKey: contentKeys.all })}
            />
            {canEdit && (
              <Button
                type="primary"
                icon={<PlusOutlined aria-hidden />}
                onClick={() => navigate(editPath(kind))}
              >
                {t(`content.create.${kind}`)}
              </Button>
            )}
          </Flex>
        </Flex>
        <Flex gap="small" wrap align="center">
          {kind === 'notice' && (
            <Segmented<Box>
              value={filters.box}
              onChange={(box) => change({ box })}
              options={(['all', 'unread', 'mustRead'] as const).map((value) => ({
                value,
                label: t(`content.boxes.${value}`),
              }))}
            />
          )}
          {kind === 'meeting' && (
            <Segmented<When>
              value={filters.when}
              onChange={(when) => change({ when, now: dayjs() })}
              options={(['all', 'week', 'upcoming', 'past'] as const).map((value) => ({
                value,
                label: t(`content.meeting.when.${value}`),
              }))}
            />
          )}
          <Input.Search
            allowClear
            aria-label={t('content.search')}
            placeholder={t('content.search')}
            style={{ width: mobile ? '100%' : 220 }}
            onSearch={(value) => change({ title: value.trim() })}
          />
          {typeKey && (
            <Select
              allowClear
              aria-label={t('content.classify')}
              placeholder={t('content.allClassifies')}
              style={{ width: fieldWidth }}
              value={filters.classifyId}
              onChange={(classifyId?: string) => change({ classifyId })}
              loading={classifies.isPending}
              options={(classifies.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
            />
          )}
          {kind === 'meeting' && (
            <Select
              allowClear
              aria-label={t('content.meeting.room')}
              placeholder={t('content.meeting.allRooms')}
              style={{ width: fieldWidth }}
              value={filters.roomId}
              onChange={(roomId?: string) => change({ roomId })}
              options={(rooms.data ?? []).map((room) => ({ value: room.id, label: room.name }))}
            />
          )}
          {canEdit && (
            <Select
              allowClear
              aria-label={t('content.status')}
              placeholder={t('content.allStatuses')}
              style={{ width: fieldWidth }}
              value={filters.status}
              onChange={(status?: string) => change({ status })}
              options={(['draft', 'published', 'withdrawn'] as const).map((value) => ({
                value,
                label: t(`content.statuses.${value}`),
              }))}
            />
          )}
        </Flex>
        {canEdit && <Typography.Text type="secondary">{t('content.draftHint')}</Typography.Text>}
        {list.error && <Alert type="error" showIcon title={list.error.message} />}
        {list.isPending ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : list.data && list.data.rows.length > 0 ? (
          <Flex vertical role="list" aria-label={t(`content.kinds.${kind}`)}>
            {list.data.rows.map((row, i) => (
              <div role="listitem" key={row.id}>
                {i > 0 && <Divider style={{ margin: `${token.marginSM}px 0` }} />}
                <EntryItem row={row} mobile={mobile} actions={canEdit ? actions : null} />
              </div>
            ))}
          </Flex>
        ) : (
          !list.error && <Empty description={t(`content.empty.${kind}`)} />
        )}
        <Pagination
          align="end"
          current={page.page}
          pageSize={page.pageSize}
          total={list.data?.total ?? 0}
          pageSizeOptions={PAGE_SIZES}
          showSizeChanger={!mobile}
          simple={mobile}
          hideOnSinglePage={false}
          onChange={(current, pageSize) => setPage({ page: current, pageSize })}
        />
      </Flex>
    </ReadableColors>
  );
}

/** One entry of the list: cover (news), title with its marks, summary and facts; editors' actions. */
function EntryItem({
  row,
  mobile,
  actions,
}: {
  row: ContentRow;
  mobile: boolean;
  actions: ReturnType<typeof useContentActions> | null;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const phase = row.kind === 'meeting' ? meetingPhase(row.startTime, row.endTime) : null;
  const facts =
    row.kind === 'meeting'
      ? [
          meetingTime(row.startTime, row.endTime),
          row.roomName,
          row.hostName && t('content.labelled', { label: t('content.meeting.host'), value: row.hostName }),
        ]
      : [row.classifyName, row.publisherName, formatTime(row.publishTime)];
  return (
    <Flex gap="middle" align="flex-start" vertical={mobile && row.kind === 'news'}>
      {row.kind === 'news' && row.coverFileId && (
        <Link to={detailPath(row.kind, row.id)} aria-hidden tabIndex={-1} style={{ flex: 'none' }}>
          <AuthImage
            fileId={row.coverFileId}
            thumbnail="512"
            alt=""
            style={
              mobile ? { width: '100%', aspectRatio: '16 / 9', height: 'auto' } : { width: 192, height: 108 }
            }
          />
        </Link>
      )}
      <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Flex gap="small" align="center" wrap>
          {row.kind !== 'news' && !row.isRead && row.status === 'published' && (
            <Badge status="processing" aria-hidden />
          )}
          <Link
            to={detailPath(row.kind, row.id)}
            style={{ fontSize: token.fontSizeLG, fontWeight: row.isRead || row.kind === 'news' ? 500 : 700 }}
          >
            {row.title}
          </Link>
          {row.pinned && (
            <Tag color="red" icon={<PushpinOutlined aria-hidden />}>
              {t('content.pinned')}
            </Tag>
          )}
          {row.mustRead && <Tag color="magenta">{t('content.mustRead')}</Tag>}
          {row.kind !== 'news' && !row.isRead && row.status === 'published' && (
            <Tag color="blue">{t('content.unread')}</Tag>
          )}
          {phase && (
            <Tag color={phase === 'upcoming' ? 'geekblue' : phase === 'ongoing' ? 'purple' : 'default'}>
              {t(`content.meeting.${phase}`)}
            </Tag>
          )}
          {row.status !== 'published' && <Tag>{t(`content.statuses.${row.status}`)}</Tag>}
          {row.expired && <Tag>{t('content.expired')}</Tag>}
        </Flex>
        {row.summary && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
            {row.summary}
          </Typography.Paragraph>
        )}
        <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
          {facts.filter(Boolean).join(' · ')}
        </Typography.Text>
        {actions && <EntryActions entry={row} actions={actions} />}
      </Flex>
    </Flex>
  );
}
