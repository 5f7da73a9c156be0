import type { MailTlsMode, RouteBody, RouteValue } from '@eip/contracts';
import { ApiOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { toast } from '../../../app/feedback';
import { mailKeys } from '../shared/keys';
import { addressRules } from '../shared/rules';

/** A mail account as listed (never with its password). */
export type Account = RouteValue<'listMailSettings'>['rows'][number];

type Values = Omit<RouteBody<'saveMailSetting'>, 'id' | 'isOriginPwd'>;

/** The usual port of each way of securing a connection. */
const PORTS: Record<'imap' | 'smtp', Record<MailTlsMode, number>> = {
  imap: { ssl: 993, starttls: 143, none: 143 },
  smtp: { ssl: 465, starttls: 587, none: 25 },
};

const NEW_ACCOUNT: Partial<Values> = {
  imapPort: PORTS.imap.ssl,
  imapTls: 'ssl',
  smtpPort: PORTS.smtp.ssl,
  smtpTls: 'ssl',
  allowSelfSigned: false,
  isDefault: false,
};

/**
 * Adds or edits a mail account. The password is write-only: editing, an empty password keeps the stored one
 * (isOriginPwd). 测试连接 tries the servers with what the form holds and shows which step failed.
 */
export function AccountDialog({
  account,
  first,
  onClose,
}: {
  account: Account | null;
  /** the user has no account yet: the new one is the default */
  first: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  /** What the server gets: on edit the id, and isOriginPwd when the password was left empty. */
  const body = (values: Values): RouteBody<'saveMailSetting'> => {
    const keep = Boolean(account) && !values.password;
    return {
      ...values,
      mailAddress: values.mailAddress.trim(),
      ...(account ? { id: account.id } : {}),
      ...(keep ? { isOriginPwd: true, password: '' } : {}),
    };
  };
  const save = useMutation({
    mutationFn: (values: Values) => call('saveMailSetting', { body: body(values) }),
    onSuccess: () => {
      toast.success(t('mail.setting.saved'));
      void queryClient.invalidateQueries({ queryKey: mailKeys.all });
      onClose();
    },
  });
  const test = useMutation({
    mutationFn: async () => call('testMailSetting', { body: body(await form.validateFields()) }),
  });
  // a guess at the servers from the address's domain, while they are empty
  const guessHosts = () => {
    const domain = String(form.getFieldValue('mailAddress') ?? '')
      .split('@')[1]
      ?.trim();
    if (!domain) return;
    if (!form.getFieldValue('imapHost')) form.setFieldValue('imapHost', `imap.${domain}`);
    if (!form.getFieldValue('smtpHost')) form.setFieldValue('smtpHost', `smtp.${domain}`);
    if (!form.getFieldValue('account')) form.setFieldValue('account', form.getFieldValue('mailAddress'));
  };
  const required = (label: string) => ({ required: true, message: t('mail.setting.required', { label }) });
  const server = (kind: 'imap' | 'smtp') => (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <Form.Item
          name={`${kind}Host`}
          label={t(`mail.setting.${kind}Host`)}
          rules={[{ ...required(t(`mail.setting.${kind}Host`)), whitespace: true }]}
        >
          <Input maxLength={255} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item
          name={`${kind}Port`}
          label={t('mail.setting.port')}
          rules={[required(t('mail.setting.port'))]}
        >
          <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col xs={12} sm={6}>
        <Form.Item name={`${kind}Tls`} label={t('mail.setting.tls')}>
          <Select<MailTlsMode>
            onChange={(mode) => form.setFieldValue(`${kind}Port`, PORTS[kind][mode])}
            options={(['ssl', 'starttls', 'none'] as const).map((mode) => ({
              value: mode,
              label: t(`mail.setting.tlsModes.${mode}`),
            }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
  return (
    <Modal
      open
      title={account ? t('mail.setting.edit') : t('mail.setting.add')}
      onCancel={onClose}
      width="min(640px, calc(100vw - 16px))"
      footer={[
        <Button key="test" icon={<ApiOutlined />} loading={test.isPending} onClick={() => test.mutate()}>
          {t('mail.setting.test')}
        </Button>,
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {t('common.save')}
        </Button>,
      ]}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={account ? { ...account, password: '' } : { ...NEW_ACCOUNT, isDefault: first }}
        onValuesChange={() => test.reset()}
        onFinish={(values) => save.mutate(values)}
      >
        <Row gutter={12}>
          <Col xs={24} sm={14}>
            <Form.Item name="mailAddress" label={t('mail.setting.address')} rules={addressRules(t)}>
              <Input maxLength={254} inputMode="email" onBlur={guessHosts} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={10}>
            <Form.Item name="nickname" label={t('mail.setting.nickName')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        {server('imap')}
        {server('smtp')}
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="account" label={t('mail.setting.account')} extra={t('mail.setting.accountHint')}>
              <Input maxLength={254} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="password"
              label={t('mail.setting.password')}
              extra={account ? t('mail.setting.passwordKept') : undefined}
              rules={account ? [] : [required(t('mail.setting.password'))]}
            >
              <Input.Password maxLength={200} autoComplete="new-password" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={12}>
          <Col xs={12}>
            <Form.Item
              name="allowSelfSigned"
              label={t('mail.setting.allowSelfSigned')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="isDefault" label={t('mail.setting.isDefault')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {test.data && (
        <Alert
          type={test.data.ok ? 'success' : 'error'}
          showIcon
          title={
            test.data.ok
              ? t('mail.setting.testOk')
              : t('mail.setting.testFailed', {
                  server: test.data.server ? t(`mail.setting.${test.data.server}`) : '',
                })
          }
          description={test.data.ok ? undefined : test.data.message}
        />
      )}
    </Modal>
  );
}
