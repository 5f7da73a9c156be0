import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { changePasswordByAccount, fetchPwdStrategy, modifyOwnPassword } from '../api/auth';
import { toast } from '../app/feedback';
import { useCurrentUser } from '../app/useCurrentUser';
import { SIGN_OUT_AFTER_PASSWORD_MS } from '../config';
import { signOutEverywhere } from '../layouts/useShellActions';
import { checkPasswordField, type PasswordField, type PasswordValues } from './passwordRules';

export type ChangePasswordMode =
  /** The signed-in user (modifiUserPsd); signed out 300 ms after success. */
  | { kind: 'self' }
  /** Before sign-in, when the login answered loginStatus false (changUserPsd). */
  | {
      kind: 'account';
      tenantId: string;
      account: string;
      oldPwd: string;
      onChanged: (newPwd: string) => void;
    };

function useStrategy(mode: ChangePasswordMode) {
  const self = mode.kind === 'self';
  const detail = useCurrentUser(self);
  const tenantStrategy = useQuery({
    queryKey: ['pwdStrategy', mode.kind === 'account' ? mode.tenantId : ''],
    queryFn: () => fetchPwdStrategy(mode.kind === 'account' ? mode.tenantId : undefined),
    enabled: !self,
    staleTime: Infinity,
  });
  return self ? detail.data?.pwdStrategy : tenantStrategy.data;
}

/** Spec §2 修改密码, with the on-blur checks of spec §5. */
export function ChangePasswordDialog({ mode, onClose }: { mode: ChangePasswordMode; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const strategy = useStrategy(mode);

  const save = useMutation({
    mutationFn: ({ oldPwd, newPwd }: PasswordValues) =>
      mode.kind === 'self'
        ? modifyOwnPassword(oldPwd, newPwd)
        : changePasswordByAccount(mode.tenantId, mode.account, oldPwd, newPwd),
    onSuccess: (message, { newPwd }) => {
      toast.success(message || t('password.changed'));
      if (mode.kind === 'self') setTimeout(() => void signOutEverywhere(), SIGN_OUT_AFTER_PASSWORD_MS);
      else mode.onChanged(newPwd);
      onClose();
    },
  });

  const rule = (field: PasswordField) => ({
    validator: async () => {
      const current: Partial<PasswordValues> = form.getFieldsValue();
      const values: PasswordValues = {
        oldPwd: current.oldPwd ?? '',
        newPwd: current.newPwd ?? '',
        repeat: current.repeat ?? '',
      };
      const problem = checkPasswordField(field, values, strategy);
      if (problem) throw new Error('params' in problem ? t(problem.key, problem.params) : t(problem.key));
    },
  });

  const minLength = strategy?.enable === 1 ? strategy.pwdLength : undefined;

  return (
    <Modal
      open
      title={t('password.title')}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      {mode.kind === 'account' && (
        <Typography.Paragraph type="secondary">{t('login.mustChangePassword')}</Typography.Paragraph>
      )}
      <Form<PasswordValues>
        form={form}
        layout="vertical"
        validateTrigger="onBlur"
        requiredMark
        initialValues={{ oldPwd: mode.kind === 'account' ? mode.oldPwd : '', newPwd: '', repeat: '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label={t('password.old')} name="oldPwd" required rules={[rule('oldPwd')]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label={t('password.new')}
          name="newPwd"
          required
          rules={[rule('newPwd')]}
          dependencies={['oldPwd']}
          extra={minLength ? t('password.strategyHint', { n: minLength }) : undefined}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label={t('password.repeat')}
          name="repeat"
          required
          rules={[rule('repeat')]}
          dependencies={['newPwd']}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {save.error && <Alert type="error" showIcon title={save.error.message} />}
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
