import type { MySignature } from '@eip/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/client';
import { encryptSignPasswords } from '../../../components/signature/signPassword';

interface Values {
  oldPassword?: string;
  newPassword: string;
  repeat: string;
}

/** Sets the signing password; once one is set, the old one is asked for. */
export function SignPasswordForm({
  hasPassword,
  onSaved,
}: {
  hasPassword: boolean;
  onSaved: (value: MySignature) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: async ({ oldPassword, newPassword }: Values) => {
      const encrypted = await encryptSignPasswords({ oldPassword: oldPassword ?? '', newPassword });
      return call('setSignPassword', {
        body: hasPassword ? encrypted : { newPassword: encrypted.newPassword },
      });
    },
    onSuccess: (value) => {
      form.resetFields();
      onSaved(value);
    },
  });
  return (
    <Form form={form} layout="vertical" onFinish={(values) => save.mutate(values)} style={{ maxWidth: 360 }}>
      {hasPassword && (
        <Form.Item
          name="oldPassword"
          label={t('approval.sign.oldPassword')}
          rules={[{ required: true, message: t('approval.sign.oldPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <Form.Item
        name="newPassword"
        label={t('approval.sign.newPassword')}
        rules={[
          { required: true, message: t('approval.sign.newPasswordRequired') },
          { min: 6, message: t('approval.sign.passwordTooShort') },
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="repeat"
        label={t('approval.sign.repeatPassword')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('approval.sign.repeatRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('approval.sign.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {hasPassword ? t('approval.sign.changePassword') : t('approval.sign.setPassword')}
      </Button>
    </Form>
  );
}
