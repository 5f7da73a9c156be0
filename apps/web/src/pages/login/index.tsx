import { DEFAULT_TENANT_CODE } from '@eip/contracts/codes';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useDocumentTitle } from '../../app/useDocumentTitle';
import { useSignIn, useTenant, type Credentials } from './hooks';

/** Sign-in: `/login` for the default tenant, `/login/{tenant}` for another one. */
export function LoginPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  useDocumentTitle(t('login.pageTitle'));
  const { tenant: tenantCode = DEFAULT_TENANT_CODE } = useParams();
  const tenant = useTenant(tenantCode);
  const signIn = useSignIn();
  const error = tenant.error ?? signIn.error;

  return (
    <Flex
      component="main"
      align="center"
      justify="center"
      style={{
        minHeight: '100vh',
        padding: token.padding,
        fontFamily: token.fontFamily,
        background: `linear-gradient(135deg, ${token.blue8} 0%, ${token.colorPrimary} 45%, ${token.blue4} 100%)`,
      }}
    >
      <section
        aria-labelledby="login-title"
        style={{
          width: 'min(400px, 100%)',
          padding: token.paddingXL,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
          boxShadow: token.boxShadowSecondary,
        }}
      >
        <Flex vertical align="center" gap={token.marginXS} style={{ marginBottom: token.marginLG }}>
          {tenant.data?.frontLogo && (
            <img
              src={tenant.data.frontLogo}
              alt=""
              style={{ height: 48, maxWidth: 160, objectFit: 'contain' }}
            />
          )}
          <h1
            id="login-title"
            style={{
              margin: 0,
              fontSize: token.fontSizeHeading3,
              fontWeight: 600,
              color: token.colorTextHeading,
            }}
          >
            {tenant.data?.name ?? t('app.title')}
          </h1>
          <p style={{ margin: 0, color: token.colorTextSecondary }}>{t('login.welcome')}</p>
        </Flex>
        <Form<Credentials>
          name="login"
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={(values) => {
            if (tenant.data) signIn.mutate({ ...values, tenantId: tenant.data.id });
          }}
        >
          <Form.Item
            label={t('login.account')}
            name="account"
            rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
          >
            <Input
              prefix={<UserOutlined aria-hidden />}
              placeholder={t('login.accountPlaceholder')}
              autoComplete="username"
              autoFocus
            />
          </Form.Item>
          <Form.Item
            label={t('login.password')}
            name="password"
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password
              prefix={<LockOutlined aria-hidden />}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
            />
          </Form.Item>
          {error && (
            <Alert type="error" showIcon title={error.message} style={{ marginBottom: token.marginLG }} />
          )}
          <Button type="primary" htmlType="submit" block loading={signIn.isPending} disabled={!tenant.data}>
            {t('login.submit')}
          </Button>
        </Form>
      </section>
    </Flex>
  );
}
