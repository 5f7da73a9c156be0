import type { ContentDetail, ContentKind, ContentSave, OpinionFile } from '@eip/contracts';
import { EyeOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Flex,
  Form,
  Input,
  Modal,
  Radio,
  Result,
  Select,
  Skeleton,
  Switch,
  Typography,
  theme,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { ReadableColors } from '../../../components/approval/ReadableColors';
import { UserPicker } from '../../../components/user-picker/UserPicker';
import { useSettings } from '../../../stores/settings';
import { ContentBody } from '../shared/ContentBody';
import { fileUrl } from '../shared/files';
import { CLASSIFY_KEYS, contentKeys, detailPath, isContentKind, useCanEdit } from '../shared/kinds';
import { AttachmentsField, CoverField, OrgSelect, RoleSelect } from './components/fields';
import { RichTextEditor } from './components/RichTextEditor';

interface FormValues {
  title: string;
  classifyId?: string;
  summary?: string;
  coverFileId?: string | null;
  ffj?: OpinionFile[];
  scope: 'all' | 'part';
  orgIds?: string[];
  roleIds?: string[];
  pinned?: boolean;
  mustRead?: boolean;
  expireTime?: Dayjs | null;
  time?: [Dayjs, Dayjs];
  roomId?: string;
  hostId?: string;
  participantIds?: string[];
  agenda?: string;
}

/** A saved body whose images of the portal's files get addresses the editor can show (fetched with the token). */
async function editableHtml(queryClient: QueryClient, html: string): Promise<string> {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  await Promise.all(
    [...doc.querySelectorAll<HTMLImageElement>('img[data-file-id]')].map(async (img) => {
      img.src = await fileUrl(queryClient, img.dataset.fileId!).catch(() => '');
    }),
  );
  return doc.body.innerHTML;
}

const valuesOf = (entry: ContentDetail): FormValues => ({
  title: entry.title,
  classifyId: entry.classifyId ?? undefined,
  summary: entry.summary ?? undefined,
  coverFileId: entry.coverFileId,
  ffj: entry.ffj,
  scope: entry.scope,
  orgIds: entry.orgs.map((org) => org.id),
  roleIds: entry.roles.map((role) => role.id),
  pinned: entry.pinned,
  mustRead: entry.mustRead,
  expireTime: entry.expireTime ? dayjs(entry.expireTime) : null,
  ...(entry.startTime && entry.endTime
    ? { time: [dayjs(entry.startTime), dayjs(entry.endTime)] as [Dayjs, Dayjs] }
    : {}),
  roomId: entry.roomId ?? undefined,
  hostId: entry.hostId ?? undefined,
  participantIds: entry.participants.map((person) => person.id),
  agenda: entry.agenda ?? undefined,
});

/**
 * Writing a news item, notice or meeting (/news/edit/{kind} and /news/edit/{kind}/{id}), for editors:
 * the rich-text body with images, the cover, attachments, audience and, for a meeting, its time, room,
 * host, participants and agenda. Save as a draft, preview it as readers will see it, publish.
 */
export function ContentEditPage() {
  const { kind, id } = useParams();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useCanEdit();
  const loaded = useQuery({
    queryKey: ['content', 'editing', id ?? ''],
    queryFn: async () => {
      const entry = await call('getNewsById', { query: { id: id! } });
      return { entry, html: await editableHtml(queryClient, entry.content) };
    },
    enabled: Boolean(id),
    gcTime: 0,
  });
  if (!isContentKind(kind) || !canEdit)
    return <Result status="403" title={t('errors.title403')} subTitle={t('errors.text403')} />;
  if (id && loaded.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  if (id && loaded.error) return <Alert type="error" showIcon title={loaded.error.message} />;
  return <EditForm key={id ?? 'new'} kind={kind} entry={loaded.data?.entry} html={loaded.data?.html ?? ''} />;
}

function EditForm({ kind, entry, html }: { kind: ContentKind; entry?: ContentDetail; html: string }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobile = useSettings((state) => state.device === 'mobile');
  const [form] = Form.useForm<FormValues>();
  const body = useRef(html);
  const [savedId, setSavedId] = useState(entry?.id);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<ContentDetail | null>(null);
  const scope = Form.useWatch('scope', form);
  const typeKey = CLASSIFY_KEYS[kind];
  const classifies = useQuery({
    queryKey: contentKeys.classifies(kind),
    queryFn: () => call('getTypesByKey', { query: { typeKey: typeKey! } }),
    enabled: Boolean(typeKey),
  });
  const rooms = useQuery({
    queryKey: contentKeys.rooms,
    queryFn: () => call('getMeetingRooms'),
    enabled: kind === 'meeting',
  });

  /** Validates and saves; answers the saved entry (undefined when the form is not valid or the save failed). */
  const save = async (): Promise<ContentDetail | undefined> => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return undefined;
    const request: ContentSave = {
      ...(savedId ? { id: savedId } : {}),
      kind,
      classifyId: values.classifyId ?? null,
      title: values.title.trim(),
      summary: values.summary?.trim() || null,
      coverFileId: values.coverFileId ?? null,
      content: body.current,
      ffj: values.ffj ?? [],
      pinned: values.pinned ?? false,
      mustRead: values.mustRead ?? false,
      expireTime: values.expireTime ? values.expireTime.toISOString() : null,
      scope: values.scope,
      orgIds: values.orgIds ?? [],
      roleIds: values.roleIds ?? [],
      ...(kind === 'meeting'
        ? {
            startTime: values.time?.[0].toISOString() ?? null,
            endTime: values.time?.[1].toISOString() ?? null,
            roomId: values.roomId ?? null,
            hostId: values.hostId ?? null,
            participantIds: values.participantIds ?? [],
            agenda: values.agenda?.trim() || null,
          }
        : {}),
    };
    setBusy(true);
    try {
      const saved = await call('saveNews', { body: request });
      setSavedId(saved.id);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
      return saved;
    } catch {
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  const saveDraft = async () => {
    if (await save()) toast.success(t('content.savedOk'));
  };
  const showPreview = async () => {
    const saved = await save();
    if (saved) setPreview(saved);
  };
  const publish = async () => {
    const saved = await save();
    if (!saved) return;
    setBusy(true);
    try {
      if (saved.status !== 'published') await call('publishNews', { query: { id: saved.id } });
      toast.success(t('content.publishedOk'));
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
      navigate(detailPath(kind, saved.id));
    } catch {
      // the failure was shown
    } finally {
      setBusy(false);
    }
  };

  return (
    <ReadableColors>
      <Flex vertical gap="middle" style={{ maxWidth: 1000, margin: '0 auto', width: '100%' }}>
        <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
          {entry ? t('content.form.editTitle', { title: entry.title }) : t(`content.form.newTitle.${kind}`)}
        </Typography.Title>
        <Form<FormValues>
          form={form}
          layout={mobile ? 'vertical' : 'horizontal'}
          labelCol={mobile ? undefined : { flex: '112px' }}
          initialValues={
            entry
              ? valuesOf(entry)
              : { scope: kind === 'meeting' ? 'part' : 'all', pinned: false, mustRead: false }
          }
        >
          <Form.Item
            name="title"
            label={t('content.form.title')}
            rules={[{ required: true, whitespace: true, message: t('content.form.titleRequired') }]}
          >
            <Input maxLength={200} showCount />
          </Form.Item>
          {typeKey && (
            <Form.Item
              name="classifyId"
              label={t('content.classify')}
              rules={[{ required: true, message: t('content.form.classifyRequired') }]}
            >
              <Select
                loading={classifies.isPending}
                options={(classifies.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
              />
            </Form.Item>
          )}
          {kind === 'meeting' && (
            <>
              <Form.Item
                name="time"
                label={t('content.meeting.time')}
                rules={[{ required: true, message: t('content.form.timeRequired') }]}
              >
                <DatePicker.RangePicker
                  showTime={{ format: 'HH:mm', minuteStep: 5 }}
                  format="YYYY-MM-DD HH:mm"
                  style={{ width: mobile ? '100%' : undefined }}
                />
              </Form.Item>
              <Form.Item
                name="roomId"
                label={t('content.meeting.room')}
                rules={[{ required: true, message: t('content.form.roomRequired') }]}
              >
                <Select
                  loading={rooms.isPending}
                  options={(rooms.data ?? []).map((room) => ({
                    value: room.id,
                    label: `${room.name}${room.location ? `（${room.location}）` : ''}`,
                  }))}
                />
              </Form.Item>
              <Form.Item
                name="hostId"
                label={t('content.meeting.host')}
                rules={[{ required: true, message: t('content.form.hostRequired') }]}
              >
                <UserPicker />
              </Form.Item>
              <Form.Item
                name="participantIds"
                label={t('content.meeting.participants')}
                rules={[{ required: true, message: t('content.form.participantsRequired') }]}
              >
                <UserPicker multiple />
              </Form.Item>
              <Form.Item name="agenda" label={t('content.meeting.agenda')}>
                <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={4000} />
              </Form.Item>
            </>
          )}
          <Form.Item name="summary" label={t('content.form.summary')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={500} showCount />
          </Form.Item>
          {kind === 'news' && (
            <Form.Item name="coverFileId" label={t('content.form.cover')}>
              <CoverField />
            </Form.Item>
          )}
          <Form.Item label={t('content.form.body')} htmlFor="content-body-editor">
            <RichTextEditor
              id="content-body-editor"
              initialHtml={html}
              onChange={(next) => (body.current = next)}
            />
          </Form.Item>
          <Form.Item name="ffj" label={t('content.form.attachments')}>
            <AttachmentsField />
          </Form.Item>
          <Form.Item name="scope" label={t('content.form.scope')}>
            <Radio.Group
              options={[
                { value: 'all', label: t('content.form.scopeAll') },
                {
                  value: 'part',
                  label: kind === 'meeting' ? t('content.form.scopeMeeting') : t('content.form.scopePart'),
                },
              ]}
            />
          </Form.Item>
          {scope === 'part' && (
            <>
              <Form.Item name="orgIds" label={t('content.form.orgs')}>
                <OrgSelect known={entry?.orgs ?? []} />
              </Form.Item>
              <Form.Item name="roleIds" label={t('content.form.roles')}>
                <RoleSelect />
              </Form.Item>
            </>
          )}
          <Flex gap="large" wrap>
            <Form.Item name="pinned" label={t('content.form.pinned')} valuePropName="checked">
              <Switch />
            </Form.Item>
            {kind === 'notice' && (
              <Form.Item name="mustRead" label={t('content.form.mustRead')} valuePropName="checked">
                <Switch />
              </Form.Item>
            )}
          </Flex>
          {kind !== 'meeting' && (
            <Form.Item
              name="expireTime"
              label={t('content.form.expireTime')}
              extra={t('content.form.expireHint')}
            >
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                disabledDate={(day) => day.isBefore(dayjs(), 'day')}
              />
            </Form.Item>
          )}
        </Form>
        <Flex
          gap="small"
          wrap
          justify="flex-end"
          style={{
            position: 'sticky',
            bottom: 0,
            padding: `${token.paddingSM}px 0`,
            background: token.colorBgLayout,
          }}
        >
          <Button onClick={() => navigate(-1)}>{t('common.cancel')}</Button>
          <Button icon={<SaveOutlined aria-hidden />} loading={busy} onClick={() => void saveDraft()}>
            {t('content.saveDraft')}
          </Button>
          <Button icon={<EyeOutlined aria-hidden />} loading={busy} onClick={() => void showPreview()}>
            {t('content.preview')}
          </Button>
          <Button
            type="primary"
            icon={<SendOutlined aria-hidden />}
            loading={busy}
            onClick={() => void publish()}
          >
            {t('content.publish')}
          </Button>
        </Flex>
      </Flex>
      <Modal
        open={preview !== null}
        title={t('content.form.previewTitle')}
        width={900}
        footer={null}
        onCancel={() => setPreview(null)}
      >
        {preview && (
          <Flex vertical gap="small">
            <Typography.Title level={2} style={{ margin: 0 }}>
              {preview.title}
            </Typography.Title>
            {preview.summary && (
              <Typography.Paragraph type="secondary">{preview.summary}</Typography.Paragraph>
            )}
            <ContentBody html={preview.content} />
          </Flex>
        )}
      </Modal>
    </ReadableColors>
  );
}
