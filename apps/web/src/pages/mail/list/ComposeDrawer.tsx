import type { OpinionFile, RouteBody } from '@eip/contracts';
import { isEmail } from '@eip/contracts/utils';
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Flex, Form, Input, Select, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { useSettings } from '../../../stores/settings';
import { AttachmentUpload } from '../../../components/attachments/AttachmentUpload';
import { RichTextEditor } from '../../news/edit/components/RichTextEditor';
import { mailKeys } from '../shared/keys';
import { showAddress, type ComposeDraft, type MailDetail } from './compose';
import type { MailAccount } from './FolderPane';
import { bodyOf, MailBody } from './MailBody';

interface Values {
  accountId: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject?: string;
  html?: string;
  files?: OpinionFile[];
}

/** Receivers: typed addresses, or mail contacts and colleagues found by name or address. */
function AddressSelect({
  value,
  onChange,
  id,
}: {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const found = useQuery({
    queryKey: mailKeys.addresses(query),
    queryFn: () => call('getMailAndUserData', { query: { query } }),
    enabled: query.length > 0,
    staleTime: 60_000,
  });
  return (
    <Select
      id={id}
      mode="tags"
      value={value}
      onChange={(next: string[]) => onChange?.(next.map((address) => address.trim()).filter(Boolean))}
      tokenSeparators={[',', ';', '，', '；', ' ']}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={found.isFetching}
      placeholder={t('mail.compose.addressPlaceholder')}
      notFoundContent={null}
      options={(found.data ?? []).map((person) => ({
        value: person.mailAddress,
        label: `${person.name} <${person.mailAddress}>`,
      }))}
    />
  );
}

/** The mail answered or forwarded, as it will be quoted below the new text (the server adds it). */
function Quoted({ mail }: { mail: MailDetail }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('mail.compose.quoted')} role="region" aria-label={t('mail.compose.quoted')}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8, overflowWrap: 'anywhere' }}>
        {mail.from && `${t('mail.list.from')}：${showAddress(mail.from)}`}
        {mail.attachments.length > 0 &&
          ` · ${t('mail.list.attachments')}：${mail.attachments.map((a) => a.fileName).join('、')}`}
      </Typography.Paragraph>
      <MailBody title={mail.subject} html={bodyOf(mail)} />
    </Card>
  );
}

/**
 * 写邮件 — also a reply, a forward or a saved draft being finished: the account it goes from, receivers (to,
 * cc, bcc), subject, a rich-text body and attachments uploaded to the file store. 发送 sends it; 存草稿 keeps
 * it in the drafts.
 */
export function ComposeDrawer({
  draft,
  accounts,
  onClose,
}: {
  draft: ComposeDraft;
  accounts: MailAccount[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const mobile = useSettings((state) => state.device === 'mobile');
  const [showCopies, setShowCopies] = useState(draft.cc.length > 0 || draft.bcc.length > 0);
  const fallback = accounts.find((account) => account.isDefault) ?? accounts[0];
  const submit = useMutation({
    mutationFn: ({ values, isDraft }: { values: Values; isDraft: boolean }) => {
      const addresses = (list?: string[]) => (list ?? []).map((address) => ({ address }));
      const body: RouteBody<'sendMail'> = {
        accountId: values.accountId,
        to: addresses(values.to),
        cc: addresses(values.cc),
        bcc: addresses(values.bcc),
        subject: values.subject?.trim() ?? '',
        html: values.html ?? '',
        fileIds: (values.files ?? []).map((file) => file.response.fileId),
        ...(isDraft ? { saveAsDraft: true } : {}),
        ...(draft.draftId ? { draftId: draft.draftId } : {}),
        ...(draft.replyTo ? { replyToId: draft.replyTo.id } : {}),
        ...(draft.forward ? { forwardId: draft.forward.id } : {}),
      };
      return call('sendMail', { body });
    },
    onSuccess: (_, { isDraft }) => {
      toast.success(isDraft ? t('mail.compose.draftSaved') : t('mail.compose.sent'));
      void queryClient.invalidateQueries({ queryKey: mailKeys.all });
      onClose();
    },
  });
  // a draft may lack receivers; a mail to send needs at least one (the form shows what is wrong). The values
  // are all the form holds, also the account when it is not a choice (one account).
  const finish = (isDraft: boolean) =>
    (isDraft ? Promise.resolve() : form.validateFields()).then(
      () => submit.mutate({ values: form.getFieldsValue(true) as Values, isDraft }),
      () => undefined,
    );
  const addresses = (required: boolean) => [
    ...(required ? [{ required: true, message: t('mail.compose.toRequired') }] : []),
    {
      validator: (_: unknown, value?: string[]) => {
        const wrong = (value ?? []).find((address) => !isEmail(address));
        return wrong
          ? Promise.reject(new Error(t('mail.compose.badAddress', { address: wrong })))
          : Promise.resolve();
      },
    },
  ];
  return (
    <Drawer
      open
      title={t('mail.compose.title')}
      onClose={onClose}
      size={mobile ? '100%' : 760}
      destroyOnHidden
      footer={
        <Flex gap="small" justify="flex-end" wrap>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button icon={<SaveOutlined />} loading={submit.isPending} onClick={() => void finish(true)}>
            {t('mail.compose.saveDraft')}
          </Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={submit.isPending}
            onClick={() => void finish(false)}
          >
            {t('mail.compose.send')}
          </Button>
        </Flex>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ ...draft, accountId: draft.accountId ?? fallback?.id }}
      >
        {accounts.length > 1 && (
          <Form.Item name="accountId" label={t('mail.compose.from')}>
            <Select
              options={accounts.map((account) => ({
                value: account.id,
                label: account.nickname
                  ? `${account.nickname} <${account.mailAddress}>`
                  : account.mailAddress,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="to"
          label={t('mail.list.to')}
          rules={addresses(true)}
          extra={
            !showCopies && (
              <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setShowCopies(true)}>
                {t('mail.compose.addCopies')}
              </Button>
            )
          }
        >
          <AddressSelect />
        </Form.Item>
        {showCopies && (
          <>
            <Form.Item name="cc" label={t('mail.list.cc')} rules={addresses(false)}>
              <AddressSelect />
            </Form.Item>
            <Form.Item name="bcc" label={t('mail.list.bcc')} rules={addresses(false)}>
              <AddressSelect />
            </Form.Item>
          </>
        )}
        <Form.Item name="subject" label={t('mail.list.subject')}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="html" label={t('mail.compose.content')}>
          <RichTextEditor initialHtml={draft.html} onChange={(html) => form.setFieldValue('html', html)} />
        </Form.Item>
        <Form.Item name="files" label={t('mail.list.attachments')}>
          <AttachmentUpload
            purpose="mailAttachment"
            uploadLabel={t('mail.compose.upload')}
            failedLabel={(name) => t('mail.compose.uploadFailed', { name })}
          />
        </Form.Item>
      </Form>
      {(draft.replyTo ?? draft.forward) && <Quoted mail={(draft.replyTo ?? draft.forward)!} />}
    </Drawer>
  );
}
