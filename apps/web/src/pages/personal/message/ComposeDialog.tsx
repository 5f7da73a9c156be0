import type { OpinionFile, RouteBody } from '@eip/contracts';
import { MESSAGE_CONTENT_MAX, MESSAGE_SUBJECT_MAX } from '@eip/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { AttachmentUpload } from '../../../components/attachments/AttachmentUpload';
import { OrgPicker } from '../../../components/user-picker/OrgPicker';
import { UserPicker } from '../../../components/user-picker/UserPicker';

/** What the dialog starts with: empty for a new message; the sender and the subject for a reply. */
export interface Draft {
  replyToId?: string;
  /** the sender answered (shown, not chosen) */
  replyTo?: { id: string; name: string };
  subject: string;
}

interface Values {
  userIds?: string[];
  orgIds?: string[];
  groupIds?: string[];
  subject: string;
  content?: string;
  files?: OpinionFile[];
}

/**
 * 写消息 / 回复: receivers (users, orgs, the user's contact groups — or, for a reply, the sender), subject,
 * content and attachments. Sends once valid; the server answers how many it reached.
 */
export function ComposeDialog({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const groups = useQuery({
    queryKey: ['uc', 'userPicker', 'groups'],
    queryFn: () => call('queryGroups', { body: { pageBean: { page: 1, pageSize: 100 } } }),
    staleTime: 60_000,
    enabled: !draft.replyToId,
  });
  const send = useMutation({
    mutationFn: (body: RouteBody<'sendMessage'>) => call('sendMessage', { body }),
    onSuccess: (count) => {
      toast.success(t('messages.sent', { count }));
      onClose();
    },
  });
  const submit = (values: Values) =>
    send.mutate({
      userIds: values.userIds ?? [],
      orgIds: values.orgIds ?? [],
      groupIds: values.groupIds ?? [],
      subject: values.subject.trim(),
      content: values.content ?? '',
      files: values.files ?? [],
      ...(draft.replyToId ? { replyToId: draft.replyToId } : {}),
    });
  const someReceiver = () => {
    const [users, orgs, groupIds] = [
      form.getFieldValue('userIds'),
      form.getFieldValue('orgIds'),
      form.getFieldValue('groupIds'),
    ] as (string[] | undefined)[];
    return Boolean(draft.replyToId || users?.length || orgs?.length || groupIds?.length);
  };
  return (
    <Modal
      open
      title={draft.replyToId ? t('messages.reply') : t('messages.compose')}
      okText={t('messages.send')}
      cancelText={t('common.cancel')}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width="min(640px, calc(100vw - 16px))"
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ subject: draft.subject }}
        onFinish={submit}
      >
        {draft.replyTo ? (
          <Form.Item label={t('messages.users')}>
            <Input value={draft.replyTo.name} disabled />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              name="userIds"
              label={t('messages.users')}
              dependencies={['orgIds', 'groupIds']}
              rules={[
                {
                  validator: () =>
                    someReceiver()
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('messages.receiversRequired'))),
                },
              ]}
            >
              <UserPicker multiple />
            </Form.Item>
            <Form.Item name="orgIds" label={t('messages.orgs')}>
              <OrgPicker placeholder={t('messages.orgPlaceholder')} />
            </Form.Item>
            <Form.Item name="groupIds" label={t('messages.groups')}>
              <Select
                mode="multiple"
                placeholder={t('messages.groupPlaceholder')}
                options={(groups.data?.rows ?? []).map((group) => ({ value: group.id, label: group.name }))}
              />
            </Form.Item>
          </>
        )}
        <Form.Item
          name="subject"
          label={t('messages.subject')}
          rules={[{ required: true, whitespace: true, message: t('messages.subjectRequired') }]}
        >
          <Input maxLength={MESSAGE_SUBJECT_MAX} />
        </Form.Item>
        <Form.Item name="content" label={t('messages.content')}>
          <Input.TextArea rows={5} maxLength={MESSAGE_CONTENT_MAX} />
        </Form.Item>
        <Form.Item name="files" label={t('messages.attachments')}>
          <AttachmentUpload
            purpose="opinion"
            uploadLabel={t('messages.upload')}
            failedLabel={(name) => t('messages.uploadFailed', { name })}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
