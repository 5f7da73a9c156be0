import type { ContentDetail } from '@eip/contracts';
import {
  ArrowLeftOutlined,
  CalendarOutlined,
  DownloadOutlined,
  PaperClipOutlined,
  PushpinOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Divider, Flex, Result, Skeleton, Tag, Typography, theme } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError, call, callBlob } from '../../../api/client';
import { ReadableColors } from '../../../components/approval/ReadableColors';
import { downloadAttachment, saveBlob } from '../../../components/attachments/attachments';
import { useFilePreview } from '../../../components/file-preview/FilePreviewDialog';
import { PreviewButton } from '../../../components/file-preview/PreviewButton';
import { useSettings } from '../../../stores/settings';
import { AuthImage } from '../shared/AuthImage';
import { ContentBody } from '../shared/ContentBody';
import { EntryActions } from '../shared/EntryActions';
import { contentKeys, LIST_PATHS } from '../shared/kinds';
import { formatTime, meetingTime } from '../shared/time';
import { useContentActions } from '../shared/useContentActions';
import { Readers } from './Readers';

/**
 * The detail page of a news item (/news/list/{id}), notice (/news/notice/{id}) or meeting
 * (/news/meeting/{id}): opening it records the reading. A meeting shows its time, room, host, people and
 * agenda and downloads as an .ics file; the publisher sees who has read it and acts on it.
 */
export function ContentDetailPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: contentKeys.detail(id),
    queryFn: () => call('getNewsById', { query: { id }, silent: true }),
    retry: false,
  });
  // opening it marked it read: the lists' unread marks follow
  useEffect(() => {
    if (detail.data) void queryClient.invalidateQueries({ queryKey: ['content', 'list'] });
  }, [detail.data, queryClient]);
  const actions = useContentActions(() => navigate(LIST_PATHS[detail.data?.kind ?? 'news']));

  if (detail.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (detail.error) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? t('content.notFound') : detail.error.message}
        subTitle={missing ? detail.error.message : undefined}
        extra={<Button onClick={() => navigate(-1)}>{t('content.back')}</Button>}
      />
    );
  }
  return <Entry entry={detail.data} actions={actions} />;
}

function Entry({ entry, actions }: { entry: ContentDetail; actions: ReturnType<typeof useContentActions> }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const mobile = useSettings((state) => state.device === 'mobile');
  const preview = useFilePreview();
  const facts = [
    entry.classifyName,
    entry.publisherName &&
      t('content.labelled', { label: t('content.publisher'), value: entry.publisherName }),
    entry.publishTime &&
      t('content.labelled', { label: t('content.publishTime'), value: formatTime(entry.publishTime) }),
    entry.expireTime &&
      t('content.labelled', { label: t('content.expireTime'), value: formatTime(entry.expireTime) }),
  ].filter(Boolean);
  return (
    <ReadableColors>
      {actions.modalHolder}
      <Flex vertical gap="middle" style={{ maxWidth: 960, margin: '0 auto', width: '100%' }}>
        <Flex justify="space-between" gap="small" wrap>
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(LIST_PATHS[entry.kind])}>
            {t('content.back')}
          </Button>
          {entry.canEdit && <EntryActions entry={entry} actions={actions} size="middle" />}
        </Flex>
        <article aria-labelledby="content-title">
          <Flex vertical gap="small">
            <Typography.Title id="content-title" level={1} style={{ margin: 0, fontSize: mobile ? 20 : 24 }}>
              {entry.title}
            </Typography.Title>
            <Flex gap="small" wrap align="center">
              {entry.pinned && (
                <Tag color="red" icon={<PushpinOutlined aria-hidden />}>
                  {t('content.pinned')}
                </Tag>
              )}
              {entry.mustRead && <Tag color="magenta">{t('content.mustRead')}</Tag>}
              {entry.status !== 'published' && <Tag>{t(`content.statuses.${entry.status}`)}</Tag>}
              {entry.expired && <Tag>{t('content.expired')}</Tag>}
              <Typography.Text type="secondary">{facts.join(' · ')}</Typography.Text>
            </Flex>
            {entry.summary && (
              <Typography.Paragraph type="secondary" style={{ margin: 0, fontSize: token.fontSizeLG }}>
                {entry.summary}
              </Typography.Paragraph>
            )}
            {entry.kind === 'meeting' && <MeetingFacts entry={entry} />}
            {entry.kind === 'news' && entry.coverFileId && (
              <AuthImage
                fileId={entry.coverFileId}
                alt={entry.title}
                style={{ width: '100%', maxHeight: 420, height: 'auto' }}
              />
            )}
            <Divider style={{ margin: `${token.marginXS}px 0` }} />
            <ContentBody html={entry.content} />
            {entry.ffj.length > 0 && (
              <section aria-label={t('content.attachments')}>
                <Typography.Title level={2} style={{ fontSize: token.fontSizeLG }}>
                  <PaperClipOutlined aria-hidden /> {t('content.attachments')}
                </Typography.Title>
                {preview.dialog}
                <Flex vertical gap={4} align="flex-start">
                  {entry.ffj.map((file) => (
                    <Flex key={file.response.fileId} align="center" gap={4} wrap>
                      <Button
                        type="link"
                        icon={<DownloadOutlined aria-hidden />}
                        aria-label={t('files.downloadName', { name: file.name })}
                        onClick={() => void downloadAttachment(file)}
                      >
                        {file.name}
                      </Button>
                      <PreviewButton file={file} onPreview={preview.open} />
                    </Flex>
                  ))}
                </Flex>
              </section>
            )}
          </Flex>
        </article>
        {entry.canEdit && entry.status === 'published' && entry.audienceCount !== null && (
          <Readers id={entry.id} readCount={entry.readCount ?? 0} audienceCount={entry.audienceCount} />
        )}
      </Flex>
    </ReadableColors>
  );
}

/** A meeting's time, room, host, participants and agenda, and its calendar file. */
function MeetingFacts({ entry }: { entry: ContentDetail }) {
  const { t } = useTranslation();
  const mobile = useSettings((state) => state.device === 'mobile');
  const downloadIcs = async () =>
    saveBlob(await callBlob('downloadMeetingIcs', { query: { id: entry.id } }), `${entry.title}.ics`);
  return (
    <Flex vertical gap="small">
      <Descriptions
        bordered
        size="small"
        column={mobile ? 1 : 2}
        items={[
          {
            key: 'time',
            label: t('content.meeting.time'),
            children: meetingTime(entry.startTime, entry.endTime),
          },
          { key: 'room', label: t('content.meeting.room'), children: entry.roomName },
          { key: 'host', label: t('content.meeting.host'), children: entry.hostName },
          {
            key: 'participants',
            label: t('content.meeting.participants'),
            children: entry.participants.map((person) => person.name).join(t('content.listSeparator')),
          },
          ...(entry.agenda
            ? [
                {
                  key: 'agenda',
                  label: t('content.meeting.agenda'),
                  span: mobile ? 1 : 2,
                  children: <span style={{ whiteSpace: 'pre-wrap' }}>{entry.agenda}</span>,
                },
              ]
            : []),
        ]}
      />
      <div>
        <Button icon={<CalendarOutlined aria-hidden />} onClick={() => void downloadIcs()}>
          {t('content.meeting.ics')}
        </Button>
      </div>
      {entry.status !== 'published' && <Alert type="info" showIcon title={t('content.draftHint')} />}
    </Flex>
  );
}
